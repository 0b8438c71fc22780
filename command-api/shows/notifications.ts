import { timingSafeEqual, createHash } from 'node:crypto';
import { z } from 'zod';
import { isStorableText, textSchema } from '../../domain/shared/text.ts';
import { localDate } from '../../domain/shows/notification.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { type SessionCookies, unauthenticated } from '../../infra/http/auth.ts';
import { HttpError } from '../../infra/http/errors.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { isP256PublicKey, isPushAuthSecret } from '../../infra/push/keys.ts';
import type { PushSubscriptions } from '../../infra/push/subscriptions.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import { readTrackedShows, type TrackedShowView } from '../../projections/shows/library/read-tracked-shows.ts';
import { readUser } from '../../projections/shows/users/read-user.ts';
import type { Core } from '../shared/core.ts';
import { cuid } from '../../infra/ids.ts';

/** what a run of the daily job (jobs/shows/daily-job.ts) did, as POST /api/admin/run-cron answers it */
export type DailyJobReport = {
  readonly day: string;
  readonly refreshed: number;
  readonly refreshFailed: number;
  readonly episodes: number;
  readonly sent: number;
  /** already claimed by an earlier run or another worker */
  readonly skipped: number;
  readonly failed: number;
  /** how long the refresh and the sends took, in milliseconds */
  readonly refreshMs: number;
  readonly sendMs: number;
  /** stopped by the signal before every notification was tried; the day is not marked done */
  readonly interrupted: boolean;
};

export type NotificationRoutesDeps = {
  readonly core: Core;
  readonly cookies: SessionCookies;
  readonly cache: ShowCache;
  readonly mailer: Mailer;
  readonly subscriptions: PushSubscriptions;
  readonly vapidPublicKey: string;
  readonly runDailyJob: (day: string) => Promise<DailyJobReport>;
};

const okSchema = z.object({ ok: z.literal(true) });
const subscriptionBody = z.object({
  // a URL may still carry a NUL or a lone surrogate in its path, which the subscriptions table cannot hold
  endpoint: z.url({ protocol: /^https?$/ }).max(2000).refine(isStorableText, 'must not contain NUL characters or lone surrogates'),
  keys: z.object({
    p256dh: z.string().max(200).refine(isP256PublicKey, 'must be an uncompressed P-256 public key (65 bytes, base64url)'),
    auth: z.string().max(100).refine(isPushAuthSecret, 'must be 16 bytes, base64url'),
  }),
});

/** equal length digests first, so the comparison takes the same time whatever the token */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function trackedTable(shows: readonly TrackedShowView[]): string {
  const rows = shows.map((show) => {
    const name = show.show?.name ?? `Show ${show.showId}`;
    // a completed show stays on the dashboard (spec 001), so it stays in its table, marked
    const next = show.completedAt
      ? `completed ${show.completedAt.slice(0, 10)}${show.rating === null ? '' : `, rated ${show.rating}/10`}`
      : show.nextEpisode?.airdate
        ? `next ${show.nextEpisode.airdate}`
        : 'no next episode known';
    const behind = show.episodesBehind === null ? '?' : String(show.episodesBehind);
    return `${name.padEnd(40).slice(0, 40)}  ${String(show.watchedCount).padStart(7)}  ${behind.padStart(6)}  ${next}`;
  });
  return [`${'Show'.padEnd(40)}  ${'Watched'.padStart(7)}  ${'Behind'.padStart(6)}  Next`, ...rows].join('\n');
}

export function showsNotificationRoutes(app: HttpApp, deps: NotificationRoutesDeps): void {
  const { core } = deps;
  const onRequest = deps.cookies.requireUser;

  app.get(
    '/api/push/vapid-public-key',
    { schema: { operationId: 'getVapidPublicKey', summary: 'The VAPID public key a browser needs before subscribing', response: { 200: z.object({ publicKey: z.string() }) } } },
    async () => ({ publicKey: deps.vapidPublicKey }),
  );

  app.post(
    '/api/push/subscribe',
    {
      onRequest,
      schema: {
        operationId: 'subscribePush',
        summary: 'Register this browser for push; your own endpoint again takes the new keys',
        description: "Subscriptions are kept per (user, endpoint): another account on the same browser profile gets its own row and never replaces this user's keys.",
        body: subscriptionBody,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      await deps.subscriptions.upsert({ id: cuid(), userId: request.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, now: core.now() });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      onRequest,
      schema: {
        operationId: 'unsubscribePush',
        summary: 'Remove this browser; unknown endpoints are already removed',
        body: z.object({ endpoint: textSchema.min(1).max(2000) }),
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await deps.subscriptions.remove(request.userId, request.body.endpoint);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/shows/tracked/email',
    {
      onRequest,
      schema: {
        operationId: 'emailMyList',
        summary: 'Email the user their tracked-shows table now',
        response: { 200: z.object({ ok: z.literal(true), to: z.string() }), 401: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      const user = await readUser(core.db.slonik, request.userId);
      if (!user) throw unauthenticated();
      const shows = await readTrackedShows({ pool: core.db.slonik, cache: deps.cache }, request.userId, 'tracked', core.now());
      try {
        await deps.mailer.send({ to: user.email, subject: 'Your tracked shows', text: `${trackedTable(shows)}\n` });
      } catch (error) {
        throw new HttpError(502, 'MAIL_UNAVAILABLE', 'The mail provider did not take the message; try again later', { cause: error });
      }
      return { ok: true as const, to: user.email };
    },
  );

  const token = core.config.ADMIN_TOKEN;
  // without a token the route does not exist at all: 404 like any unknown path
  if (token) {
    app.post(
      '/api/admin/run-cron',
      {
        schema: {
          operationId: 'runDailyJob',
          security: [{ adminToken: [] }],
          summary: 'Run the daily notification job now; needs the x-admin-token header',
          response: {
            200: z.object({
              day: z.string(),
              refreshed: z.number(),
              refreshFailed: z.number(),
              episodes: z.number(),
              sent: z.number(),
              skipped: z.number(),
              failed: z.number(),
              refreshMs: z.number(),
              sendMs: z.number(),
            }),
            401: errorBodySchema,
          },
        },
      },
      async (request) => {
        const given = request.headers['x-admin-token'];
        if (typeof given !== 'string' || !sameToken(given, token)) throw new HttpError(401, 'INVALID_ADMIN_TOKEN', 'x-admin-token: missing or wrong');
        return deps.runDailyJob(localDate(core.now()));
      },
    );
  }
}
