// Test support for the projector tests (projections/projector-*.int.test.ts): a core on a database
// of its own per test, a log that keeps what it is told, events written in many streams, and what an
// event-log projection has seen. Imported only by tests.
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { newEvent } from '../../infra/eventstore/contract.ts';
import { loadConfig } from '../../infra/config.ts';
import { makeDatabase } from '../database.ts';
import { openCore, type Core } from '../../ops/system.ts';
import type { Logger } from '../../projections/runtime/projection.ts';

export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
export const countRow = z.object({ total: z.number(), distinct_ids: z.number() });

/** A core on a new database, both closed when the test file ends. */
export async function openTestCore(): Promise<{ core: Core; url: string }> {
  const db = await makeDatabase();
  const core = await openCore(loadConfig({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' }));
  t.teardown(async () => {
    await core.close();
    await db.drop();
  });
  return { core, url: db.url };
}

export type LogEntry = { level: 'info' | 'warn' | 'error'; object: Record<string, unknown>; message: string };

export function collectingLog(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const add = (level: LogEntry['level']) => (object: object, message?: string) =>
    void entries.push({ level, object: object as Record<string, unknown>, message: message ?? '' });
  return { entries, info: add('info'), warn: add('warn'), error: add('error') };
}

export async function writeEvents(core: Core, streams: number, perStream: number): Promise<void> {
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      for (let i = 0; i < perStream; i += 50) {
        const events = Array.from({ length: Math.min(50, perStream - i) }, (_, k) => newEvent('noted', { s, i: i + k }));
        await core.store.append(`crash.s${s}`, events, i === 0 ? 'no_stream' : BigInt(i - 1));
      }
    }),
  );
}

export async function seenCounts(core: Core, schema: string): Promise<z.infer<typeof countRow>> {
  return core.db.slonik.one(sql.type(countRow)`
    SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_ids FROM ${sql.identifier([schema, 'seen'])}`);
}
