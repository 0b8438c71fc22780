// What bench:gym and bench:store seed and measure a gym rebuild against: users with a library,
// an active plan and years of Mon/Wed/Fri workouts, appended straight to the store; and COPY into
// a table shaped and indexed like gym.sets, the fastest PostgreSQL itself writes such rows.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { workoutIdOf } from '../../command-api/gym/workout-ids.ts';
import { libraryStream } from '../../domain/gym/library.ts';
import { userStream } from '../../domain/gym/user.ts';
import { workoutStream } from '../../domain/gym/workout.ts';
import { addDays } from '../../domain/shared/calendar.ts';
import type { NewEvent } from '../../infra/eventstore/port.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { rebuildProjection, type RebuildReport } from '../../projections/runtime/rebuild.ts';
import type { Core } from '../system.ts';

const EXERCISES = 12;
const DAYS = 3;
export const SLOTS_PER_DAY = 4;
const SETS_PER_EXERCISE = 8;
/** the client's "today": the seeded history ends the week before */
export const TODAY = '2026-11-26';

export type SeededUser = { id: string; exercises: string[]; days: string[] };

/** a user to seed, with new ids (its own, unless given) */
export const seededUser = (id: string = randomUUID()): SeededUser => ({
  id,
  exercises: Array.from({ length: EXERCISES }, () => randomUUID()),
  days: Array.from({ length: DAYS }, () => randomUUID()),
});

const meta = (userId: string) => ({ userId, correlationId: 'bench-seed', causationId: 'bench-seed', schemaVersion: 1 });
const event = (userId: string, type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data, metadata: meta(userId) });

/** The user's library (exercises and one active plan) and `weeks` of Mon/Wed/Fri workouts. */
export function userStreams(user: SeededUser, withAccount: boolean, weeks: number): Array<[string, NewEvent[]]> {
  const streams: Array<[string, NewEvent[]]> = [];
  if (withAccount) streams.push([userStream(user.id), [event(user.id, 'account-created', { email: `bench-${user.id}@example.org`, createdAt: '2025-11-01T10:00:00.000Z' })]]);
  const planId = randomUUID();
  const days = user.days.map((id, d) => ({
    id,
    title: `Day ${d + 1}`,
    slots: Array.from({ length: SLOTS_PER_DAY }, (_, s) => ({
      id: randomUUID(),
      exerciseId: user.exercises[d * SLOTS_PER_DAY + s]!,
      targetSets: SETS_PER_EXERCISE,
      repMin: 5,
      repMax: 10,
      note: null,
    })),
  }));
  streams.push([
    libraryStream(user.id),
    [
      ...user.exercises.map((id, i) => event(user.id, 'exercise-created', { id, name: `Exercise ${i + 1}`, code: `E${i + 1}`, machineNumber: null, libraryId: null })),
      event(user.id, 'plan-created', { id: planId, name: 'Year block', startDate: addDays(TODAY, -7 * weeks - 3), days }),
      event(user.id, 'plan-activated', { id: planId }),
    ],
  ]);
  const firstMonday = addDays(TODAY, -7 * weeks - 3);
  for (let week = 0; week < weeks; week++) {
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(firstMonday, week * 7 + d * 2);
      const dayId = user.days[d]!;
      const workoutId = workoutIdOf(user.id, dayId, date);
      const events = [event(user.id, 'workout-started', { userId: user.id, planDayId: dayId, date, startedAt: `${date}T18:00:00.000Z` })];
      for (let s = 0; s < SLOTS_PER_DAY; s++) {
        const exerciseId = user.exercises[d * SLOTS_PER_DAY + s]!;
        for (let set = 1; set <= SETS_PER_EXERCISE; set++) {
          const kg = (40 + s * 10 + week * 0.5) * 0.45359237 * 2.2;
          events.push(event(user.id, 'set-ticked', { setId: randomUUID(), exerciseId, setNumber: set, kg, reps: 5 + ((week + set) % 6) }));
        }
      }
      events.push(event(user.id, 'workout-finished', { at: `${date}T19:00:00.000Z` }));
      streams.push([workoutStream(workoutId), events]);
    }
  }
  return streams;
}


/** COPY of `rows` set-like rows from a server-side CSV file into a table shaped and indexed like gym.sets. */
async function copyRate(db: pg.Pool, dir: string, rows: number): Promise<number> {
  const file = path.join(dir, 'sets.csv');
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) lines.push(`${randomUUID()},${randomUUID()},${randomUUID()},${randomUUID()},${(i % 8) + 1},${(40 + (i % 50)) * 0.45359237},${5 + (i % 6)}`);
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o644 });
  await db.query(`CREATE TABLE bench_copy_sets (id text PRIMARY KEY, workout_id text NOT NULL, user_id text NOT NULL, exercise_id text NOT NULL,
    set_number integer NOT NULL, kg double precision NOT NULL, reps integer NOT NULL)`);
  await db.query('CREATE INDEX ON bench_copy_sets (workout_id)');
  await db.query('CREATE INDEX ON bench_copy_sets (user_id, exercise_id)');
  // as the rebuild: the timed write starts just after a checkpoint, so neither pays for one the other's WAL asked for
  await db.query('CHECKPOINT');
  const started = performance.now();
  await db.query(`COPY bench_copy_sets FROM '${file}' WITH (FORMAT csv)`);
  const seconds = (performance.now() - started) / 1000;
  await db.query('DROP TABLE bench_copy_sets');
  await rm(file);
  return rows / seconds;
}

/** A plan day's 80 ticks of `workout` (20 sets of each of its first slots' exercises), as bench:gym and bench:growth send them. */
export function dayTicks(user: SeededUser, workout: string): Array<{ method: 'POST'; path: string; body: Record<string, unknown> }> {
  return Array.from({ length: 80 }, (_, n) => ({
    method: 'POST' as const,
    path: `/api/sessions/${workout}/sets`,
    body: { exerciseId: user.exercises[n % SLOTS_PER_DAY], setNumber: Math.floor(n / SLOTS_PER_DAY) + 1, kg: 60 + (n % 7) * 2.5, reps: 5 + (n % 5) },
  }));
}

/** appends each (stream, events) of `tasks` as a new stream, `concurrency` at a time; the events appended */
export async function appendAll(core: Core, tasks: Iterable<[string, NewEvent[]]>, concurrency: number): Promise<number> {
  const iterator = tasks[Symbol.iterator]();
  let events = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const [stream, batch] = next.value;
      await core.store.append(stream, batch, 'no_stream');
      events += batch.length;
    }
  }));
  return events;
}

export type RebuildBesideCopy = RebuildReport & {
  /** COPY rows/s of as many set rows as the log holds (at most a million) into a table like gym.sets */
  readonly copy: number;
};

/** The gym projection rebuilt from zero over `core`'s log (timed), then COPY's rate on the same server. */
export async function rebuildBesideCopy(core: Core, dir: string): Promise<RebuildBesideCopy> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // The log as an operator finds it: its projectors read each event moments after the append, and
  // autovacuum went over the table since. A log appended just now and never read makes its first
  // reader set the hint bits of every row, and with data checksums on (initdb's default since
  // PostgreSQL 18) each page so dirtied after a checkpoint is written to the WAL whole: a cost of
  // the seeding, not of the rebuild, and one COPY into a new table never pays.
  await core.db.pg.query('VACUUM (ANALYZE) es.events');
  await core.db.pg.query('CHECKPOINT');
  const rebuilt = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection: gymProjection, log: silent });
  // what autovacuum does shortly after a rebuild swaps in tables of a million rows; the planner
  // has no statistics of them until then
  await core.db.pg.query('ANALYZE');
  const { rows: [counted] } = await core.db.pg.query<{ n: string }>("SELECT count(*) AS n FROM es.events WHERE event_type = 'set-ticked'");
  const copy = await copyRate(core.db.pg, dir, Math.min(1_000_000, Number(counted?.n ?? 100_000)));
  return { ...rebuilt, copy };
}
