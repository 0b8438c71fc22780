import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { decideLibrary, LIBRARY_ERROR_STATUS, type LibraryCommand } from '../../domain/gym/library-decide.ts';
import { type LibraryEvent, libraryAggregate, libraryStream, type LibraryState } from '../../domain/gym/library.ts';
import { importedCardioIdKey } from '../../domain/gym/import-cardio.ts';
import { importedWorkoutIdKey, uuidFromSha256, workoutIdKey } from '../../domain/gym/workout-id.ts';
import { decideWorkout, type WorkoutCommand, type WorkoutEvent, workoutAggregate, type WorkoutState, workoutStream } from '../../domain/gym/workout.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { describeDevice } from '../../infra/http/device.ts';
import type { Core } from '../shared/core.ts';
import { awaitDecided as awaitDecidedOn, domainErrorToHttp, runCommand } from '../shared/run-command.ts';

/** who, which request and which device: a workout's history shows all three */
const contextOf = (request: FastifyRequest) => ({ userId: request.userId, correlationId: request.id, device: describeDevice(request.headers['user-agent']) });
const asHttpError = (error: unknown): unknown => domainErrorToHttp(error, LIBRARY_ERROR_STATUS);
const gymDeps = (core: Core) => ({ ...core, waitMs: core.config.PROJECTION_WAIT_MS });

/** Decides on the caller's library stream, which serialises all their plan, exercise and cardio writes. */
export async function appendLibraryCommand(core: Core, request: FastifyRequest, command: LibraryCommand): Promise<{ state: LibraryState; position: Position | null }> {
  return appendLibraryDecision(core, request, (state) => decideLibrary(command, state));
}

/** As appendLibraryCommand, for a caller that also needs what the decision saw (its last call is the one appended). */
export async function appendLibraryDecision(
  core: Core,
  request: FastifyRequest,
  decide: (state: LibraryState) => LibraryEvent[],
): Promise<{ state: LibraryState; position: Position | null }> {
  try {
    return await core.commands({ stream: libraryStream(request.userId), aggregate: libraryAggregate, decide, context: contextOf(request) });
  } catch (error) {
    throw asHttpError(error);
  }
}

/** The caller's library as the log holds it now (a decision that appends nothing reads the stream afresh). */
export async function readLibrary(core: Core, request: FastifyRequest): Promise<LibraryState> {
  return (await appendLibraryDecision(core, request, () => [])).state;
}

/** So the caller's next read sees the decision, appended or not. */
export async function awaitDecided(core: Core, position: Position | null): Promise<void> {
  await awaitDecidedOn(gymDeps(core), ['gym'], position);
}

export async function runLibraryCommand(core: Core, request: FastifyRequest, command: LibraryCommand): Promise<LibraryState> {
  const result = await runCommand(gymDeps(core), {
    stream: libraryStream(request.userId),
    aggregate: libraryAggregate,
    decide: (state) => decideLibrary(command, state),
    context: contextOf(request),
    projections: ['gym'],
    errorStatus: LIBRARY_ERROR_STATUS,
  });
  return result.state;
}

export async function appendWorkoutCommand(
  core: Core,
  request: FastifyRequest,
  workoutId: string,
  command: WorkoutCommand,
): Promise<{ state: WorkoutState; position: Position | null }> {
  return appendWorkoutDecision(core, request, workoutId, (state) => decideWorkout(command, state));
}

/** As appendWorkoutCommand, for a decision of the caller's own (it may append to the library first, as a first tick does). */
export async function appendWorkoutDecision(
  core: Core,
  request: FastifyRequest,
  workoutId: string,
  decide: (state: WorkoutState) => WorkoutEvent[] | Promise<WorkoutEvent[]>,
): Promise<{ state: WorkoutState; position: Position | null }> {
  try {
    return await core.commands({ stream: workoutStream(workoutId), aggregate: workoutAggregate, decide, context: contextOf(request) });
  } catch (error) {
    throw asHttpError(error);
  }
}

export async function runWorkoutCommand(core: Core, request: FastifyRequest, workoutId: string, command: WorkoutCommand): Promise<WorkoutState> {
  return runWorkoutDecision(core, request, workoutId, (state) => decideWorkout(command, state));
}

export async function runWorkoutDecision(
  core: Core,
  request: FastifyRequest,
  workoutId: string,
  decide: (state: WorkoutState) => WorkoutEvent[] | Promise<WorkoutEvent[]>,
): Promise<WorkoutState> {
  const result = await runCommand(gymDeps(core), {
    stream: workoutStream(workoutId),
    aggregate: workoutAggregate,
    decide,
    context: contextOf(request),
    projections: ['gym'],
    errorStatus: LIBRARY_ERROR_STATUS,
  });
  return result.state;
}

/** The id of the workout of (user, plan day, date): see domain/gym/workout-id.ts. */
export function workoutIdOf(userId: string, planDayId: string | null, date: string): string {
  return nameBasedId(workoutIdKey(userId, planDayId, date));
}

/** The id of a workout imported from another tracker's export: see importedWorkoutIdKey. */
export function importedWorkoutIdOf(userId: string, name: string, start: string): string {
  return nameBasedId(importedWorkoutIdKey(userId, name, start));
}

/** The id of a cardio session imported from a row of another tracker's export: see importedCardioIdKey. */
export function importedCardioIdOf(userId: string, workoutName: string, start: string, exercise: string, order: number): string {
  return nameBasedId(importedCardioIdKey(userId, workoutName, start, exercise, order));
}

function nameBasedId(key: string): string {
  return uuidFromSha256(createHash('sha256').update(key).digest());
}
