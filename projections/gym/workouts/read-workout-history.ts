// A workout's history is read from its stream, not from a read table: the log is the history, and
// a table of it would be a second copy to keep true (docs/design.md, "History from the log").
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { type WorkoutChange, type WorkoutLogEntry, workoutAt, workoutHistory } from '../../../domain/gym/workout-history.ts';
import { parseWorkoutEvent, workoutStream } from '../../../domain/gym/workout.ts';
import { compareOptionalNames, compareText } from '../../../domain/shared/names.ts';
import type { EventStore } from '../../../infra/eventstore/port.ts';
import { notFound } from '../../../infra/http/errors.ts';
import { setSchema } from './workout-views.ts';

const historySetSchema = setSchema.omit({ sessionId: true });
const setValuesSchema = setSchema.pick({ kg: true, reps: true, unit: true, rpe: true, kind: true, note: true });

const changeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('started'), date: z.string(), planDayId: z.string().nullable() }),
    z.object({ kind: z.literal('finished'), finishedAt: z.string() }),
    z.object({ kind: z.literal('reopened') }),
    z.object({ kind: z.literal('notes'), notes: z.string(), previous: z.string() }),
    z.object({ kind: z.literal('renamed'), title: z.string(), previous: z.string() }),
    z.object({ kind: z.literal('deleted') }),
    z.object({ kind: z.literal('set-ticked'), set: historySetSchema, previous: setValuesSchema.nullable() }),
    z.object({ kind: z.literal('set-corrected'), set: historySetSchema, previous: setValuesSchema }),
    z.object({ kind: z.literal('set-removed'), set: historySetSchema }),
    z.object({
      kind: z.literal('sets-moved'),
      fromExerciseId: z.string(),
      fromExerciseName: z.string().nullable(),
      toExerciseId: z.string(),
      toExerciseName: z.string().nullable(),
      sets: z.number(),
    }),
    z.object({ kind: z.literal('exercise-checked'), exerciseId: z.string(), exerciseName: z.string().nullable() }),
  ])
  .meta({ id: 'WorkoutChange' });

const historyEntrySchema = z
  .object({
    revision: z.number().meta({ description: 'the event’s place in the workout’s stream, from 0' }),
    at: z.string(),
    type: z.string().meta({ description: 'the event type as stored in the log' }),
    schemaVersion: z.number().meta({ description: 'the version it was written with; older ones are read as the current one' }),
    requestId: z.string(),
    device: z.string().nullable().meta({ description: 'browser and system of the request, when it was recorded' }),
    change: changeSchema,
  })
  .meta({ id: 'WorkoutHistoryEntry' });

export const workoutHistorySchema = z
  .object({ workoutId: z.string(), date: z.string(), deleted: z.boolean(), entries: z.array(historyEntrySchema).meta({ description: 'newest first' }) })
  .meta({ id: 'WorkoutHistory' });

export const workoutVersionSchema = z
  .object({
    workoutId: z.string(),
    revision: z.number(),
    at: z.string(),
    date: z.string(),
    finishedAt: z.string().nullable(),
    title: z.string(),
    notes: z.string(),
    deleted: z.boolean(),
    sets: z.array(historySetSchema),
  })
  .meta({ id: 'WorkoutVersion' });

type Names = ReadonlyMap<string, string>;

/** The workout's own stream, if it is the caller's: a stranger's or a missing one is not found. */
async function readOwnLog(store: EventStore, userId: string, workoutId: string): Promise<WorkoutLogEntry[]> {
  const recorded = await store.readStream(workoutStream(workoutId));
  const log = recorded.map((event) => ({
    revision: Number(event.revision),
    at: event.recordedAt.toISOString(),
    event: parseWorkoutEvent(event.type, event.data, event.metadata.schemaVersion),
    schemaVersion: event.metadata.schemaVersion,
    requestId: event.metadata.correlationId,
    device: event.metadata.device ?? null,
  }));
  const first = log[0]?.event;
  if (first?.type !== 'workout-started' || first.data.userId !== userId) throw notFound('Workout not found');
  return log;
}

async function exerciseNames(db: CommonQueryMethods, userId: string): Promise<Names> {
  const rows = await db.any(sql.type(z.object({ id: z.string(), name: z.string() }))`SELECT id, name FROM gym.exercises WHERE user_id = ${userId}`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

function named<Set extends { exerciseId: string }>(set: Set, names: Names): Set & { exerciseName: string | null } {
  return { ...set, exerciseName: names.get(set.exerciseId) ?? null };
}

function nameChange(change: WorkoutChange, names: Names): z.infer<typeof changeSchema> {
  switch (change.kind) {
    case 'set-ticked':
    case 'set-corrected':
    case 'set-removed':
      return { ...change, set: named(change.set, names) };
    case 'sets-moved':
      return { ...change, fromExerciseName: names.get(change.fromExerciseId) ?? null, toExerciseName: names.get(change.toExerciseId) ?? null };
    case 'exercise-checked':
      return { ...change, exerciseName: names.get(change.exerciseId) ?? null };
    default:
      return change;
  }
}

type HistoryDeps = { readonly store: EventStore; readonly db: CommonQueryMethods };

/** Every change to the caller's workout, newest first, its exercises by their current names. */
export async function readWorkoutHistory(deps: HistoryDeps, userId: string, workoutId: string): Promise<z.infer<typeof workoutHistorySchema>> {
  const log = await readOwnLog(deps.store, userId, workoutId);
  const names = await exerciseNames(deps.db, userId);
  const history = workoutHistory(log);
  const entries = history.entries.map((entry) => ({ ...entry, change: nameChange(entry.change, names) }));
  const { state } = history;
  return {
    workoutId,
    date: state.status === 'none' ? '' : state.date,
    deleted: state.status === 'deleted',
    entries: entries.reverse(),
  };
}

/** The caller's workout as it stood right after the change of this revision. */
export async function readWorkoutVersion(deps: HistoryDeps, userId: string, workoutId: string, revision: number): Promise<z.infer<typeof workoutVersionSchema>> {
  const log = await readOwnLog(deps.store, userId, workoutId);
  const entry = log.find((candidate) => candidate.revision === revision);
  if (!entry) throw notFound('No such revision of this workout');
  const state = workoutAt(log, revision);
  if (state.status === 'none') throw notFound('Workout not found');
  const names = await exerciseNames(deps.db, userId);
  const sets = Object.values(state.sets)
    .map((set) => named(set, names))
    .sort((a, b) => compareOptionalNames(a.exerciseName, b.exerciseName) || compareText(a.exerciseId, b.exerciseId) || a.setNumber - b.setNumber);
  return { workoutId, revision, at: entry.at, date: state.date, finishedAt: state.finishedAt, title: state.title ?? '', notes: state.notes, deleted: state.status === 'deleted', sets };
}
