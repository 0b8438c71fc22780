import { sql } from 'slonik';
import { awaitProjections } from '../shared/read-your-writes.ts';
import { z } from 'zod';
import { userStream } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import type { Core } from '../shared/core.ts';
import { forgetUserLimits } from '../../infra/accounts/rate-limit.ts';
import { limitByAddress } from '../accounts/limits.ts';
import { invalidCredentials } from './auth.ts';

/**
 * Every event of the user, their read rows, credentials and sessions. The user is fenced out of the
 * log first: from then on no write of theirs gets in, from any process, and every one that got in
 * before has committed. Once the projector has those, `user_streams` lists every stream they
 * created, and the log itself is asked too (a stream the projection missed is not left behind).
 * Rows are deleted after the projector is past every event of the user, so none is written back.
 */
export async function eraseGymUser(core: Core, userId: string): Promise<void> {
  const caughtUp = async (): Promise<void> => {
    const head = await core.store.headPosition();
    await awaitProjections(core.progress, ['gym'], head, core.config.PROJECTION_WAIT_MS, 'The account could not be deleted yet; try again shortly');
  };
  await core.store.fenceOut(userId);
  await core.sessions.gym.endAllOf(userId);
  await caughtUp();
  const listed = await core.db.slonik.anyFirst(sql.type(z.object({ stream: z.string() }))`
    SELECT stream FROM gym.user_streams WHERE user_id = ${userId}`);
  const logged = await core.store.streamsOfActor(userId);
  for (const stream of new Set([userStream(userId), ...listed, ...logged])) await core.store.deleteStream(stream);
  await core.db.slonik.transaction(async (tx) => {
    // children before what they point at, as the spec's restrict rules order it
    for (const table of ['day_totals', 'exercise_days', 'exercise_totals', 'sets', 'workouts', 'plan_slots', 'plan_days', 'plans', 'cardio_logs', 'machines', 'exercises', 'bodyweights']) {
      await tx.query(sql.unsafe`DELETE FROM ${sql.identifier(['gym', table])} WHERE user_id = ${userId}`);
    }
    await tx.query(sql.unsafe`DELETE FROM gym.user_streams WHERE user_id = ${userId}`);
    await tx.query(sql.unsafe`DELETE FROM gym.users WHERE id = ${userId}`);
    await forgetUserLimits(tx, userId);
    await core.accounts.remove(userId, tx);
  });
}

export function gymErasureRoutes(app: HttpApp, { core, cookies }: { readonly core: Core; readonly cookies: SessionCookies }): void {
  app.delete(
    '/api/me',
    {
      onRequest: [limitByAddress(core.rateLimiter, 'gym', 'accountDeletion'), cookies.requireUser],
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account and everything in it; needs the password',
        description: 'Every session of the account ends at once, this one included.',
        body: z.object({ password: z.string().max(200) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await core.accounts.checkPassword(request.userId, request.body.password))) throw invalidCredentials();
      await eraseGymUser(core, request.userId);
      cookies.clear(reply);
      return { ok: true as const };
    },
  );
}
