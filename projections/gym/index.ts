import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../domain/shared/events.ts';
import { DEFAULT_SETTINGS, GYM_STREAM_PREFIX, parseUserEvent, type Settings, type SettingsPatch, USER_STREAM_PREFIX } from '../../domain/gym/user.ts';
import { LIBRARY_STREAM_PREFIX, parseLibraryEvent } from '../../domain/gym/library.ts';
import { parseWorkoutEvent, WORKOUT_STREAM_PREFIX } from '../../domain/gym/workout.ts';
import { applyLibraryEvent, migrateLibrary } from './library/projector.ts';
import { workoutWriter } from './workouts/projector.ts';
import { completeWorkoutsBulk } from './workouts/running-totals.ts';
import { migrateWorkouts } from './workouts/tables.ts';
import type { RecordedEvent } from '../../infra/eventstore/port.ts';
import type { Projection } from '../runtime/projection.ts';
import { createUserStreamsTable, recordUserStreams } from '../user-streams.ts';

type UserChange = { created: { email: string; createdAt: string } | null; settings: SettingsPatch };

/** A batch folds into one change per user, so it costs a few statements however long it is. */
function collect(events: readonly RecordedEvent[]) {
  const users = new Map<string, UserChange>();
  for (const recorded of events) {
    if (!recorded.stream.startsWith(USER_STREAM_PREFIX)) continue;
    const id = recorded.stream.slice(USER_STREAM_PREFIX.length);
    const change = users.get(id) ?? { created: null, settings: {} };
    const event = parseUserEvent(recorded.type, recorded.data, recorded.metadata.schemaVersion);
    switch (event.type) {
      case 'account-created':
        change.created = event.data;
        break;
      case 'settings-changed':
        change.settings = { ...change.settings, ...event.data };
        break;
      case 'password-changed':
        break;
      default:
        assertNever(event);
    }
    users.set(id, change);
  }
  return users;
}

/** Workouts, sets, exercises, plans, cardio and body weight, in log order. */
async function applyTraining(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[], bulk: boolean): Promise<void> {
  const workouts = workoutWriter(tx, schema, { bulk });
  for (const recorded of events) {
    const { stream, type, data, metadata } = recorded;
    if (stream.startsWith(WORKOUT_STREAM_PREFIX)) {
      await workouts.apply(stream, parseWorkoutEvent(type, data, metadata.schemaVersion));
    } else if (stream.startsWith(LIBRARY_STREAM_PREFIX)) {
      await workouts.flush();
      await applyLibraryEvent(tx, schema, stream, parseLibraryEvent(type, data, metadata.schemaVersion));
    }
  }
  // a rebuild's bulk replay computes the running totals once at the end, over every set at once
  if (bulk) await workouts.flush();
  else await workouts.settle();
}

async function apply(tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[], options?: { readonly bulk: boolean }): Promise<void> {
  await applyTraining(tx, schema, events, options?.bulk ?? false);
  const users = collect(events);
  const table = sql.identifier([schema, 'users']);
  const created = [...users].flatMap(([id, change]) => {
    if (!change.created) return [];
    const s: Settings = { ...DEFAULT_SETTINGS, ...change.settings };
    return [[id, change.created.email, s.restTimerSec, s.weeklyGoal, s.weekStart, s.accent, s.unit, s.appearance, change.created.createdAt]];
  });
  if (created.length > 0) {
    await tx.query(sql.unsafe`
      INSERT INTO ${table} (id, email, rest_timer_sec, weekly_goal, week_start, accent, unit, appearance, created_at)
      SELECT * FROM ${sql.unnest(created, ['text', 'text', 'int4', 'int4', 'int4', 'text', 'text', 'text', 'timestamptz'])}`);
  }
  const changed = [...users].flatMap(([id, change]) => {
    if (change.created || Object.keys(change.settings).length === 0) return [];
    const s = change.settings;
    return [[id, s.restTimerSec ?? null, s.weeklyGoal ?? null, s.weekStart ?? null, s.accent ?? null, s.unit ?? null, s.appearance ?? null]];
  });
  if (changed.length > 0) {
    await tx.query(sql.unsafe`
      UPDATE ${table} AS u SET
        rest_timer_sec = coalesce(c.rest_timer_sec, u.rest_timer_sec),
        weekly_goal = coalesce(c.weekly_goal, u.weekly_goal),
        week_start = coalesce(c.week_start, u.week_start),
        accent = coalesce(c.accent, u.accent),
        unit = coalesce(c.unit, u.unit),
        appearance = coalesce(c.appearance, u.appearance)
      FROM ${sql.unnest(changed, ['text', 'int4', 'int4', 'int4', 'text', 'text', 'text'])}
        AS c(id, rest_timer_sec, weekly_goal, week_start, accent, unit, appearance)
      WHERE u.id = c.id`);
  }
  // every gym stream is written only by its owner, so its first event says whose it is; a batch of
  // ticks then costs no statement here
  await recordUserStreams(tx, schema, GYM_STREAM_PREFIX, events.filter((event) => event.revision === 0n));
}

/**
 * The gym context's read tables, all in schema `gym`. `user_streams` says which streams hold a
 * user's data, from the acting user of every gym event: erasure deletes exactly those.
 */
export const gymProjection: Projection = {
  name: 'gym',
  streams: [GYM_STREAM_PREFIX],
  // 4: a workout started on a day already deleted is unlinked (issue 12)
  // 5: sets keep the unit they were typed in and their RPE (set-ticked v2); rebuilt at start
  // 6: running totals per day and per exercise and day, for stats (issue 17); rebuilt at start
  // 7: each exercise's totals over all its days, for stats' records (issue 17); rebuilt at start
  // 8: sets keep their kind and note, workouts their title; warm-ups leave the running totals (issue 33)
  // 9: workouts indexed by plan day, date, start and id, for Today's next day (issue 36); rebuilt at start
  version: 9,
  async migrate(tx, schema) {
    await tx.query(sql.unsafe`
      CREATE TABLE ${sql.identifier([schema, 'users'])} (
        id text PRIMARY KEY,
        email text NOT NULL,
        rest_timer_sec integer NOT NULL,
        weekly_goal integer NOT NULL,
        week_start integer NOT NULL,
        accent text NOT NULL,
        unit text NOT NULL,
        appearance text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await createUserStreamsTable(tx, schema);
    await migrateLibrary(tx, schema);
    await migrateWorkouts(tx, schema);
  },
  apply,
  completeBulk: completeWorkoutsBulk,
  // a gym stream is its owner's alone, and its events are acted by its owner (or by nobody: no key),
  // so one user's rows never meet another's: a user's plan days, workouts and sets, library, settings
  replayKey: (event) => event.metadata.userId,
  // ticks of a few hundred bytes each: five years of 40 users (1.06M events) replayed in 22.7 s of
  // batches of 2,000 and 17.5 s of batches of 20,000 (docs/benchmarks.md)
  replayBatch: 20_000,
};
