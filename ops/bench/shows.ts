// bench:shows: the daily job against local mail, push and TVmaze sinks, and GET /api/shows/tracked
// for a user with 200 tracked shows. Seeds by appending events straight to the event store.
// Run: PATH=$PWD/node_modules/.bin:$PATH node ops/bench/shows.ts (sizes from the environment).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { libraryStream } from '../../domain/shows/library.ts';
import { dayBounds, localDate } from '../../domain/shows/notification.ts';
import { userStream } from '../../domain/shows/user.ts';
import { loadConfig } from '../../infra/config.ts';
import type { NewEvent } from '../../infra/eventstore/port.ts';
import { startEmbeddedPostgres } from '../../infra/postgres/embedded.ts';
import { pushSink } from '../../testing/stand-ins/push.ts';
import { postmarkStandIn } from '../../testing/stand-ins/postmark.ts';
import { tvmazeStandIn } from '../../infra/tvmaze/recorded-server.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { buildShowsService, createShowsRuntime } from '../services/shows.ts';
import { openCore } from '../system.ts';
import { p50p99 } from './measure.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SHOWS_PER_USER = Number(process.env.BENCH_SHOWS_PER_USER ?? 20);
const AIRING = Number(process.env.BENCH_AIRING ?? 500);
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? 2000);
const PUSH_SHARE = Number(process.env.BENCH_PUSH_SHARE ?? 0.1);
const BIG_LIBRARY = Number(process.env.BENCH_BIG_LIBRARY ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BATCH = 64;

const teardowns: Array<() => Promise<void> | void> = [];
const t = { teardown: (fn: () => Promise<void> | void) => teardowns.push(fn) };

// deterministic choices, so two runs seed the same library
let seed = 42;
const random = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const now = new Date();
// one browser key pair for every subscription: the sink does not decrypt
const browser = createECDH('prime256v1');
browser.generateKeys();
const browserKey = browser.getPublicKey().toString('base64url');
const browserAuth = randomBytes(16).toString('base64url');
const day = localDate(now);
const airingAt = new Date(dayBounds(day).start.getTime() + 15 * 3600_000).toISOString();

function rawShow(id: number): object {
  const airsToday = id <= AIRING;
  const episodes = Array.from({ length: 10 }, (_, k) => {
    const at = airsToday && k === 9 ? airingAt : new Date(now.getTime() - (10 - k) * 7 * 86_400_000).toISOString();
    return { id: id * 100 + k, name: `Episode ${k + 1}`, season: 1, number: k + 1, airdate: at.slice(0, 10), airstamp: at, runtime: 60 };
  });
  return {
    id,
    url: `https://www.tvmaze.com/shows/${id}`,
    name: `Bench Show ${id}`,
    type: 'Scripted',
    language: 'English',
    genres: [['Drama', 'Comedy', 'Crime', 'Thriller'][id % 4]],
    status: 'Running',
    runtime: 60,
    premiered: '2020-01-01',
    network: { name: 'Bench TV' },
    image: null,
    rating: { average: 7 },
    weight: id % 100,
    summary: null,
    _embedded: { episodes },
  };
}

function event(type: string, data: Record<string, unknown>, userId: string): NewEvent {
  return { id: randomUUID(), type, data, metadata: { userId, correlationId: 'bench', causationId: 'bench', schemaVersion: 1 } };
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await Promise.all(items.slice(i, i + BATCH).map(work));
}


const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-shows-'));
// as root the server runs as the `postgres` user, which must be able to enter the folder
await chmod(tempDir, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: 0, persistent: false });
try {
  const tvmaze = await tvmazeStandIn(t);
  for (let id = 1; id <= CATALOGUE; id++) tvmaze.shows.set(id, rawShow(id));
  const mail = await postmarkStandIn(t);
  const push = await pushSink(t);
  const vapid = webpush.generateVAPIDKeys();
  const core = await openCore(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '20',
      DATA_DIR: tempDir,
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      TVMAZE_URL: tvmaze.url,
      TVMAZE_CALLS_PER_10S: '100000',
      // what the job can send flat out, not the pace it keeps beside people's requests
      DAILY_JOB_SENDS_PER_SECOND: '100000',
      ...(process.env.BENCH_MAIL === 'log' ? {} : { MAIL_API_KEY: 'bench' }),
      MAIL_API_URL: mail.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    }),
  );
  t.teardown(() => core.close());
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: showsProjection, progress: core.progress, log });
  t.teardown(() => projector.stop());
  await projector.ready;
  const runtime = await createShowsRuntime(core);

  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'}, nproc ${os.availableParallelism()}, node ${process.version}`);
  console.log(`sizes: ${USERS} users x ${SHOWS_PER_USER} shows of ${CATALOGUE}, ${AIRING} episodes airing today, ${Math.round(PUSH_SHARE * 100)}% with push`);

  // seed: one user stream and one library stream per user, appended in parallel batches
  const seeded = performance.now();
  const users = Array.from({ length: USERS }, (_, i) => ({ id: randomUUID(), index: i }));
  let events = 0;
  await inBatches(users, async ({ id, index }) => {
    const wantsPush = index < USERS * PUSH_SHARE;
    const account = [event('account-created', { email: `user${index}@bench.example`, createdAt: now.toISOString() }, id)];
    if (wantsPush) account.push(event('preferences-changed', { pushNotifications: true }, id));
    await core.store.append(userStream(id), account, 'no_stream');
    const shows = new Set<number>();
    while (shows.size < SHOWS_PER_USER) shows.add(1 + Math.floor(random() * CATALOGUE));
    const library = [...shows].map((showId) =>
      event('show-tracked', { trackedShowId: `c${randomUUID().replaceAll('-', '').slice(0, 24)}`, showId, at: now.toISOString() }, id),
    );
    await core.store.append(libraryStream(id), library, 'no_stream');
    if (wantsPush) {
      await runtime.subscriptions.upsert({
        id: randomUUID(),
        userId: id,
        endpoint: `${push.url}/push/${id}`,
        p256dh: browserKey,
        auth: browserAuth,
        now,
      });
    }
    events += account.length + library.length;
  });
  // the user whose dashboard is measured
  const big = await core.accounts.create('shows', 'big@bench.example', 'a bench password', { canChangePassword: true });
  await core.store.append(userStream(big.id), [event('account-created', { email: 'big@bench.example', createdAt: now.toISOString() }, big.id)], 'no_stream');
  const bigLibrary: NewEvent[] = [];
  for (let showId = 1; showId <= BIG_LIBRARY; showId++) {
    const trackedShowId = `cbig${String(showId).padStart(21, '0')}`;
    bigLibrary.push(event('show-tracked', { trackedShowId, showId, at: now.toISOString() }, big.id));
    for (let k = 0; k < 5; k++) {
      bigLibrary.push(
        event('episode-watched', { trackedShowId, watchedEpisodeId: `w${showId}x${k}`, episodeId: showId * 100 + k, season: 1, number: k + 1, at: now.toISOString() }, big.id),
      );
    }
  }
  await core.store.append(libraryStream(big.id), bigLibrary, 'no_stream');
  events += bigLibrary.length + 1;
  const seedSeconds = (performance.now() - seeded) / 1000;
  const head = await core.store.headPosition();
  if (!(await core.progress.waitFor(['shows'], head, 600_000))) throw new Error('the shows projection did not catch up');
  const projectedSeconds = (performance.now() - seeded) / 1000;
  console.log(`seeded ${events} events in ${seedSeconds.toFixed(1)} s; projected by ${projectedSeconds.toFixed(1)} s`);

  // the daily job: the cache is empty, so it also fetches every tracked show from the TVmaze sink
  const started = performance.now();
  const report = await runtime.runDailyJob(day);
  const seconds = (performance.now() - started) / 1000;
  const sends = report.sent;
  console.log(
    `daily job: ${seconds.toFixed(1)} s (refresh ${(report.refreshMs / 1000).toFixed(1)} s, sends ${(report.sendMs / 1000).toFixed(1)} s); ${report.refreshed} shows refreshed, ${report.episodes} episodes airing, ` +
      `${sends} sent (${mail.received.length} mails, ${push.count()} pushes), ${report.failed} failed; ${(sends / seconds).toFixed(0)} sends/s over the whole job, ${(sends / (report.sendMs / 1000)).toFixed(0)} in the send phase`,
  );
  const again = performance.now();
  const second = await runtime.runDailyJob(day);
  console.log(`second run: ${((performance.now() - again) / 1000).toFixed(1)} s, ${second.sent} sent, ${second.skipped} skipped`);

  // GET /api/shows/tracked for the user with the big library
  const app = await buildShowsService(core, runtime, false);
  t.teardown(() => app.close());
  const session = await core.sessions.shows.start(big.id);
  const get = () => app.inject({ method: 'GET', url: '/api/shows/tracked', headers: { cookie: `sid=${session.token}` } });
  const first = await get();
  if (first.statusCode !== 200) throw new Error(`GET /api/shows/tracked: ${first.statusCode} ${first.body}`);
  const listed = (first.json() as unknown[]).length;
  for (let i = 0; i < 20; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const at = performance.now();
    await get();
    times.push(performance.now() - at);
  }
  console.log(
    `GET /api/shows/tracked, ${listed} shows listed, ${REQUESTS} sequential requests (app.inject): ` +
      p50p99(times),
  );
} finally {
  for (const teardown of teardowns.reverse()) await teardown();
  await postgres.stop();
  await rm(tempDir, { recursive: true, force: true });
}
