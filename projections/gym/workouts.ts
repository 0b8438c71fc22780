import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../domain/shared/events.ts';
import { type WorkoutEvent, WORKOUT_STREAM_PREFIX } from '../../domain/gym/workout.ts';

export async function migrateWorkouts(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'workouts'])} (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      plan_day_id text,
      date date NOT NULL,
      started_at text NOT NULL,
      finished_at text,
      notes text NOT NULL DEFAULT ''
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'workouts'])} (user_id, date)`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'workouts'])} (plan_day_id)`);
  // kg is double precision: the client's conversion from pounds comes back bit for bit
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'sets'])} (
      id text PRIMARY KEY,
      workout_id text NOT NULL,
      user_id text NOT NULL,
      exercise_id text NOT NULL,
      set_number integer NOT NULL,
      kg double precision NOT NULL,
      reps integer NOT NULL,
      entered_unit text,
      rpe real,
      date date NOT NULL
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'sets'])} (workout_id)`);
  // the workout's date rides along (it never changes), so "the last time of this exercise" is an index walk
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'sets'])} (user_id, exercise_id, date)`);
}

type WorkoutPatch = { finishedAt?: string | null; notes?: string };

/**
 * The events that touch only their own rows (start, tick, correct, finish, reopen, notes) are
 * gathered into a few multi-row statements; any other event flushes them first, so the order of
 * the log is kept where it matters.
 */
export function workoutWriter(tx: DatabaseTransactionConnection, schema: string) {
  const workouts = sql.identifier([schema, 'workouts']);
  const sets = sql.identifier([schema, 'sets']);
  const planDays = sql.identifier([schema, 'plan_days']);
  let started = new Map<string, [string, string, string | null, string, string]>();
  let ticked = new Map<string, [string, string, string, number, number, number, string | null, number | null]>();
  let corrected = new Map<string, [string, number, number]>();
  let patched = new Map<string, WorkoutPatch>();

  async function flush(): Promise<void> {
    if (started.size > 0) {
      // Set null holds whichever comes first in the log: a workout started on a day that a plan
      // deletion or revision already removed is unlinked here; one started before is unlinked there.
      await tx.query(sql.unsafe`
        INSERT INTO ${workouts} (id, user_id, plan_day_id, date, started_at)
        SELECT t.id, t.user_id, (SELECT d.id FROM ${planDays} d WHERE d.id = t.plan_day_id), t.date, t.started_at
        FROM ${sql.unnest([...started.values()], ['text', 'text', 'text', 'date', 'text'])} AS t(id, user_id, plan_day_id, date, started_at)
        ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, plan_day_id = EXCLUDED.plan_day_id, date = EXCLUDED.date,
          started_at = EXCLUDED.started_at, finished_at = NULL, notes = ''`);
    }
    if (ticked.size > 0) {
      await tx.query(sql.unsafe`
        INSERT INTO ${sets} (id, workout_id, user_id, exercise_id, set_number, kg, reps, entered_unit, rpe, date)
        SELECT t.id, t.workout_id, w.user_id, t.exercise_id, t.set_number, t.kg, t.reps, t.entered_unit, t.rpe, w.date
        FROM ${sql.unnest([...ticked.values()], ['text', 'text', 'text', 'int4', 'float8', 'int4', 'text', 'float4'])}
          AS t(id, workout_id, exercise_id, set_number, kg, reps, entered_unit, rpe)
        JOIN ${workouts} w ON w.id = t.workout_id
        ON CONFLICT (id) DO UPDATE SET exercise_id = EXCLUDED.exercise_id, set_number = EXCLUDED.set_number, kg = EXCLUDED.kg, reps = EXCLUDED.reps,
          entered_unit = EXCLUDED.entered_unit, rpe = EXCLUDED.rpe`);
    }
    if (corrected.size > 0) {
      await tx.query(sql.unsafe`
        UPDATE ${sets} s SET kg = c.kg, reps = c.reps
        FROM ${sql.unnest([...corrected.values()], ['text', 'float8', 'int4'])} AS c(id, kg, reps) WHERE s.id = c.id`);
    }
    if (patched.size > 0) {
      const rows = [...patched].map(([id, patch]) => [id, 'finishedAt' in patch, patch.finishedAt ?? null, patch.notes !== undefined, patch.notes ?? null]);
      await tx.query(sql.unsafe`
        UPDATE ${workouts} w SET
          finished_at = CASE WHEN p.set_finished THEN p.finished_at ELSE w.finished_at END,
          notes = CASE WHEN p.set_notes THEN p.notes ELSE w.notes END
        FROM ${sql.unnest(rows, ['text', 'bool', 'text', 'bool', 'text'])} AS p(id, set_finished, finished_at, set_notes, notes)
        WHERE w.id = p.id`);
    }
    started = new Map();
    ticked = new Map();
    corrected = new Map();
    patched = new Map();
  }

  const patch = (id: string, change: WorkoutPatch): void => {
    patched.set(id, { ...patched.get(id), ...change });
  };

  async function apply(stream: string, event: WorkoutEvent): Promise<void> {
    const workoutId = stream.slice(WORKOUT_STREAM_PREFIX.length);
    switch (event.type) {
      case 'workout-started':
        started.set(workoutId, [workoutId, event.data.userId, event.data.planDayId, event.data.date, event.data.startedAt]);
        return;
      case 'workout-finished':
        return patch(workoutId, { finishedAt: event.data.at });
      case 'workout-reopened':
        return patch(workoutId, { finishedAt: null });
      case 'workout-notes-changed':
        return patch(workoutId, { notes: event.data.notes });
      case 'set-ticked': {
        const { setId, exerciseId, setNumber, kg, reps, unit, rpe } = event.data;
        corrected.delete(setId);
        ticked.set(setId, [setId, workoutId, exerciseId, setNumber, kg, reps, unit, rpe]);
        return;
      }
      case 'set-corrected': {
        const { setId, kg, reps } = event.data;
        const pending = ticked.get(setId);
        if (pending) ticked.set(setId, [pending[0], pending[1], pending[2], pending[3], kg, reps, pending[6], pending[7]]);
        else corrected.set(setId, [setId, kg, reps]);
        return;
      }
      case 'set-removed':
        await flush();
        await tx.query(sql.unsafe`DELETE FROM ${sets} WHERE id = ${event.data.setId}`);
        return;
      case 'sets-moved': {
        await flush();
        const moves = event.data.moves.map((move) => [move.setId, move.setNumber]);
        await tx.query(sql.unsafe`
          UPDATE ${sets} s SET exercise_id = ${event.data.toExerciseId}, set_number = m.set_number
          FROM ${sql.unnest(moves, ['text', 'int4'])} AS m(id, set_number) WHERE s.id = m.id`);
        return;
      }
      case 'exercise-cleared':
        return;
      case 'workout-deleted':
        await flush();
        await tx.query(sql.unsafe`DELETE FROM ${sets} WHERE workout_id = ${workoutId}`);
        await tx.query(sql.unsafe`DELETE FROM ${workouts} WHERE id = ${workoutId}`);
        return;
      default:
        return assertNever(event);
    }
  }

  return { apply, flush };
}
