import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { dateSchema, kgSchema, libraryAggregate, type LibraryState, libraryStream } from '../../domain/gym/library.ts';
import { enteredUnitSchema, type LoggedSet, notesSchema, setValuesOf, repsSchema, rpeSchema, setKindSchema, setNoteSchema, setNumberSchema, type WorkoutEvent, type WorkoutState, workoutTitleSchema } from '../../domain/gym/workout.ts';
import { decideWorkout, effectiveMadeAt, findSet as findLoggedSet, MADE_AT_MAX_AHEAD_MS, SetChangedLater } from '../../domain/gym/workout-decide.ts';
import { instantSchema } from '../../domain/shared/calendar.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { notFound } from '../../infra/http/errors.ts';
import { idParams } from '../../infra/http/request-schemas.ts';
import { findSet, findWorkout, readWorkout } from '../../projections/gym/workouts/read-workouts.ts';
import { setSchema, type SetView, workoutSchema } from '../../projections/gym/workouts/workout-views.ts';
import { answeredBeforeProjected, LOG_POSITION_HEADER } from '../shared/read-your-writes.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { setTick, workoutCommand, workoutDecision } from './streams.ts';
import { workoutIdOf } from './workout-ids.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };
export const startWorkoutBody = z.object({ planDayId: z.uuid().nullable().optional(), date: dateSchema });
export const changeWorkoutBody = z
  .object({ finished: z.boolean().optional(), title: workoutTitleSchema.optional(), notes: notesSchema.optional() })
  .refine((body) => body.finished !== undefined || body.title !== undefined || body.notes !== undefined, { message: 'finished, title or notes is required' });
const setKindField = setKindSchema.optional().meta({ description: 'normal, warmup, drop or failure; left out: as the set has it (normal for a new set)' });
const setNoteField = setNoteSchema.optional().meta({ description: "the lifter's note on the set; left out: as the set has it ('' for a new set)" });
const madeAtSchema = instantSchema.meta({
  description:
    "when the lifter made this change, by the phone's clock (ISO 8601 with an offset); a change made before the tick that last " +
    `wrote the set is refused with 409 SET_CHANGED_LATER. More than ${MADE_AT_MAX_AHEAD_MS / 60_000} minutes past the server's clock is ` +
    "taken as the server's now. Without it the change applies whenever it arrives.",
});
export const tickSetBody = z.object({
  exerciseId: z.uuid(),
  setNumber: setNumberSchema,
  kg: kgSchema,
  reps: repsSchema,
  unit: enteredUnitSchema.optional().meta({ description: 'the unit the weight was typed in; kg always carries the weight' }),
  rpe: rpeSchema.nullable().optional().meta({ description: 'rate of perceived exertion, 1 to 10 in half steps' }),
  kind: setKindField,
  note: setNoteField,
  madeAt: madeAtSchema.optional(),
});
export const removeSetAtParams = z.object({ id: z.uuid(), exerciseId: z.uuid(), setNumber: z.coerce.number().pipe(setNumberSchema) });
export const removeSetAtQuery = z.object({ madeAt: madeAtSchema.optional() });
export const setChangedLaterBodySchema = errorBodySchema
  // `current`: the set as the server holds it, as a tick answers it; null when a later-made deletion took it
  .extend({ current: setSchema.nullable() })
  .meta({ id: 'SetChangedLater' });

export const correctSetBody = z
  .object({ kg: kgSchema.optional(), reps: repsSchema.optional(), kind: setKindField, note: setNoteField })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'kg, reps, kind or note is required' });

/**
 * A decision that may meet a set another device changed after this command was made: that set is
 * kept rather than thrown, so the route can answer it whole (the 409's `current`).
 */
function keepingChangedLater(decide: (state: WorkoutState) => WorkoutEvent[] | Promise<WorkoutEvent[]>) {
  const outcome: { changed: SetChangedLater | null } = { changed: null };
  const run = async (state: WorkoutState): Promise<WorkoutEvent[]> => {
    outcome.changed = null;
    try {
      return await decide(state);
    } catch (error) {
      if (!(error instanceof SetChangedLater)) throw error;
      outcome.changed = error;
      return [];
    }
  };
  return { outcome, decide: run };
}

const setView = (workoutId: string, set: LoggedSet, names: LibraryState): SetView => ({
  id: set.id,
  sessionId: workoutId,
  exerciseId: set.exerciseId,
  exerciseName: names.exercises[set.exerciseId]?.name ?? null,
  ...setValuesOf(set),
});

export function gymWorkoutRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const db = core.db.slonik;
  const onRequest = cookies.requireUser;
  const madeAtOf = (madeAt: string | undefined): string | null => (madeAt === undefined ? null : effectiveMadeAt(madeAt, core.now()));
  const answerChangedLater = async (request: FastifyRequest, reply: FastifyReply, library: LibraryState, workoutId: string, changed: SetChangedLater, change: string) => {
    const set = changed.current ? setView(workoutId, changed.current, library) : null;
    const exercise = library.exercises[changed.place.exerciseId]?.name ?? 'this exercise';
    const message = `Set ${changed.place.setNumber} of ${exercise} was ${set ? 'changed' : 'deleted'} on another device after this ${change}`;
    // the phone now shows what another device wrote, which the read side may not have yet: its
    // next reads wait for the log as it stands, or a read could take the set back to before
    answeredBeforeProjected(request, reply, core.writes, await core.store.headPosition());
    return reply.code(409).send({ statusCode: 409, code: 'SET_CHANGED_LATER', error: 'Conflict', message, current: set });
  };

  /**
   * A deleted plan's workouts keep their streams, named by (user, day, date), and lose the link to
   * the day: then such a workout is the one of (user, no day, date), unless that key's own stream
   * exists. Several can share the key only if one was started while the plan was being deleted;
   * the oldest is the answer.
   */
  const findUnlinked = async (userId: string, date: string, dayless: string) => {
    const ids = await db.anyFirst(sql.type(z.object({ id: z.string() }))`
      SELECT id FROM gym.workouts WHERE user_id = ${userId} AND date = ${date}::date AND plan_day_id IS NULL
      ORDER BY id = ${dayless} DESC, started_at, id`);
    if (ids.length === 0 || ids[0] === dayless) return null;
    for (const id of ids) {
      const workout = await findWorkout(db, userId, id);
      if (workout) return workout;
    }
    return null;
  };

  app.post(
    '/api/sessions',
    {
      onRequest,
      schema: {
        operationId: 'startWorkout',
        summary: 'Get or create the workout of (plan day, date); the date is the client calendar date',
        body: startWorkoutBody,
        response: { 200: workoutSchema, 201: workoutSchema, ...errors },
      },
    },
    async (request, reply) => {
      const planDayId = request.body.planDayId ?? null;
      if (planDayId) {
        const own = await db.exists(sql.unsafe`SELECT 1 FROM gym.plan_days WHERE id = ${planDayId} AND user_id = ${request.userId}`);
        if (!own) throw notFound('Plan day not found');
      }
      const id = workoutIdOf(request.userId, planDayId, request.body.date);
      if (planDayId === null) {
        const unlinked = await findUnlinked(request.userId, request.body.date, id);
        if (unlinked) return reply.code(200).send(unlinked);
      }
      const result = await runner.append(request, workoutCommand(id, {
        type: 'start-workout',
        userId: request.userId,
        planDayId,
        date: request.body.date,
        now: core.now().toISOString(),
      }));
      await runner.awaitDecided(result.position);
      reply.code(result.position ? 201 : 200);
      return readWorkout(db, request.userId, id);
    },
  );

  app.patch(
    '/api/sessions/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateWorkout',
        summary: 'Finish (the first finish time is kept), reopen, or set the notes of a workout',
        params: idParams,
        body: changeWorkoutBody,
        response: { 200: workoutSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const userId = request.userId;
      await runner.run(request, workoutCommand(id, { type: 'change-workout', userId, ...request.body, now: core.now().toISOString() }));
      return readWorkout(db, userId, id);
    },
  );

  app.delete(
    '/api/sessions/:id',
    { onRequest, schema: { operationId: 'deleteWorkout', summary: 'Delete a workout and its sets', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await runner.run(request, workoutCommand(request.params.id, { type: 'delete-workout', userId: request.userId }));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/sessions/:id/sets',
    {
      onRequest,
      // answered from the workout's and the library's streams, never a read table
      config: { readsProjections: false },
      schema: {
        operationId: 'tickSet',
        summary: 'Tick a set: upsert on (workout, exercise, set number); a second tick overwrites unless it was made before the one that last wrote the set',
        description:
          `Answers as soon as the set is in the log, before the read side has it; the answer's ${LOG_POSITION_HEADER} header ` +
          'is where it landed. Later requests of this session wait for it before they read; a client that may reach another ' +
          `process sends the header back on its next request. The same tick sent again (same values, same madeAt) answers ` +
          'the set and records nothing; one made before the tick that last wrote the set answers 409 SET_CHANGED_LATER with ' +
          `the set as it stands in \`current\`, unless it carries the same values. A 409 carries ${LOG_POSITION_HEADER} too: the ` +
          "session's later reads wait until they hold the set it names.",
        params: idParams,
        body: tickSetBody,
        response: { 200: setSchema, 201: setSchema, ...errors, 409: setChangedLaterBodySchema },
      },
    },
    async (request, reply) => {
      const { exerciseId, setNumber, kg, reps, kind, note } = request.body;
      const unit = request.body.unit ?? null;
      const rpe = request.body.rpe ?? null;
      const newSetId = randomUUID();
      const workoutId = request.params.id;
      const madeAt = madeAtOf(request.body.madeAt);
      const tick = { type: 'tick-set', userId: request.userId, newSetId, exerciseId, setNumber, kg, reps, unit, rpe, kind, note, madeAt } as const;
      const refusable = keepingChangedLater((state) => decideWorkout(tick, state));
      const { state, position, beside: library } = await runner.append(request, setTick(workoutId, request.userId, exerciseId, refusable.decide));
      if (refusable.outcome.changed) return answerChangedLater(request, reply, library, workoutId, refusable.outcome.changed, 'tick');
      const set = findLoggedSet(state, exerciseId, setNumber);
      if (!set) throw notFound('Workout not found');
      // a repeat appends nothing: its set may have come in through another process, so the caller's
      // next reads wait for the log as it stands now, which holds it
      answeredBeforeProjected(request, reply, core.writes, position ?? (await core.store.headPosition()));
      reply.code(set.id === newSetId ? 201 : 200);
      return setView(workoutId, set, library);
    },
  );

  app.delete(
    '/api/sessions/:id/sets/:exerciseId/:setNumber',
    {
      onRequest,
      schema: {
        operationId: 'removeSetAt',
        summary: 'Remove the set of (exercise, set number) from a workout; a set already gone is removed (204), so a retry is no error',
        description:
          'A phone queues this offline, knowing the set by its place rather than its id. With madeAt, a set ticked after it is ' +
          `kept: 409 SET_CHANGED_LATER with the set in \`current\` and ${LOG_POSITION_HEADER}, which the session's later reads ` +
          'wait for. Undoing a removal is a new tick.',
        params: removeSetAtParams,
        querystring: removeSetAtQuery,
        response: { 204: z.null(), ...errors, 409: setChangedLaterBodySchema },
      },
    },
    async (request, reply) => {
      const { id, exerciseId, setNumber } = request.params;
      const userId = request.userId;
      const command = { type: 'remove-set-at', userId, exerciseId, setNumber, madeAt: madeAtOf(request.query.madeAt) } as const;
      const refusable = keepingChangedLater((state) => decideWorkout(command, state));
      const { position } = await runner.append(request, workoutDecision(id, refusable.decide));
      if (refusable.outcome.changed) return answerChangedLater(request, reply, await runner.held(libraryStream(userId), libraryAggregate), id, refusable.outcome.changed, 'removal');
      await runner.awaitDecided(position);
      return reply.code(204).send(null);
    },
  );

  const loadSet = async (userId: string, id: string) => {
    const set = await findSet(db, userId, id);
    if (!set) throw notFound('Set not found');
    return set;
  };

  app.patch(
    '/api/sets/:id',
    {
      onRequest,
      schema: {
        operationId: 'updateSet',
        summary: 'Correct the weight, reps, kind or note of a set',
        params: idParams,
        body: correctSetBody,
        response: { 200: setSchema, ...errors },
      },
    },
    async (request) => {
      const set = await loadSet(request.userId, request.params.id);
      await runner.run(request, workoutCommand(set.sessionId, { type: 'correct-set', userId: request.userId, setId: set.id, ...request.body }));
      return loadSet(request.userId, set.id);
    },
  );

  app.delete(
    '/api/sets/:id',
    { onRequest, schema: { operationId: 'removeSet', summary: 'Remove a set', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const set = await loadSet(request.userId, request.params.id);
      await runner.run(request, workoutCommand(set.sessionId, { type: 'remove-set', userId: request.userId, setId: set.id }));
      return reply.code(204).send(null);
    },
  );
}
