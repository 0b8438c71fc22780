import { sql } from 'slonik';
import { z } from 'zod';
import { usernameErasure } from '../../domain/shows/decide.ts';
import { libraryStream } from '../../domain/shows/library.ts';
import { NOTIFICATION_STREAM_PREFIX } from '../../domain/shows/notification.ts';
import { parseUsernameEvent, USERNAME_STREAM_PREFIX, userAggregate, usernameStream, userStream } from '../../domain/shows/user.ts';
import { fold } from '../../domain/shared/aggregate.ts';
import { type RecordedEvent, WrongExpectedRevisionError } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { HttpError, serviceUnavailable } from '../../infra/http/errors.ts';
import type { PushSubscriptions } from '../../infra/push/subscriptions.ts';
import { limitByAddress } from '../accounts/limits.ts';
import { forgetUserLimits } from '../../infra/accounts/rate-limit.ts';
import type { Core } from '../shared/core.ts';
import { awaitProjections } from '../shared/read-your-writes.ts';

const NOT_YET = 'The account could not be deleted yet; try again shortly';
// each round finds what a write naming the user without acting as them left; more than this and something keeps writing
const MAX_ROUNDS = 5;
const MAX_NAME_ATTEMPTS = 20;

/** Whether any event still names the user: in its stream's name, its acting user or its payload. */
function mentions(events: readonly RecordedEvent[], userId: string): boolean {
  return events.some((event) => event.stream.includes(userId) || event.metadata.userId === userId || JSON.stringify(event.data).includes(userId));
}

/**
 * Every event of the user, their read rows and push subscriptions, then credentials and sessions.
 * The user is fenced out of the log first: from then on nothing names them as its acting user, not a
 * device of theirs, not the daily job's claim for them, not an import, in any process; and whatever
 * got in before has committed. Their streams are what the projection lists and what the log itself
 * holds of them; a round repeats only if one still names them afterwards (a writer that does not act
 * as them, which nothing here is).
 */
export async function eraseShowsUser(core: Core, subscriptions: PushSubscriptions, userId: string): Promise<void> {
  const caughtUp = async (): Promise<void> => {
    await awaitProjections(core.progress, ['shows'], await core.store.headPosition(), core.config.PROJECTION_WAIT_MS, NOT_YET);
  };
  const own = (stream: string): boolean =>
    stream === userStream(userId) || stream === libraryStream(userId) || stream.startsWith(`${NOTIFICATION_STREAM_PREFIX}${userId}.`);

  /** A name's stream outlives its holder: the name is freed, or kept by whoever holds it now. */
  const releaseName = async (stream: string): Promise<void> => {
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const recorded = await core.store.readStream(stream);
      if (recorded.length === 0) return;
      const decision = usernameErasure(recorded.map((event) => parseUsernameEvent(event.type, event.data, event.metadata.schemaVersion)), userId);
      if (decision.kind === 'untouched') return;
      if (decision.kind === 'keep-from') {
        await core.store.truncateStream(stream, recorded[decision.index]!.revision);
        return;
      }
      try {
        // at the revision read: a claim that got in meanwhile is not deleted with it
        await core.store.deleteStream(stream, recorded.at(-1)!.revision);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw serviceUnavailable(1, NOT_YET);
  };

  const eraseStream = async (stream: string): Promise<void> => {
    if (own(stream)) await core.store.deleteStream(stream);
    else if (stream.startsWith(USERNAME_STREAM_PREFIX)) await releaseName(stream);
    // a stream kind nobody taught erasure about must not be deleted on a guess, nor left behind
    else throw new Error(`account erasure does not know how to erase stream ${stream}`);
  };

  await core.store.fenceOut(userId);
  await core.sessions.shows.endAllOf(userId);
  await caughtUp();
  const user = fold(userAggregate, await core.store.readStream(userStream(userId)));
  const known = new Set([userStream(userId), libraryStream(userId)]);
  if (user.status === 'active' && user.username !== null) known.add(usernameStream(user.username));

  /** One pass over everything that names the user; true when nothing was left afterwards. */
  const round = async (): Promise<boolean> => {
    const listed = await core.db.slonik.anyFirst(sql.type(z.object({ stream: z.string() }))`
      SELECT stream FROM shows.user_streams WHERE user_id = ${userId}`);
    const streams = new Set([...known, ...listed, ...(await core.store.streamsOfActor(userId))]);
    for (const stream of streams) await eraseStream(stream);
    await caughtUp();
    await core.db.slonik.transaction(async (tx) => {
      for (const table of ['watched_episodes', 'tracked_shows', 'dismissed_suggestions', 'notification_log', 'user_streams']) {
        await tx.query(sql.unsafe`DELETE FROM ${sql.identifier(['shows', table])} WHERE user_id = ${userId}`);
      }
      await tx.query(sql.unsafe`DELETE FROM shows.users WHERE id = ${userId}`);
      await subscriptions.removeAllOf(userId, tx);
      // the parsed export and its outcome; a job under way finds its row gone and stops
      await tx.query(sql.unsafe`DELETE FROM shows_state.import_jobs WHERE user_id = ${userId}`);
      await forgetUserLimits(tx, userId);
    });
    for (const stream of streams) known.add(stream);
    // a write that names the user without acting as them (none is known) re-created a stream, or
    // left a row that names a new one
    for (const stream of streams) if (mentions(await core.store.readStream(stream), userId)) return false;
    return !(await core.db.slonik.exists(sql.unsafe`SELECT 1 FROM shows.user_streams WHERE user_id = ${userId}`));
  };
  const sweep = async (): Promise<void> => {
    for (let attempt = 0; attempt < MAX_ROUNDS; attempt++) if (await round()) return;
    throw serviceUnavailable(1, NOT_YET);
  };

  await sweep();
  // credentials last, as in gym: an erasure cut short can be asked for again with the password.
  // Sessions and recovery codes go with them (ON DELETE CASCADE). A device that signed in again
  // meanwhile could not write: the fence refuses it.
  await core.accounts.remove(userId);
}

export function showsErasureRoutes(
  app: HttpApp,
  { core, cookies, subscriptions }: { readonly core: Core; readonly cookies: SessionCookies; readonly subscriptions: PushSubscriptions },
): void {
  app.delete(
    '/api/auth/me',
    {
      onRequest: [limitByAddress(core.rateLimiter, 'shows', 'accountDeletion'), cookies.requireUser],
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account and everything in it; needs the password',
        description:
          'Erases the account, its events (library, notifications, the username, which becomes free), read rows, push subscriptions, credentials and every session. 204 and the cookie cleared.',
        body: z.object({ password: z.string().max(200) }),
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await core.accounts.checkPassword(request.userId, request.body.password))) {
        throw new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');
      }
      await eraseShowsUser(core, subscriptions, request.userId);
      cookies.clear(reply);
      return reply.code(204).send(null);
    },
  );
}
