// What the routes that change a night share: running a command on its stream, reading it without
// changing it, and the 409 that carries the server's copy when the phone's was not the latest.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decideSession, SESSION_ERROR_STATUS, sessionAggregate, type SessionCommand, type SessionState, sessionStream } from '../../domain/club/session.ts';
import { errorBodySchema } from '../../infra/http/app.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { readSession, sessionDocumentSchema } from '../../query-api/club/sessions.ts';
import { awaitClubHead, type ClubDeps, runClubCommand } from './run.ts';

export const runSessionCommand = (deps: ClubDeps, request: FastifyRequest, id: string, command: SessionCommand) =>
  runClubCommand(deps, request, { stream: sessionStream(id), aggregate: sessionAggregate, decide: (state: SessionState) => decideSession(command, state) }, SESSION_ERROR_STATUS);

/** The night as its stream has it now, without changing it. */
export async function peekNight(deps: ClubDeps, request: FastifyRequest, id: string): Promise<SessionState> {
  const { state } = await deps.commands({
    stream: sessionStream(id),
    aggregate: sessionAggregate,
    decide: () => [],
    context: { userId: request.userId, correlationId: request.id },
  });
  return state;
}

export const conflictBodySchema = errorBodySchema.extend({ current: sessionDocumentSchema });

/**
 * A change built on a version that is not the latest, or made to a closed night: 409 with the
 * server's copy, so the phone can show it (spec 002 "Snapshot save"). Any other error is rethrown.
 */
export async function answerConflict(deps: ClubDeps, reply: FastifyReply, id: string, error: unknown) {
  if (!(error instanceof HttpError) || (error.code !== 'VERSION_CONFLICT' && error.code !== 'SESSION_CLOSED')) throw error;
  await awaitClubHead(deps);
  const current = await readSession(deps.pool, id);
  return reply.code(409).send({ statusCode: 409, code: error.code, error: 'Conflict', message: error.message, current });
}
