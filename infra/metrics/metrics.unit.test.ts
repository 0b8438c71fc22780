import { register as globalRegistry, Registry } from 'prom-client';
import t from 'tap';
import {
  appendRecorder,
  contextOfStream,
  createMetrics,
  dailyJobRecorder,
  rebuildRecorder,
  registerPoolUsage,
  registerProjectionLag,
  requestRecorder,
} from './metrics.ts';

/** name{label="value",…} → value, for every sample of the registry's text exposition */
async function samples(registry: Registry): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  for (const line of (await registry.metrics()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

t.test('a stream belongs to the context its name starts with; anything else is other', async (t) => {
  t.equal(contextOfStream('gym.workout-0f8e'), 'gym');
  t.equal(contextOfStream('gym.user-1'), 'gym');
  t.equal(contextOfStream('shows.notification-u.1.episode-airing.email'), 'shows');
  t.equal(contextOfStream('club.settings'), 'club');
  t.equal(contextOfStream('forms.form-welcome'), 'forms');
  t.equal(contextOfStream('ops.parked-gym'), 'ops');
  t.equal(contextOfStream('crash.s1'), 'other', 'a name of no context');
  t.equal(contextOfStream('gym'), 'other', 'no dot: no prefix');
  t.equal(contextOfStream('.gym'), 'other');
  t.equal(contextOfStream('GYM.user-1'), 'other', 'prefixes are matched exactly');
  t.equal(contextOfStream('gymnastics.x'), 'other', 'a whole segment, not the start of one');
});

t.test('appends and conflicts are counted by context, every context from zero', async (t) => {
  const registry = new Registry();
  const metrics = createMetrics(registry);
  const appends = appendRecorder(metrics);
  appends.appended('gym.workout-1', 3);
  appends.appended('gym.user-1', 1);
  appends.appended('crash.s1', 2);
  appends.conflicted('forms.form-welcome', 'retried');
  appends.conflicted('forms.form-welcome', 'retried');
  appends.conflicted('forms.form-welcome', 'gave_up');
  const values = await samples(registry);
  t.equal(values.get('ledger_commands_appended_total{context="gym"}'), 2);
  t.equal(values.get('ledger_events_appended_total{context="gym"}'), 4);
  t.equal(values.get('ledger_commands_appended_total{context="other"}'), 1);
  t.equal(values.get('ledger_events_appended_total{context="other"}'), 2);
  t.equal(values.get('ledger_commands_appended_total{context="club"}'), 0, 'a context with no append yet has its series');
  t.equal(values.get('ledger_command_conflicts_total{context="forms",outcome="retried"}'), 2);
  t.equal(values.get('ledger_command_conflicts_total{context="forms",outcome="gave_up"}'), 1);
});

t.test('a request is recorded under its route template, unmatched when it had none', async (t) => {
  const registry = new Registry();
  const metrics = createMetrics(registry);
  const gym = requestRecorder(metrics, 'gym');
  gym({ method: 'POST', route: '/api/sessions/:id/sets', statusCode: 201, seconds: 0.004 });
  gym({ method: 'POST', route: '/api/sessions/:id/sets', statusCode: 201, seconds: 0.3 });
  gym({ method: 'GET', route: null, statusCode: 404, seconds: 0.001 });
  const values = await samples(registry);
  const sets = 'service="gym",method="POST",route="/api/sessions/:id/sets",status_code="201"';
  t.equal(values.get(`ledger_http_request_duration_seconds_count{${sets}}`), 2);
  t.equal(values.get(`ledger_http_request_duration_seconds_bucket{le="0.005",${sets}}`), 1);
  t.equal(values.get(`ledger_http_request_duration_seconds_bucket{le="0.5",${sets}}`), 2);
  t.equal(values.get(`ledger_http_request_duration_seconds_sum{${sets}}`), 0.304);
  t.equal(values.get('ledger_http_request_duration_seconds_count{service="gym",method="GET",route="unmatched",status_code="404"}'), 1);
});

t.test('daily job sends and failures by channel, each channel from zero', async (t) => {
  const registry = new Registry();
  const job = dailyJobRecorder(createMetrics(registry), ['email', 'push']);
  job.sent('email');
  job.sent('email');
  job.failed('push');
  const values = await samples(registry);
  t.equal(values.get('ledger_daily_job_sends_total{channel="email"}'), 2);
  t.equal(values.get('ledger_daily_job_sends_total{channel="push"}'), 0);
  t.equal(values.get('ledger_daily_job_failures_total{channel="email"}'), 0);
  t.equal(values.get('ledger_daily_job_failures_total{channel="push"}'), 1);
});

t.test('a rebuild: read and total as it goes, the count of the log arriving late, both equal when finished', async (t) => {
  const registry = new Registry();
  const metrics = createMetrics(registry);
  let resolveCount: (count: number) => void = () => undefined;
  const rebuild = rebuildRecorder(metrics, 'gym', () => new Promise<number>((resolve) => (resolveCount = resolve)));
  const gauges = async () => {
    const values = await samples(registry);
    return ['running', 'events_read', 'events_total'].map((name) => values.get(`ledger_projection_rebuild_${name}{projection="gym"}`));
  };
  rebuild.started();
  t.same(await gauges(), [1, 0, 0], 'started; the total is not counted yet');
  rebuild.progress(2000);
  t.same(await gauges(), [1, 2000, 2000], 'the total is at least what was read');
  resolveCount(5000);
  await new Promise((resolve) => setImmediate(resolve));
  t.same(await gauges(), [1, 2000, 5000], 'the count arrived');
  rebuild.progress(5200);
  t.same(await gauges(), [1, 5200, 5200], 'events written meanwhile are read too');
  rebuild.finished(true);
  t.same(await gauges(), [0, 5200, 5200]);

  rebuild.started();
  const late = resolveCount;
  rebuild.progress(10);
  rebuild.finished(true);
  late(9999);
  await new Promise((resolve) => setImmediate(resolve));
  t.same(await gauges(), [0, 10, 10], 'a count that ends after the rebuild is ignored');

  rebuild.started();
  resolveCount(9000);
  await new Promise((resolve) => setImmediate(resolve));
  rebuild.progress(4000);
  rebuild.finished(false);
  t.same(await gauges(), [0, 4000, 9000], 'a failed rebuild is no longer running and shows how far it got');
});

t.test('lag and pools are read when scraped; a failed lag reading drops its series', async (t) => {
  const registry = new Registry();
  createMetrics(registry);
  let reads = 0;
  let failing = false;
  registerProjectionLag(registry, async () => {
    reads++;
    if (failing) throw new Error('the database is away');
    return [
      { projection: 'gym', events: 0, seconds: 0 },
      { projection: 'forms', events: 12, seconds: 3.5 },
    ];
  });
  registerPoolUsage(registry, () => [{ pool: 'pg', inUse: 2, idle: 3, waiting: 1, max: 10 }]);
  let values = await samples(registry);
  t.equal(reads, 1, 'one reading serves both lag gauges');
  t.equal(values.get('ledger_projection_lag_events{projection="forms"}'), 12);
  t.equal(values.get('ledger_projection_lag_seconds{projection="forms"}'), 3.5);
  t.equal(values.get('ledger_projection_lag_events{projection="gym"}'), 0);
  t.equal(values.get('ledger_db_pool_connections{pool="pg",state="in_use"}'), 2);
  t.equal(values.get('ledger_db_pool_connections{pool="pg",state="idle"}'), 3);
  t.equal(values.get('ledger_db_pool_waiting_clients{pool="pg"}'), 1);
  t.equal(values.get('ledger_db_pool_max_connections{pool="pg"}'), 10);
  failing = true;
  values = await samples(registry);
  t.equal(reads, 2, 'read again at the next scrape');
  t.equal(values.get('ledger_projection_lag_events{projection="forms"}'), undefined, 'no stale value');
  t.ok(values.has('ledger_db_pool_connections{pool="pg",state="idle"}'), 'the rest of the scrape still answers');
});

t.test("Node's own metrics come with the registry; prom-client's global registry stays empty", async (t) => {
  const registry = new Registry();
  createMetrics(registry);
  const values = await samples(registry);
  t.ok(values.has('nodejs_eventloop_lag_seconds'));
  t.ok(values.has('process_resident_memory_bytes'));
  t.equal(globalRegistry.getMetricsAsArray().length, 0);
});
