// Test support for erasure racing a user's other device: a second process on the same database, and
// what of a user the log still holds.
import type pgDriver from 'pg';
import type { Test } from 'tap';
import type { HttpApp } from '../infra/http/app.ts';
import { buildServices, type Core, openCore } from '../ops/system.ts';
import type { TestSystem } from './harness.ts';

/**
 * Another API process on the test system's database: its own pools, command handler, session
 * memory and services, and no projectors. What one process keeps in memory cannot fence a write
 * that comes in through the other. Closed when `t` ends.
 */
export async function openPeer(t: Test, system: TestSystem): Promise<{ readonly core: Core; readonly apps: Readonly<Record<string, HttpApp>> }> {
  const core = await openCore({ ...system.core.config, ROLES: ['api'] });
  const services = await buildServices(core, false);
  t.teardown(async () => {
    await Promise.all(services.map((service) => service.app.close()));
    await core.close();
  });
  return { core, apps: Object.fromEntries(services.map((service) => [service.name, service.app])) };
}

export type NamingEvent = { readonly id: string; readonly stream: string; readonly type: string };

/** Every event whose data, metadata or stream name holds `needle` (an id), in log order. */
export async function eventsNaming(pg: pgDriver.Pool, needle: string): Promise<NamingEvent[]> {
  const { rows } = await pg.query<NamingEvent>(
    `SELECT event_id::text AS id, stream_name AS stream, event_type AS type FROM es.events
     WHERE strpos(data::text, $1) > 0 OR strpos(metadata::text, $1) > 0 OR strpos(stream_name, $1) > 0
     ORDER BY transaction_id, global_position`,
    [needle],
  );
  return rows;
}

/** `stream type` of each event, once each: what a failed assertion shows. */
export const describeEvents = (events: readonly NamingEvent[]): string => [...new Set(events.map((event) => `${event.stream} ${event.type}`))].join('; ');

/** The answers a device got, counted by status and code: `201: 12, 401 UNAUTHENTICATED: 3`. */
export function tally(answers: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([answer, count]) => `${answer}: ${count}`).join(', ');
}
