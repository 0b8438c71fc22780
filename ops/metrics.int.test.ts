// METRICS_PORT end to end: the real composition root (startSystem) with the admin port on, real
// requests to the services over sockets, then what Prometheus would scrape, parsed and checked.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import t from 'tap';
import webpush from 'web-push';
import { CLUB_SETTINGS_STREAM } from '../domain/club/settings.ts';
import { formStream } from '../domain/forms/form.ts';
import { userStream as gymUserStream } from '../domain/gym/user.ts';
import { userStream as showsUserStream } from '../domain/shows/user.ts';
import { loadConfig } from '../infra/config.ts';
import { newEvent } from '../infra/eventstore/contract.ts';
import { makeDatabase } from '../testing/database.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { postmarkStandIn } from '../testing/stand-ins/postmark.ts';
import { until } from '../testing/until.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { openCore, projections, startSystem, type System } from './system.ts';
import { TEST_SESSION_SECRET } from '../testing/harness.ts';

// 12:30 in Amman on 2026-09-30: Slow Horses (45039) S6E3 airs that day, so the daily job has a send
const NOW = '2026-09-30T09:30:00.000Z';
const ADMIN_TOKEN = 'an-admin-token-for-tests';
/** events no projection reads, in the log before the first start */
const OTHERS = 7;

const db = await makeDatabase();
const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-metrics-'));
// last in, first out: the systems, then the database and the folder
const closers: (() => Promise<unknown>)[] = [() => db.drop(), () => rm(dataDir, { recursive: true, force: true })];
t.teardown(async () => {
  for (const close of closers.reverse()) await close();
});
const tvmaze = await tvmazeStandIn(t);
const postmark = await postmarkStandIn(t);
const vapid = webpush.generateVAPIDKeys();
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: db.url,
  DATABASE_POOL_SIZE: '12',
  DATA_DIR: dataDir,
  SESSION_SECRET: TEST_SESSION_SECRET,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  TVMAZE_URL: tvmaze.url,
  MAIL_API_KEY: 'postmark-test-token',
  MAIL_API_URL: postmark.url,
  ADMIN_TOKEN,
  FORMS_DIR: await makeFormsDir(t),
  GYM_PORT: '0',
  SHOWS_PORT: '0',
  CLUB_PORT: '0',
  FORMS_PORT: '0',
  // the scheduler's catch-up at start would run the fixed day's job before the test's tracker exists
  ROLES: 'api,projector',
};
const silent = pino({ level: 'silent' });

// Events in the log before the first start: each projection's first build reads those of its
// streams, and only those.
const SEEDED: Record<string, number> = { gym: 1, shows: 1, forms: 2, club: 1 };
{
  const core = await openCore(loadConfig(env));
  for (let i = 0; i < OTHERS; i++) await core.store.append(`seed.s${i}`, [newEvent('noted', { i })], 'no_stream');
  const createdAt = '2026-09-01T08:00:00.000Z';
  await core.store.append(gymUserStream(randomUUID()), [newEvent('account-created', { email: 'seed@gym.example', createdAt })], 'no_stream');
  await core.store.append(showsUserStream(randomUUID()), [newEvent('account-created', { email: 'seed@shows.example', createdAt })], 'no_stream');
  await core.store.append(formStream('seeded'), [0, 1].map((i) => newEvent('form-patched', { answers: { q1: `answer ${i}` }, notes: {}, patchedAt: createdAt })), 'no_stream');
  await core.store.append(CLUB_SETTINGS_STREAM, [newEvent('level-added', { id: 'seeded', name: 'Seeded', rank: 1, isCoach: false })], 'no_stream');
  await core.close();
}

const system: System = await startSystem(loadConfig({ ...env, METRICS_PORT: '0' }), silent, { now: () => new Date(NOW) });
let stopped = false;
closers.push(async () => {
  if (!stopped) await system.stop();
});
const metricsUrl = `http://127.0.0.1:${system.metrics!.port}/metrics`;
const base = (name: string): string => `http://127.0.0.1:${system.services.find((service) => service.name === name)!.port}`;

type Sample = { readonly name: string; readonly labels: Readonly<Record<string, string>>; readonly value: number };

/** Prometheus's text format, the sample lines of it. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const response = await fetch(metricsUrl);
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  return parse(await response.text());
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** the samples of the first scrape that `check` holds of */
const eventually = (what: string, check: (samples: Sample[]) => boolean, timeoutMs = 10_000): Promise<Sample[]> =>
  until(what, async () => {
    const samples = await scrape();
    return check(samples) && samples;
  }, timeoutMs);

/**
 * Every committed event of the context's streams appended since the start (the seeded ones left
 * out), counted in the log's table: reading the log stops short of a transaction still open (a
 * projector's batch), and would count too few.
 */
async function eventsIn(context: string): Promise<number> {
  const { rows } = await system.core.db.pg.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM es.events WHERE starts_with(stream_name, $1)",
    [`${context}.`],
  );
  return rows[0]!.n - (SEEDED[context] ?? 0);
}

/** Committed events after the projection's checkpoint (of streams starting so, when given), counted in the log's table. */
async function eventsAfterCheckpointOf(projection: string, prefix = ''): Promise<number> {
  const { rows } = await system.core.db.pg.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM es.events e, projection_state.checkpoints c
     WHERE c.name = $1 AND (e.transaction_id, e.global_position) > (c.commit_position::text::xid8, c.prepare_position) AND starts_with(e.stream_name, $2)`,
    [projection, prefix],
  );
  return rows[0]!.n;
}

async function send(url: string, method: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

t.test('the admin port answers GET /metrics in Prometheus text, and nothing else', async (t) => {
  const response = await fetch(metricsUrl);
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  t.match(await response.text(), /^# HELP /m);
  t.equal((await fetch(metricsUrl.replace('/metrics', '/'))).status, 404);
  t.equal((await fetch(`${metricsUrl}x`)).status, 404);
  t.equal((await fetch(metricsUrl, { method: 'POST' })).status, 404);
  t.notOk(system.services.some((service) => service.port === system.metrics!.port), 'a port of its own');
  t.equal((await fetch(`${base('gym')}/metrics`)).status, 404, 'the services do not serve it');
});

// (the total is raised to what was read when a build ends, so only the read count says something here;
// how the total comes from the log's count is infra/metrics/metrics.unit.test.ts's)
t.test("the first build of each projection at start: every event of its streams read, none of the others'", async (t) => {
  const samples = await eventually('every build to finish', (found) =>
    projections.every((projection) => valueOf(found, 'ledger_projection_rebuild_running', { projection: projection.name }) === 0),
  );
  for (const { name } of projections) {
    t.equal(valueOf(samples, 'ledger_projection_rebuild_events_read', { projection: name }), SEEDED[name], `${name}: read`);
  }
});

let workoutId = '';
t.test('gym requests: one histogram series per route template and status; appends by context', async (t) => {
  const gym = base('gym');
  const signup = await send(`${gym}/api/auth/signup`, 'POST', { email: 'metrics@example.org', password: 'correct horse battery' });
  t.equal(signup.status, 201);
  const session = { cookie: signup.cookie };
  const exercise = await send(`${gym}/api/exercises`, 'POST', { name: 'Squat' }, session);
  t.equal(exercise.status, 201);
  const workout = await send(`${gym}/api/sessions`, 'POST', { date: '2026-09-30' }, session);
  t.equal(workout.status, 201);
  workoutId = String(workout.json.id);
  for (let set = 1; set <= 3; set++) {
    const ticked = await send(`${gym}/api/sessions/${workoutId}/sets`, 'POST', { exerciseId: exercise.json.id, setNumber: set, kg: 100, reps: 5 }, session);
    t.equal(ticked.status, 201, `set ${set}`);
  }
  t.equal((await send(`${gym}/api/sessions/${workoutId}`, 'GET', undefined, session)).status, 200);
  t.equal((await send(`${gym}/api/no-such-route/${workoutId}`, 'GET')).status, 404);

  const samples = await scrape();
  const count = (labels: Record<string, string>) => valueOf(samples, 'ledger_http_request_duration_seconds_count', { service: 'gym', ...labels });
  t.equal(count({ method: 'POST', route: '/api/sessions/:id/sets', status_code: '201' }), 3, 'three ticks under the template');
  t.equal(count({ method: 'POST', route: '/api/auth/signup', status_code: '201' }), 1);
  t.equal(count({ method: 'GET', route: '/api/sessions/:id', status_code: '200' }), 1);
  t.equal(count({ method: 'GET', route: 'unmatched', status_code: '404' }), 2, 'an unknown path is "unmatched": this one and /metrics asked of gym above');
  const sum = valueOf(samples, 'ledger_http_request_duration_seconds_sum', { service: 'gym', method: 'POST', route: '/api/sessions/:id/sets', status_code: '201' });
  t.ok(sum !== undefined && sum > 0 && sum < 30, `the three ticks took ${sum} s in all`);
  const inf = valueOf(samples, 'ledger_http_request_duration_seconds_bucket', { service: 'gym', route: '/api/sessions/:id/sets', status_code: '201', le: '+Inf' });
  t.equal(inf, 3, 'every observation is in the +Inf bucket');
  t.notOk(
    samples.some((sample) => Object.values(sample.labels).some((value) => value.includes(workoutId))),
    'no raw URL (with its id) in any label',
  );

  const gymEvents = await eventsIn('gym');
  t.equal(valueOf(samples, 'ledger_events_appended_total', { context: 'gym' }), gymEvents, 'every gym event of the log, counted once');
  const appended = valueOf(samples, 'ledger_commands_appended_total', { context: 'gym' }) ?? 0;
  t.ok(appended >= 6 && appended <= gymEvents, `${appended} gym appends for 6 writes`);
  t.equal(valueOf(samples, 'ledger_commands_appended_total', { context: 'club' }), 0, 'a context nobody wrote to counts 0');
});

t.test('a form save that meets another writer is counted as a conflict, retried, and saved', async (t) => {
  const forms = base('forms');
  const save = (contact: string) => send(`${forms}/api/forms/welcome`, 'POST', { answers: { contact } }, { origin: 'http://localhost:3004' });
  t.equal((await save('first')).status, 200);
  t.equal((await save('second')).status, 200);
  // another process's write: the handler's remembered revision is now behind the stream's
  const stream = 'forms.form-welcome';
  const last = (await system.core.store.readStream(stream)).at(-1)!;
  await system.core.store.append(stream, [{ ...newEvent(last.type, last.data), metadata: last.metadata }], 'any');
  const third = await save('third');
  t.equal(third.status, 200);
  t.match(third.json, { answers: { contact: 'third' } });

  const samples = await scrape();
  t.equal(valueOf(samples, 'ledger_command_conflicts_total', { context: 'forms', outcome: 'retried' }), 1);
  t.equal(valueOf(samples, 'ledger_command_conflicts_total', { context: 'forms', outcome: 'gave_up' }), undefined, 'it never gave up');
  t.equal(valueOf(samples, 'ledger_commands_appended_total', { context: 'forms' }), 3, "three saves; the other writer's append is not this handler's");
  t.equal(valueOf(samples, 'ledger_events_appended_total', { context: 'forms' }), (await eventsIn('forms')) - 1);
});

t.test('the daily job counts its sends and failures per channel', async (t) => {
  const shows = base('shows');
  const signup = await send(`${shows}/api/auth/signup`, 'POST', { email: 'tracker@example.org', password: 'a long enough password' });
  t.equal(signup.status, 201);
  t.equal((await send(`${shows}/api/shows/track`, 'POST', { showId: 45039 }, { cookie: signup.cookie })).status, 201);
  const runCron = () => send(`${shows}/api/admin/run-cron`, 'POST', undefined, { 'x-admin-token': ADMIN_TOKEN });

  postmark.setMode('fail');
  t.match((await runCron()).json, { day: '2026-09-30', sent: 0, failed: 1 });
  postmark.setMode('ok');
  t.match((await runCron()).json, { day: '2026-09-30', sent: 1, failed: 0 });

  const samples = await scrape();
  t.equal(valueOf(samples, 'ledger_daily_job_failures_total', { channel: 'email' }), 1);
  t.equal(valueOf(samples, 'ledger_daily_job_sends_total', { channel: 'email' }), 1);
  t.equal(valueOf(samples, 'ledger_daily_job_sends_total', { channel: 'push' }), 0);
  t.equal(valueOf(samples, 'ledger_daily_job_failures_total', { channel: 'push' }), 0);
  // the claims and outcomes bypass the command handler and are counted all the same
  t.equal(valueOf(samples, 'ledger_events_appended_total', { context: 'shows' }), await eventsIn('shows'));
});

t.test("projection lag: every projection at 0 once caught up; a stopped projector falls behind by its own streams' events, not others'", async (t) => {
  let samples = await eventually('every projection to catch up', (found) =>
    projections.every((projection) => valueOf(found, 'ledger_projection_lag_events', { projection: projection.name }) === 0),
  );
  for (const { name } of projections) t.equal(valueOf(samples, 'ledger_projection_lag_seconds', { projection: name }), 0, `${name}: 0 s behind`);

  await system.projectors[projections.findIndex((projection) => projection.name === 'forms')]!.stop();
  const gymBefore = valueOf(await scrape(), 'ledger_events_appended_total', { context: 'gym' })!;
  const signup = await send(`${base('gym')}/api/auth/signup`, 'POST', { email: 'later@example.org', password: 'correct horse battery' });
  t.equal(signup.status, 201);
  t.ok(valueOf(await scrape(), 'ledger_events_appended_total', { context: 'gym' })! > gymBefore, 'the sign-up wrote');
  t.ok((await eventsAfterCheckpointOf('forms')) > 0, "the sign-up's events are after the stopped checkpoint");
  samples = await scrape();
  t.equal(valueOf(samples, 'ledger_projection_lag_events', { projection: 'forms' }), 0, "they are the gym's: not forms' lag");
  t.equal(valueOf(samples, 'ledger_projection_lag_events', { projection: 'gym' }), 0, 'the command waited for gym');

  // a save appended as the forms command would (which would then wait for the stopped projector)
  await system.core.store.append(formStream('lag-check'), [0, 1].map((i) => newEvent('form-patched', { answers: { q1: `later ${i}` }, notes: {}, patchedAt: NOW })), 'no_stream');
  // the reference is the log's table after the stopped checkpoint; the gauge reads the log, which
  // holds back events behind a transaction still open (another projector's batch) until it ends
  samples = await until("forms to be behind by its own events after its checkpoint", async () => {
    const found = await scrape();
    return valueOf(found, 'ledger_projection_lag_events', { projection: 'forms' }) === (await eventsAfterCheckpointOf('forms', 'forms.')) && found;
  });
  t.equal(valueOf(samples, 'ledger_projection_lag_events', { projection: 'forms' }), 2, 'the two saves');
  const seconds = valueOf(samples, 'ledger_projection_lag_seconds', { projection: 'forms' })!;
  t.ok(seconds > 0 && seconds < 30, `the oldest has waited ${seconds} s`);

  // the gym's projector stopped too: another context's event after its checkpoint is not its lag, its own is
  await system.projectors[projections.findIndex((projection) => projection.name === 'gym')]!.stop();
  await system.core.store.append(formStream('lag-check-2'), [newEvent('form-patched', { answers: { q1: 'later' }, notes: {}, patchedAt: NOW })], 'no_stream');
  samples = await eventually('forms to count the third save', (found) => valueOf(found, 'ledger_projection_lag_events', { projection: 'forms' }) === 3);
  t.equal(valueOf(samples, 'ledger_projection_lag_events', { projection: 'gym' }), 0, "a form saved after the gym's checkpoint is not the gym's lag");
  await system.core.store.append(gymUserStream(randomUUID()), [newEvent('account-created', { email: 'unapplied@gym.example', createdAt: NOW })], 'no_stream');
  await eventually('the gym to be behind by its own event', (found) => valueOf(found, 'ledger_projection_lag_events', { projection: 'gym' }) === 1);
});

t.test('pool usage and event loop lag', async (t) => {
  const samples = await scrape();
  t.equal(valueOf(samples, 'ledger_db_pool_max_connections', { pool: 'slonik' }), 12, 'DATABASE_POOL_SIZE');
  t.equal(valueOf(samples, 'ledger_db_pool_max_connections', { pool: 'pg' }), 6, 'half of it for the driver pool');
  for (const pool of ['pg', 'slonik']) {
    const open = (valueOf(samples, 'ledger_db_pool_connections', { pool, state: 'in_use' }) ?? -1) + (valueOf(samples, 'ledger_db_pool_connections', { pool, state: 'idle' }) ?? -1);
    t.ok(open >= 1 && open <= (pool === 'pg' ? 6 : 12), `${pool}: ${open} connections open`);
    t.equal(valueOf(samples, 'ledger_db_pool_waiting_clients', { pool }), 0, `${pool}: nobody waits`);
  }
  const lag = valueOf(samples, 'nodejs_eventloop_lag_seconds');
  t.ok(lag !== undefined && lag >= 0 && lag < 5, `event loop lag ${lag} s`);
  t.ok(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds') !== undefined);
});

t.test('the admin port closes with the system; without METRICS_PORT there is none', async (t) => {
  await system.stop();
  stopped = true;
  await t.rejects(fetch(metricsUrl), 'nothing answers on the old port');
  const plain = await startSystem(loadConfig(env), silent);
  closers.push(() => plain.stop());
  t.equal(plain.metrics, null, 'no metrics server');
  t.equal(plain.services.length, 4, 'the services run as usual');
});
