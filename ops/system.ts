// The composition root: the one place that turns configuration into adapters and wires them in.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Core } from '../command-api/shared/core.ts';
import { type CommandObserver, createCommandHandler } from '../command-api/shared/handle-command.ts';
import type { Config } from '../infra/config.ts';
import { eventStoreMigration } from '../infra/eventstore/postgres-schema.ts';
import { createPostgresEventStore } from '../infra/eventstore/postgres.ts';
import { createActorFence } from '../infra/eventstore/fence.ts';
import { checkFormsDir, createFormCatalog } from '../infra/forms/catalog.ts';
import { type HttpApp, observeRequests, type RequestObserver } from '../infra/http/app.ts';
import type { MetricsServer } from '../infra/metrics/server.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresEvent, type EmbeddedPostgresHandle } from '../infra/postgres/embedded.ts';
import { describeEmbeddedEvent } from '../infra/postgres/embedded-events.ts';
import { migrate } from '../infra/postgres/migrations.ts';
import { connectDatabase } from '../infra/postgres/pools.ts';
import { clubProjection } from '../projections/club/index.ts';
import { formsProjection } from '../projections/forms/form-documents/projector.ts';
import { gymProjection } from '../projections/gym/index.ts';
import { showsProjection } from '../projections/shows/index.ts';
import { createProjectionProgress, WANTED_CHANNEL } from '../projections/runtime/progress.ts';
import { createReplicaProgress } from '../projections/runtime/replica-progress.ts';
import type { Projection } from '../projections/runtime/projection.ts';
import { type ProjectorHandle, startProjector } from '../projections/runtime/projector.ts';
import { projectionsMigration } from '../projections/runtime/state-schema.ts';
import { createCheckpointMoves } from '../projections/runtime/checkpoint-moves.ts';
import { createAccounts } from '../infra/accounts/accounts.ts';
import { argon2Hashing, type SecretHashing } from '../infra/accounts/passwords.ts';
import { createRateLimiter } from '../infra/accounts/rate-limit.ts';
import { accountsMigration } from '../infra/accounts/schema.ts';
import { createKnownDevices, createSignInThrottle, signInThrottleMigration } from '../infra/accounts/sign-in-throttle.ts';
import { pushSubscriptionsMigration } from '../infra/push/subscriptions.ts';
import { showCacheMigration } from '../infra/tvmaze/cache.ts';
import { showLookupsMigration } from '../infra/tvmaze/lookups.ts';
import { importJobsMigration } from '../command-api/shows/import-queue.ts';
import { loadSessionSecret } from '../infra/accounts/secret.ts';
import { createSessionsByService } from '../infra/accounts/sessions.ts';
import { createSessionCache, SESSION_CHANNEL } from '../infra/accounts/session-cache.ts';
import { type ListenHandlers, listenToChannels } from '../infra/postgres/listen.ts';
import { createWritePositions } from '../command-api/shared/read-your-writes.ts';
import { selectMailer } from '../infra/mail/mailer.ts';
import type { ShowsRuntime, startShowsScheduler } from './services/shows.ts';

// The services and the scheduler are loaded when a process runs them: the ops CLI opens only the
// core, and loading every route, TV data client and job library would cost it a second or more.
const loadServices = async () => ({
  ...(await import('./services/club.ts')),
  ...(await import('./services/forms.ts')),
  ...(await import('./services/gym.ts')),
  ...(await import('./services/shows.ts')),
});

/** Every projection, by name; `ops rebuild <name>` takes these names. */
export const projections: readonly Projection[] = [gymProjection, showsProjection, formsProjection, clubProjection];

export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}

export type { Core };

export type CoreOptions = {
  readonly now?: () => Date;
  readonly warn?: (message: string) => void;
  readonly info?: (entry: object, message: string) => void;
  readonly onPostgresLog?: (line: string) => void;
  /** the embedded server went away, is being started again, is back */
  readonly onPostgresEvent?: (event: EmbeddedPostgresEvent) => void;
  /** told of the command handler's appends and conflicts (the process's metrics) */
  readonly commandObserver?: CommandObserver;
  /** argon2id at OWASP's cost unless given: the tests' systems hash at the least cost, to spend their CPU on what they check */
  readonly hashing?: SecretHashing;
};

/** Database (embedded unless DATABASE_URL), migrations, event store: what every process needs. */
export async function openCore(config: Config, options: CoreOptions = {}): Promise<Core> {
  const now = options.now ?? (() => new Date());
  const hashing = options.hashing ?? argon2Hashing();
  const warn = options.warn ?? (() => undefined);
  const log = options.onPostgresLog ?? (() => undefined);
  let embedded: EmbeddedPostgresHandle | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(config.DATA_DIR, 'postgres');
    await mkdir(path.dirname(dataDir), { recursive: true });
    embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, onLog: log, onEvent: options.onPostgresEvent });
    url = embedded.url;
  }
  const db = await connectDatabase(url, config.DATABASE_POOL_SIZE);
  try {
    await migrate(db.pg, [
      ...(config.EVENTSTORE_URL ? [] : [eventStoreMigration]),
      projectionsMigration,
      accountsMigration,
      signInThrottleMigration,
      showCacheMigration,
      pushSubscriptionsMigration,
      showLookupsMigration,
      importJobsMigration,
    ]);
  } catch (error) {
    await db.close();
    await embedded?.stop();
    throw error;
  }
  // the gRPC client is heavy to load: only when it is used
  const store = config.EVENTSTORE_URL
    ? (await import('../infra/eventstore/esdb.ts')).createEsdbEventStore(config.EVENTSTORE_URL, { fence: createActorFence(db.pg) })
    : createPostgresEventStore(db.pg, {
        onListenerLost: (error) => warn(`the event store's LISTEN connection was lost (${error instanceof Error ? error.message : String(error)}); reconnecting`),
      });
  const progress = createProjectionProgress(db.slonik);
  // writes, projectors, sessions and the event store stay on the primary; only the query routes read here
  const readDb = config.READ_DATABASE_URL ? await connectDatabase(config.READ_DATABASE_URL, config.DATABASE_POOL_SIZE) : null;
  const reads = readDb ? { pool: readDb.slonik, progress: createReplicaProgress(progress, readDb.slonik) } : { pool: db.slonik, progress };
  const secret = await loadSessionSecret(config.SESSION_SECRET, config.DATA_DIR);
  if (secret.generated) warn(`SESSION_SECRET is not set: using a generated one kept in ${path.resolve(config.DATA_DIR, 'session-secret')}`);
  if (!config.COOKIE_SECURE) warn('COOKIE_SECURE=false: session cookies go over plain HTTP; for local development only');
  const mailer = selectMailer(config, options.info ?? (() => undefined));
  const sessionCache = createSessionCache();
  const runsProjectors = config.ROLES.includes('projector');
  const sessionChanges: ListenHandlers = {
    onMessage: sessionCache.heard,
    onListening: () => sessionCache.trust(true),
    onLost: (error) => {
      sessionCache.trust(false);
      const consequences = runsProjectors ? "sessions are read from PostgreSQL, and a read in another process may wait out a projector's rest," : 'sessions are read from PostgreSQL';
      warn(`the LISTEN connection was lost (${error instanceof Error ? error.message : String(error)}); ${consequences} until it is back`);
    },
  };
  // a process running projectors hears the reads of other processes that wait for them; the LISTEN
  // back in place means the database answers, so projectors waiting out an outage try at once
  const wantedProjections: ListenHandlers = { onMessage: progress.heard, onListening: progress.databaseBack, onLost: () => undefined };
  const listening = listenToChannels(url, { [SESSION_CHANNEL]: sessionChanges, ...(runsProjectors ? { [WANTED_CHANNEL]: wantedProjections } : {}) });
  return {
    config,
    db,
    store,
    progress,
    reads,
    commands: createCommandHandler(store, options.commandObserver),
    writes: createWritePositions(),
    accounts: createAccounts({ pool: db.slonik, now, hashing }),
    hashing,
    sessions: createSessionsByService({ pool: db.slonik, secret: secret.secret, now, cache: sessionCache }),
    rateLimiter: createRateLimiter({ pool: db.slonik, now }),
    signInThrottle: createSignInThrottle({ pool: db.slonik, now }),
    knownDevices: createKnownDevices(secret.secret),
    mailer,
    now,
    async close(step = (_part, close) => close().then(() => undefined)) {
      // the embedded server is stopped whatever failed before it: an orphaned one blocks the next start
      try {
        // the services and projectors are stopped, so nothing waits on these connections any more; one
        // that will not close (a client ending a socket the restarted server already dropped waits
        // out slonik's 5 s grace twice) must not keep the server below from stopping in time
        await step('the LISTEN connection', () => closingWithin(CLOSE_CONNECTIONS_MS, listening.close(), warn));
        await step('the event store', () => closingWithin(CLOSE_CONNECTIONS_MS, store.close(), warn));
        await step('the connection pools', () => closingWithin(CLOSE_CONNECTIONS_MS, Promise.all([db.close(), readDb?.close()]), warn));
      } finally {
        if (embedded) await step('the embedded PostgreSQL', () => embedded!.stop());
      }
    },
  };
}

/** How long a process's stop waits for one kind of its connections to close before it goes on. */
const CLOSE_CONNECTIONS_MS = 2000;

/** `closing` or, past `ms`, a warning and on: the server stopping next ends whatever is left. */
async function closingWithin(ms: number, closing: Promise<unknown>, warn: (message: string) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    warn(`connections still closing after ${ms} ms; going on, the database's stop ends them`);
    closing.catch(() => undefined);
  }
}

export type RunningService = { readonly name: string; readonly app: HttpApp; readonly port: number };

export type System = {
  readonly core: Core;
  readonly services: readonly RunningService[];
  readonly projectors: readonly ProjectorHandle[];
  /** the admin port serving GET /metrics; null unless METRICS_PORT is set */
  readonly metrics: MetricsServer | null;
  /** stop accepting, finish in-flight requests, stop projectors at a batch boundary, close pools */
  stop(): Promise<void>;
};

export async function buildServices(
  core: Core,
  logger: FastifyBaseLogger | false,
  shows?: ShowsRuntime,
  /** each service's request observer (the process's metrics) */
  requests?: (service: string) => RequestObserver,
): Promise<{ name: string; app: HttpApp; port: number }[]> {
  const { config } = core;
  const { buildClubService, buildFormsService, buildGymService, buildShowsService, createShowsRuntime } = await loadServices();
  const showsParts = shows ?? (await createShowsRuntime(core, logger ? (entry, message) => logger.warn(entry, message) : undefined));
  const child = (service: string): FastifyBaseLogger | false => (logger ? logger.child({ service }) : false);
  const formsLogger = child('forms');
  const catalog = createFormCatalog({
    dir: config.FORMS_DIR,
    onInvalid: (error) => {
      if (formsLogger) formsLogger.error({ file: error.file, err: error }, `unusable questionnaire, the form answers 404 until it is fixed: ${error.message}`);
    },
  });
  const forms = await buildFormsService(core, { logger: formsLogger, catalog });
  const services = [
    { name: 'gym', app: await buildGymService(core, child('gym')), port: config.GYM_PORT },
    { name: 'shows', app: await buildShowsService(core, showsParts, child('shows')), port: config.SHOWS_PORT },
    { name: 'club', app: await buildClubService(core, child('club')), port: config.CLUB_PORT },
    { name: 'forms', app: forms, port: config.FORMS_PORT },
  ];
  if (requests) for (const service of services) observeRequests(service.app, requests(service.name));
  return services;
}

/** `options.now`: the process's clock, for tests that need a given day (the daily job's). */
export async function startSystem(config: Config, logger: FastifyBaseLogger, options: Pick<CoreOptions, 'now'> = {}): Promise<System> {
  if (config.ROLES.includes('api')) {
    // an unusable questionnaire stops the start, naming the file, before anything else is started
    const forms = await checkFormsDir(config.FORMS_DIR);
    logger.info({ dir: config.FORMS_DIR, forms }, `${forms.length} questionnaire${forms.length === 1 ? '' : 's'}`);
  }
  // no registry at all unless asked for: a process without METRICS_PORT records nothing
  const observed = config.METRICS_PORT === undefined ? null : (await import('./metrics.ts')).createProcessMetrics();
  const core = await openCore(config, {
    ...options,
    commandObserver: observed?.appends,
    warn: (message) => logger.warn(message),
    info: (entry, message) => logger.info(entry, message),
    onPostgresLog: (line) => logger.debug({ postgres: line.trim() }, 'postgres'),
    onPostgresEvent: (event) => {
      const line = describeEmbeddedEvent(event);
      logger[line.level](line.entry, line.message);
    },
  });
  const projectors: ProjectorHandle[] = [];
  const services: RunningService[] = [];
  let sweepCounters: NodeJS.Timeout | undefined;
  let scheduler: Awaited<ReturnType<typeof startShowsScheduler>> | null = null;
  let metricsServer: MetricsServer | null = null;
  // each part named as it stops: a stop that outlasts SHUTDOWN_TIMEOUT_MS says which part held it up
  const stopping = async (part: string, stop: () => Promise<unknown>): Promise<void> => {
    logger.info({ part }, `stopping ${part}`);
    await stop();
  };
  const stopParts = async (): Promise<void> => {
    clearInterval(sweepCounters);
    try {
      await stopping('the daily job', async () => scheduler?.stop());
      await stopping('the services', () => Promise.all([...services.map((service) => service.app.close()), metricsServer?.close()]));
      await stopping('the projectors', () => Promise.all(projectors.map((projector) => projector.stop())));
    } finally {
      await core.close(stopping);
    }
  };
  try {
    const measured = observed?.attach(core, projections) ?? null;
    if (observed && config.METRICS_PORT !== undefined) {
      // before the projectors: a rebuild at start is what an operator most wants to watch
      const { startMetricsServer } = await import('../infra/metrics/server.ts');
      metricsServer = await startMetricsServer({ registry: observed.registry, host: config.HOST, port: config.METRICS_PORT });
      logger.info({ url: `http://${config.HOST}:${metricsServer.port}/metrics` }, 'metrics listening');
    }
    if (config.ROLES.includes('projector')) {
      const checkpointMoves = createCheckpointMoves(core.db.slonik);
      for (const projection of projections.filter((candidate) => config.PROJECTIONS.some((name) => name === candidate.name))) {
        projectors.push(
          startProjector({
            pool: core.db.slonik,
            store: core.store,
            projection,
            progress: core.progress,
            log: logger,
            rebuild: measured?.rebuild(projection.name, projection.streams),
            checkpointMoves,
          }),
        );
      }
    }
    // reads need the read tables; a rebuild at start still serves from the old ones meanwhile
    await Promise.all(projectors.map((projector) => projector.ready));
    // the rate counters (sign-ins, mail, forms saves) are shared by every service; the longest allowance lasts an hour
    sweepCounters = config.ROLES.includes('api')
      ? setInterval(() => {
          void core.rateLimiter.sweep(2 * 60 * 60_000).catch(() => undefined);
          void core.signInThrottle.sweep().catch(() => undefined);
        }, 60_000)
      : undefined;
    sweepCounters?.unref();
    const { createShowsRuntime, startShowsScheduler } = await loadServices();
    const shows = await createShowsRuntime(core, (entry, message) => logger.warn(entry, message), measured?.dailyJob);
    if (config.ROLES.includes('api')) {
      for (const service of await buildServices(core, logger, shows, measured?.requests)) {
        await service.app.listen({ host: config.HOST, port: service.port });
        const address = service.app.server.address();
        const port = typeof address === 'object' && address ? address.port : service.port;
        logger.info({ service: service.name, url: `http://${config.HOST}:${port}` }, 'service listening');
        services.push({ ...service, port });
      }
    }
    scheduler = config.ROLES.includes('scheduler')
      ? await startShowsScheduler(core, shows, (entry, message) => logger.info(entry, message))
      : null;
  } catch (error) {
    // a start that fails half way (a port taken, say) leaves no embedded server behind
    await stopParts().catch(() => undefined);
    throw error;
  }
  return {
    core,
    services,
    projectors,
    metrics: metricsServer,
    stop: stopParts,
  };
}
