import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { type WorkoutChange, type WorkoutLogEntry, workoutAt, workoutHistory } from '../../domain/gym/workout-history.ts';
import { parseWorkoutEvent, workoutStream } from '../../domain/gym/workout.ts';
import type { EventStore } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { notFound } from '../../infra/http/errors.ts';
import { setSchema } from './schemas.ts';
import { idParams } from './workouts.ts';

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

const historySchema = z
  .object({ workoutId: z.string(), date: z.string(), deleted: z.boolean(), entries: z.array(historyEntrySchema).meta({ description: 'newest first' }) })
  .meta({ id: 'WorkoutHistory' });

const workoutVersionSchema = z
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

const revisionParams = idParams.extend({ revision: z.coerce.number().int().min(0) });

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

/**
 * A workout's history is read from its stream, not from a read table: the log is the history, and
 * a table of it would be a second copy to keep true (docs/design.md, "History from the log").
 */
export function workoutHistoryRoutes(app: HttpApp, deps: { readonly store: EventStore; readonly db: CommonQueryMethods; readonly cookies: SessionCookies }): void {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
  app.get(
    '/api/sessions/:id/history',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getWorkoutHistory',
        summary: 'Every change to a workout, newest first: when, what changed, and from which request and device',
        params: idParams,
        response: { 200: historySchema, ...errors },
      },
    },
    async (request) => {
      const log = await readOwnLog(deps.store, request.userId, request.params.id);
      const names = await exerciseNames(deps.db, request.userId);
      const history = workoutHistory(log);
      const entries = history.entries.map((entry) => ({ ...entry, change: nameChange(entry.change, names) }));
      const { state } = history;
      return {
        workoutId: request.params.id,
        date: state.status === 'none' ? '' : state.date,
        deleted: state.status === 'deleted',
        entries: entries.reverse(),
      };
    },
  );
  app.get(
    '/api/sessions/:id/history/:revision',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'getWorkoutVersion',
        summary: 'The workout as it stood right after the change of this revision',
        params: revisionParams,
        response: { 200: workoutVersionSchema, ...errors },
      },
    },
    async (request) => {
      const { id, revision } = request.params;
      const log = await readOwnLog(deps.store, request.userId, id);
      const entry = log.find((candidate) => candidate.revision === revision);
      if (!entry) throw notFound('No such revision of this workout');
      const state = workoutAt(log, revision);
      if (state.status === 'none') throw notFound('Workout not found');
      const names = await exerciseNames(deps.db, request.userId);
      const sets = Object.values(state.sets)
        .map((set) => named(set, names))
        .sort((a, b) => (a.exerciseName ?? '').localeCompare(b.exerciseName ?? '') || a.exerciseId.localeCompare(b.exerciseId) || a.setNumber - b.setNumber);
      return { workoutId: id, revision, at: entry.at, date: state.date, finishedAt: state.finishedAt, title: state.title ?? '', notes: state.notes, deleted: state.status === 'deleted', sets };
    },
  );
}
