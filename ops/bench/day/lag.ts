// Projector lag, sampled every second: per projection, how long ago the first event it has not
// yet taken was recorded (0 when it has the head). The largest over the projections is the sample.
import type pg from 'pg';
import { type Sampler, sampleEvery } from './sampling.ts';

const LAG_SQL = `
  SELECT coalesce(max(extract(epoch FROM clock_timestamp() - first_unprojected.recorded_at)), 0)::float8 AS seconds
  FROM projection_state.checkpoints c
  CROSS JOIN LATERAL (
    SELECT e.recorded_at FROM es.events e
    WHERE (e.transaction_id, e.global_position) > (greatest(c.commit_position, 0)::text::xid8, c.prepare_position)
    ORDER BY e.transaction_id, e.global_position LIMIT 1
  ) first_unprojected`;

/** samples the lag (seconds) every `everyMs` until stopped; a failed sample is left out, not guessed */
export function sampleLag(client: pg.Client, everyMs = 1000): Sampler<number> {
  return sampleEvery(everyMs, async () => {
    const { rows } = await client.query<{ seconds: number }>(LAG_SQL).catch(() => ({ rows: [] as Array<{ seconds: number }> }));
    return rows[0]?.seconds ?? null;
  });
}
