import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

type Range = { from?: string | undefined; to?: string | undefined };

const bodyweightRow = z.object({ date: z.string(), kg: z.number() });

export async function listBodyweights(db: CommonQueryMethods, userId: string, range: Range): Promise<Array<z.infer<typeof bodyweightRow>>> {
  return [...await db.any(sql.type(bodyweightRow)`
    SELECT date::text AS date, kg FROM gym.bodyweights
    WHERE user_id = ${userId}
      AND (${range.from ?? null}::date IS NULL OR date >= ${range.from ?? null}::date)
      AND (${range.to ?? null}::date IS NULL OR date <= ${range.to ?? null}::date)
    ORDER BY date`)];
}
