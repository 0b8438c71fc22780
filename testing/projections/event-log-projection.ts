// A projection for the runtime's own tests: one row per event seen, a pause inside each batch so a
// test can kill the process while a batch's transaction is open, and an event type it cannot store.
import { sql } from 'slonik';
import type { Projection } from '../../projections/runtime/projection.ts';

/** the event type eventLogProjection refuses, as a projection refuses a payload it cannot read */
export const POISON = 'poison';

export function eventLogProjection(name: string, pauseMs = 0, onBatch?: (size: number) => void): Projection {
  return {
    name,
    version: 1,
    async migrate(tx, schema) {
      await tx.query(sql.unsafe`CREATE TABLE ${sql.identifier([schema, 'seen'])} (event_id uuid NOT NULL, stream text NOT NULL)`);
    },
    async apply(tx, schema, events) {
      onBatch?.(events.length);
      const poison = events.find((event) => event.type === POISON);
      if (poison) throw new Error(`cannot store ${POISON} ${poison.id}`);
      await tx.query(sql.unsafe`
        INSERT INTO ${sql.identifier([schema, 'seen'])} (event_id, stream)
        SELECT * FROM ${sql.unnest(
          events.map((event) => [event.id, event.stream]),
          ['uuid', 'text'],
        )}`);
      if (pauseMs > 0) await tx.query(sql.unsafe`SELECT pg_sleep(${pauseMs / 1000})`);
    },
  };
}
