import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { showSummarySchema, summaryOf } from '../../../domain/shows/tv.ts';
import type { ShowCache } from '../../../infra/tvmaze/cache.ts';

const dismissedRow = z.object({ id: z.string(), show_id: z.number(), dismissed_at: z.string() });

export const dismissedSchema = z
  .object({ id: z.string(), showId: z.number().int(), show: showSummarySchema.nullable(), dismissedAt: z.string() })
  .meta({ id: 'DismissedSuggestion' });

export async function readDismissedShowIds(pool: DatabasePool, userId: string): Promise<Set<number>> {
  const rows = await pool.any(sql.type(dismissedRow)`
    SELECT id, show_id, dismissed_at FROM shows.dismissed_suggestions WHERE user_id = ${userId}`);
  return new Set(rows.map((row) => row.show_id));
}

/** The shows the user marked not interested, newest first, with what the shared cache knows of them. */
export async function readDismissedSuggestions(deps: { readonly pool: DatabasePool; readonly cache: ShowCache }, userId: string): Promise<Array<z.infer<typeof dismissedSchema>>> {
  const rows = await deps.pool.any(sql.type(dismissedRow)`
    SELECT id, show_id, dismissed_at FROM shows.dismissed_suggestions WHERE user_id = ${userId}
    ORDER BY dismissed_at DESC, id`);
  const details = await deps.cache.get(rows.map((row) => row.show_id));
  return rows.map((row) => {
    const detail = details.get(row.show_id);
    return { id: row.id, showId: row.show_id, show: detail ? summaryOf(detail) : null, dismissedAt: row.dismissed_at };
  });
}
