import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { showsAuthRoutes } from '../../command-api/shows/auth.ts';
import { showsErasureRoutes } from '../../command-api/shows/erasure.ts';
import { showsImportRoutes } from '../../command-api/shows/import.ts';
import { type ImportWorkerOptions, startImportWorker } from '../../jobs/shows/import-job.ts';
import { createImportJobs } from '../../command-api/shows/import-queue.ts';
import { createShowLookups } from '../../infra/tvmaze/lookups.ts';
import { type DailyJobDeps, runDailyJob } from '../../jobs/shows/daily-job.ts';
import type { DailyJobReport } from '../../command-api/shows/notifications.ts';
import { showsLibraryCommandRoutes } from '../../command-api/shows/library.ts';
import { showsNotificationRoutes } from '../../command-api/shows/notifications.ts';
import { showsSuggestionRoutes } from '../../command-api/shows/suggestions.ts';
import { createHttpApp, type HttpApp } from '../../infra/http/app.ts';
import { registerSessionCookies, sessionCookieScheme } from '../../infra/http/auth.ts';
import { createChatChain, type ChatChain } from '../../infra/chat/chain.ts';
import { createPushSender, type PushSender } from '../../infra/push/sender.ts';
import { createPushSubscriptions, type PushSubscriptions } from '../../infra/push/subscriptions.ts';
import { loadVapidKeys } from '../../infra/push/vapid.ts';
import { createShowCache, type ShowCache } from '../../infra/tvmaze/cache.ts';
import { createTvmaze, type TvData } from '../../infra/tvmaze/client.ts';
import { showsLibraryQueryRoutes } from '../../query-api/shows/library.ts';
import { showsPublicRoutes } from '../../query-api/shows/public.ts';
import { showsTvRoutes } from '../../query-api/shows/tv.ts';
import { showsUserQueryRoutes } from '../../query-api/shows/users.ts';
import { fold } from '../../domain/shared/aggregate.ts';
import {
  DAILY_CRON,
  DAILY_TIME_ZONE,
  dailyJobName,
  dailyRunsAggregate,
  dailyRunsStream,
  dueRunDay,
  localDate,
  shardLabel,
  type UserShard,
  userShards,
} from '../../domain/shows/notification.ts';
import { type DailyScheduler, startDailyScheduler } from '../../infra/scheduler/daily.ts';
import { whileHoldingLock } from '../../infra/postgres/try-lock.ts';
import type { Core } from '../system.ts';
import { createCommandRunner } from '../../command-api/shared/command-runner.ts';
import { SHOWS_ERROR_STATUS, showsRefusal } from '../../command-api/shows/error-status.ts';
import { readinessRoute } from './readiness.ts';
import { serveWebApp } from '../../infra/http/web-app.ts';
import { webApp } from '../../ui/apps.ts';

export const SHOWS_COOKIE = 'sid';

/** The shows service's outside services, built once per core: the API and the scheduler share them. */
export type ShowsRuntime = {
  readonly tv: TvData;
  readonly cache: ShowCache;
  readonly subscriptions: PushSubscriptions;
  readonly push: PushSender;
  readonly chat: ChatChain | null;
  /** the day's job, for every user or, with `shard`, for that part of them */
  runDailyJob(day: string, options?: { readonly signal?: AbortSignal; readonly shard?: UserShard }): Promise<DailyJobReport>;
};

/**
 * The shows service's outside parts: one per process, built by the composition root and given to
 * the API and the scheduler alike, so they share one TVmaze pacer and one set of VAPID keys.
 */
export async function createShowsRuntime(
  core: Core,
  log: (entry: object, message: string) => void = () => undefined,
  /** the process's metrics, when it keeps them */
  observers: Pick<DailyJobDeps, 'observer' | 'writes'> = {},
): Promise<ShowsRuntime> {
  const { config } = core;
  const tv = createTvmaze({ baseUrl: config.TVMAZE_URL, country: config.TVMAZE_COUNTRY, callsPer10s: config.TVMAZE_CALLS_PER_10S }, core.now);
  const cache = createShowCache(core.db.slonik);
  const subscriptions = createPushSubscriptions(core.db.slonik);
  const vapid = await loadVapidKeys({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }, config.DATA_DIR);
  if (vapid.generated) {
    log({}, `VAPID keys are not set: using generated ones kept in ${path.resolve(config.DATA_DIR, 'vapid-keys.json')}`);
  }
  const push = createPushSender({ keys: vapid.keys, subject: config.VAPID_SUBJECT });
  const chat = createChatChain(config);
  const runtime: ShowsRuntime = {
    tv,
    cache,
    subscriptions,
    push,
    chat,
    runDailyJob: (day, options = {}) =>
      runDailyJob({ core, tv, cache, mailer: core.mailer, push, subscriptions, log, sendsPerSecond: config.DAILY_JOB_SENDS_PER_SECOND, ...observers }, day, options),
  };
  return runtime;
}

/** The shows service. Builds the app; the caller listens. */
export async function buildShowsService(
  core: Core,
  runtime: ShowsRuntime,
  logger: FastifyBaseLogger | false,
  /** how this process runs imports (tests shorten the pauses) */
  importOptions: ImportWorkerOptions = {},
): Promise<HttpApp> {
  // no `health` option: GET /api/health answers from the live process and touches no database
  const app = await createHttpApp({
    title: 'shows',
    description:
      'A TV show tracker: TV data, a library of tracked shows and watched episodes, suggestions, daily email and web-push notices, ' +
      'a public profile. Signed-in operations need the sid cookie that logIn and signUp set.',
    securitySchemes: {
      ...sessionCookieScheme(SHOWS_COOKIE),
      ...(core.config.ADMIN_TOKEN ? { adminToken: { type: 'apiKey', in: 'header', name: 'x-admin-token', description: "The operator's ADMIN_TOKEN" } } : {}),
    },
    logger,
    trustedProxies: core.config.TRUSTED_PROXY,
    origin: core.config.SHOWS_BASE_URL,
    secure: core.config.COOKIE_SECURE,
  });
  const cookies = await registerSessionCookies(app, { name: SHOWS_COOKIE, secure: core.config.COOKIE_SECURE, sessions: core.sessions.shows });
  const pool = core.db.slonik;
  const { tv, cache } = runtime;

  readinessRoute(app, { pool, store: core.store, reads: core.reads, projections: ['shows'] });

  const runner = createCommandRunner(core, { projections: ['shows'], waitMs: core.config.PROJECTION_WAIT_MS, errorStatus: SHOWS_ERROR_STATUS, refusal: showsRefusal });
  showsAuthRoutes(app, { core, cookies, runner });
  showsErasureRoutes(app, { core, cookies, subscriptions: runtime.subscriptions });
  showsUserQueryRoutes(app, { pool: core.reads.pool, cookies });
  showsTvRoutes(app, { tv, cache, cookies, now: core.now });
  showsLibraryCommandRoutes(app, { core, cookies, tv, cache, runner });
  showsLibraryQueryRoutes(app, { pool: core.reads.pool, cache, cookies, now: core.now });
  const imports = createImportJobs(pool);
  const importWorker = startImportWorker({
    ...importOptions,
    core,
    tv,
    cache,
    lookups: createShowLookups(pool),
    jobs: imports,
    ...(logger ? { log: (entry: object, message: string) => logger.warn(entry, message) } : {}),
  });
  // this process takes queued and abandoned jobs once it serves, and hands its own back when it stops
  app.addHook('onReady', async () => importWorker.start());
  app.addHook('onClose', async () => importWorker.stop());
  showsImportRoutes(app, { core, cookies, jobs: imports, kick: () => importWorker.kick() });
  showsSuggestionRoutes(app, { core, cookies, tv, chat: runtime.chat });
  showsNotificationRoutes(app, {
    core,
    cookies,
    cache,
    mailer: core.mailer,
    subscriptions: runtime.subscriptions,
    vapidPublicKey: runtime.push.publicKey,
    runDailyJob: runtime.runDailyJob,
  });
  showsPublicRoutes(app, { pool: core.reads.pool, cache });
  await serveWebApp(app, { web: webApp('shows') });
  return app;
}

/**
 * The scheduler role: Agenda fires the daily job at noon in Asia/Amman, as one job or as
 * DAILY_JOB_SHARDS jobs over parts of the users; at start, each part's last due run is run now if it
 * never completed, so a restart across noon does not skip the day.
 */
export async function startShowsScheduler(core: Core, runtime: ShowsRuntime, log: (entry: object, message: string) => void): Promise<DailyScheduler> {
  const shards = userShards(core.config.DAILY_JOB_SHARDS);
  return startDailyScheduler({
    jobs: shards.map((shard) => ({
      schedule: { name: dailyJobName(shard), cron: DAILY_CRON, timeZone: DAILY_TIME_ZONE },
      run: async (signal) => {
        await runtime.runDailyJob(localDate(core.now()), { signal, shard });
      },
    })),
    store: core.config.MONGODB_URL ? { kind: 'mongodb', url: core.config.MONGODB_URL } : { kind: 'postgres', pool: core.db.pg },
    catchUp: async (signal) => {
      const due = dueRunDay(core.now());
      // Schedulers starting together each begin at another part and skip one another is running:
      // a part's missed run is run by one of them, and a day of several parts by several at once.
      const first = Math.floor(Math.random() * shards.length);
      for (const shard of [...shards.slice(first), ...shards.slice(0, first)]) {
        if (signal.aborted) return;
        const stream = dailyRunsStream(shard);
        await whileHoldingLock(core.db.pg, `shows-daily-catch-up:${stream}`, async () => {
          const { lastDay } = fold(dailyRunsAggregate, await core.store.readStream(stream));
          if (lastDay !== null && lastDay >= due) return;
          const label = shardLabel(shard);
          log({ day: due, lastDay, ...(label === null ? {} : { shard: label }) }, 'the last daily run was missed: running it now');
          await runtime.runDailyJob(due, { signal, shard });
        });
      }
    },
    log,
  });
}
