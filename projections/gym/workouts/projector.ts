import { sql, type DatabaseTransactionConnection, UniqueIntegrityConstraintViolationError } from 'slonik';
import { z } from 'zod';
import { assertNever } from '../../../domain/shared/events.ts';
import { type WorkoutEvent, WORKOUT_STREAM_PREFIX } from '../../../domain/gym/workout.ts';
import { updateRunningTotals } from './running-totals.ts';

type WorkoutPatch = { finishedAt?: string | null; title?: string; notes?: string };

/** a start as the writer holds it: id, user, plan day, date, started at, finished at, title, notes */
type StartRow = [string, string, string | null, string, string, string | null, string, string];
const FINISHED_AT = 5;
const TITLE = 6;
const NOTES = 7;

/** a tick as the writer holds it: id, workout, exercise, set number, kg, reps, unit, rpe, kind (null: normal), note */
type TickRow = [string, string, string, number, number, number, string | null, number | null, string | null, string];
/** a correction as the writer holds it: id, kg, reps, then kind and note (null: as they were) */
type CorrectionRow = [string, number, number, string | null, string | null];

const dayRow = z.object({ user_id: z.string(), date: z.string() });

/**
 * The events that touch only their own rows (start, tick, correct, finish, reopen, notes) are
 * gathered into a few multi-row statements; any other event flushes them first, so the order of
 * the log is kept where it matters.
 */
export function workoutWriter(tx: DatabaseTransactionConnection, schema: string, options: { readonly bulk: boolean }) {
  const workouts = sql.identifier([schema, 'workouts']);
  const sets = sql.identifier([schema, 'sets']);
  const planDays = sql.identifier([schema, 'plan_days']);
  // a start's row carries the finish and notes that follow it in the same batch
  let started = new Map<string, StartRow>();
  let ticked = new Map<string, TickRow>();
  let corrected = new Map<string, CorrectionRow>();
  let patched = new Map<string, WorkoutPatch>();
  // the days whose sets this batch changed, by workout (its user and date are in the workouts table)
  // and, for a deleted workout, by (user, date) read before the row went
  const touchedWorkouts = new Set<string>();
  const touchedDays: Array<[string, string]> = [];

  async function flush(): Promise<void> {
    if (started.size > 0) {
      // Set null holds whichever comes first in the log: a workout started on a day that a plan
      // deletion or revision already removed is unlinked here; one started before is unlinked there.
      await tx.query(sql.unsafe`
        INSERT INTO ${workouts} (id, user_id, plan_day_id, date, started_at, finished_at, title, notes)
        SELECT t.id, t.user_id, (SELECT d.id FROM ${planDays} d WHERE d.id = t.plan_day_id), t.date, t.started_at, t.finished_at, t.title, t.notes
        FROM ${sql.unnest([...started.values()], ['text', 'text', 'text', 'date', 'text', 'text', 'text', 'text'])}
          AS t(id, user_id, plan_day_id, date, started_at, finished_at, title, notes)
        ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, plan_day_id = EXCLUDED.plan_day_id, date = EXCLUDED.date,
          started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, title = EXCLUDED.title, notes = EXCLUDED.notes`);
    }
    if (ticked.size > 0) {
      const insert = sql.fragment`
        INSERT INTO ${sets} (id, workout_id, user_id, exercise_id, set_number, kg, reps, entered_unit, rpe, kind, note, date)
        SELECT t.id, t.workout_id, w.user_id, t.exercise_id, t.set_number, t.kg, t.reps, t.entered_unit, t.rpe, t.kind, t.note, w.date
        FROM ${sql.unnest([...ticked.values()], ['text', 'text', 'text', 'int4', 'float8', 'int4', 'text', 'float4', 'text', 'text'])}
          AS t(id, workout_id, exercise_id, set_number, kg, reps, entered_unit, rpe, kind, note)
        JOIN ${workouts} w ON w.id = t.workout_id`;
      const upsert = sql.unsafe`${insert}
        ON CONFLICT (id) DO UPDATE SET exercise_id = EXCLUDED.exercise_id, set_number = EXCLUDED.set_number, kg = EXCLUDED.kg, reps = EXCLUDED.reps,
          entered_unit = EXCLUDED.entered_unit, rpe = EXCLUDED.rpe, kind = EXCLUDED.kind, note = EXCLUDED.note`;
      // A replay's ticks are nearly all new sets, and a plain insert costs about a sixth less than
      // one that checks each row for a conflict; a set ticked again in a later batch is written over.
      if (options.bulk) {
        await tx
          .transaction((inner) => inner.query(sql.unsafe`${insert}`))
          .catch((error: unknown) => {
            if (!(error instanceof UniqueIntegrityConstraintViolationError)) throw error;
            return tx.query(upsert);
          });
      } else {
        await tx.query(upsert);
      }
    }
    if (corrected.size > 0) {
      await tx.query(sql.unsafe`
        UPDATE ${sets} s SET kg = c.kg, reps = c.reps,
          kind = CASE WHEN c.kind IS NULL THEN s.kind WHEN c.kind = 'normal' THEN NULL ELSE c.kind END, note = coalesce(c.note, s.note)
        FROM ${sql.unnest([...corrected.values()], ['text', 'float8', 'int4', 'text', 'text'])} AS c(id, kg, reps, kind, note) WHERE s.id = c.id`);
    }
    if (patched.size > 0) {
      const rows = [...patched].map(([id, patch]) => [id, 'finishedAt' in patch, patch.finishedAt ?? null, patch.title ?? null, patch.notes ?? null]);
      await tx.query(sql.unsafe`
        UPDATE ${workouts} w SET
          finished_at = CASE WHEN p.set_finished THEN p.finished_at ELSE w.finished_at END,
          title = coalesce(p.title, w.title),
          notes = coalesce(p.notes, w.notes)
        FROM ${sql.unnest(rows, ['text', 'bool', 'text', 'text', 'text'])} AS p(id, set_finished, finished_at, title, notes)
        WHERE w.id = p.id`);
    }
    started = new Map();
    ticked = new Map();
    corrected = new Map();
    patched = new Map();
  }

  const patch = (id: string, change: WorkoutPatch): void => {
    const start = started.get(id);
    if (!start) {
      patched.set(id, { ...patched.get(id), ...change });
      return;
    }
    if (change.finishedAt !== undefined) start[FINISHED_AT] = change.finishedAt;
    if (change.title !== undefined) start[TITLE] = change.title;
    if (change.notes !== undefined) start[NOTES] = change.notes;
  };

  async function apply(stream: string, event: WorkoutEvent): Promise<void> {
    const workoutId = stream.slice(WORKOUT_STREAM_PREFIX.length);
    switch (event.type) {
      case 'workout-started':
        // a start begins the workout afresh: a finish or notes written before it are overwritten
        patched.delete(workoutId);
        started.set(workoutId, [workoutId, event.data.userId, event.data.planDayId, event.data.date, event.data.startedAt, null, '', '']);
        return;
      case 'workout-finished':
        return patch(workoutId, { finishedAt: event.data.at });
      case 'workout-reopened':
        return patch(workoutId, { finishedAt: null });
      case 'workout-notes-changed':
        return patch(workoutId, { notes: event.data.notes });
      case 'workout-renamed':
        return patch(workoutId, { title: event.data.title });
      case 'set-ticked': {
        const { setId, exerciseId, setNumber, kg, reps, unit, rpe, kind, note } = event.data;
        corrected.delete(setId);
        ticked.set(setId, [setId, workoutId, exerciseId, setNumber, kg, reps, unit, rpe, kind ?? null, note ?? '']);
        touchedWorkouts.add(workoutId);
        return;
      }
      case 'set-corrected': {
        const { setId, kg, reps, kind, note } = event.data;
        const pending = ticked.get(setId);
        if (pending) {
          const pendingKind = kind === undefined ? pending[8] : kind === 'normal' ? null : kind;
          ticked.set(setId, [pending[0], pending[1], pending[2], pending[3], kg, reps, pending[6], pending[7], pendingKind, note ?? pending[9]]);
        } else {
          // two corrections in one batch: the later one's absent kind or note keeps the earlier one's
          const earlier = corrected.get(setId);
          corrected.set(setId, [setId, kg, reps, kind ?? earlier?.[3] ?? null, note ?? earlier?.[4] ?? null]);
        }
        touchedWorkouts.add(workoutId);
        return;
      }
      case 'set-removed':
        await flush();
        await tx.query(sql.unsafe`DELETE FROM ${sets} WHERE id = ${event.data.setId}`);
        touchedWorkouts.add(workoutId);
        return;
      case 'sets-moved': {
        await flush();
        const moves = event.data.moves.map((move) => [move.setId, move.setNumber]);
        await tx.query(sql.unsafe`
          UPDATE ${sets} s SET exercise_id = ${event.data.toExerciseId}, set_number = m.set_number
          FROM ${sql.unnest(moves, ['text', 'int4'])} AS m(id, set_number) WHERE s.id = m.id`);
        touchedWorkouts.add(workoutId);
        return;
      }
      case 'exercise-cleared':
      case 'set-place-cleared':
        return;
      case 'workout-deleted':
        await flush();
        await tx.query(sql.unsafe`DELETE FROM ${sets} WHERE workout_id = ${workoutId}`);
        const gone = await tx.maybeOne(sql.type(dayRow)`DELETE FROM ${workouts} WHERE id = ${workoutId} RETURNING user_id, date::text AS date`);
        if (gone) touchedDays.push([gone.user_id, gone.date]);
        touchedWorkouts.delete(workoutId);
        return;
      default:
        return assertNever(event);
    }
  }

  /** The batch's end: its statements written, then the running totals of the days it touched computed again. */
  async function settle(): Promise<void> {
    await flush();
    if (touchedWorkouts.size === 0 && touchedDays.length === 0) return;
    const days = sql.fragment`(
      SELECT user_id, date FROM ${workouts} WHERE id = ANY(${sql.array([...touchedWorkouts], 'text')})
      UNION SELECT * FROM ${sql.unnest(touchedDays, ['text', 'date'])} AS d(user_id, date))`;
    await updateRunningTotals(tx, schema, days);
    touchedWorkouts.clear();
    touchedDays.length = 0;
  }

  return { apply, flush, settle };
}
