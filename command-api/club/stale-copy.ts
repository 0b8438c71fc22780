// A change built on a version that is not the latest, or made to a closed night, is answered 409
// with the server's copy, so the phone can show it (spec 002 "Snapshot save").
import type { FastifyReply } from 'fastify';
import { StaleCopy } from '../../domain/club/night-decide.ts';
import { errorBodySchema } from '../../infra/http/app.ts';
import { HttpError } from '../../infra/http/errors.ts';
import { nightDocumentSchema } from '../../projections/club/nights/night-views.ts';
import { readNight } from '../../projections/club/nights/read-nights.ts';
import type { ClubCommandDeps } from './route-deps.ts';

export const staleCopyBodySchema = errorBodySchema.extend({ current: nightDocumentSchema });

/** The refusals of a change to a night: a stale copy answers its 409 with the server's copy. */
export const nightChangeRefusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: staleCopyBodySchema,
  503: errorBodySchema,
};

/** The 409 {current} of a stale copy; any other error is rethrown. */
export async function answerStaleCopy(deps: ClubCommandDeps, reply: FastifyReply, id: string, error: unknown) {
  if (!(error instanceof HttpError) || !(error.cause instanceof StaleCopy)) throw error;
  // the copy it lost to may not be on the read side yet
  await deps.runner.awaitDecided(null);
  const current = await readNight(deps.pool, id);
  return reply.code(409).send({ statusCode: 409, code: error.code, error: 'Conflict', message: error.message, current });
}
