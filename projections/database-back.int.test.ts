// After an outage, reads that wait for a projection answer again as soon as the database does: a
// projector waits out an unreachable database with a short back-off of its own (not the one for an
// event it cannot apply), and is woken when the database is seen answering. Each test reaches the
// run's PostgreSQL through a proxy it cuts, so the server other test files share stays up.
import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { newEvent } from '../infra/eventstore/contract.ts';
import { comparePositions, type Position } from '../infra/eventstore/port.ts';
import { loadConfig } from '../infra/config.ts';
import { cuttableProxy, type CuttableProxy } from '../testing/cuttable-proxy.ts';
import { makeDatabase } from '../testing/database.ts';
import { makeFormsDir } from '../testing/forms/questionnaire.ts';
import { until, waitUntil } from '../testing/until.ts';
import { buildServices, type Core, openCore, projections } from '../ops/system.ts';
import { TEST_SESSION_SECRET } from '../testing/harness.ts';
import type { RetryPolicy } from './retry.ts';
import { readCheckpoint } from './runtime/checkpoints.ts';
import type { Logger } from './runtime/projection.ts';
import { startProjector } from './runtime/projector.ts';
import { eventLogProjection } from '../testing/projections/event-log-projection.ts';

// a pause no test waits out: an answer within the test's time came from something cutting it short
const TEN_MINUTES: RetryPolicy = { firstMs: 600_000, maxMs: 600_000 };
const ORIGIN = 'http://localhost:3004';

type Warnings = Logger & { readonly lost: () => number };

/** a projector's log, counting its warnings that it lost the database */
function outageLog(): Warnings {
  let lost = 0;
  return {
    info: () => undefined,
    warn: (_object, message) => void (/lost the database/.test(message ?? '') && lost++),
    error: () => undefined,
    lost: () => lost,
  };
}

type Setup = { readonly direct: Core; readonly proxy: CuttableProxy; readonly proxied: (env?: Record<string, string>) => Promise<Core> };

/** A fresh database, a core straight on it (the test's own view) and cores through a proxy the test cuts. */
async function setUp(t: Test): Promise<Setup> {
  const db = await makeDatabase({ migrated: true });
  const proxy = await cuttableProxy(db.url);
  const open = async (url: string, env: Record<string, string> = {}): Promise<Core> => {
    const core = await openCore(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, DATABASE_POOL_SIZE: '6', SESSION_SECRET: TEST_SESSION_SECRET, ...env }),
    );
    t.teardown(() => core.close());
    return core;
  };
  // torn down last in, first out: the cores, then the proxy, then the database
  t.teardown(async () => {
    await proxy.close();
    await db.drop();
  });
  const direct = await open(db.url);
  return { direct, proxy, proxied: (env) => open(proxy.url, env) };
}

const reached = async (core: Core, name: string, position: Position): Promise<boolean> => {
  const at = await readCheckpoint(core.db.slonik, name);
  return at !== null && comparePositions(at.position, position) >= 0;
};

t.test('after an outage long enough for the back-off to grow, a read that waits for its projection answers again within seconds', async (t) => {
  const { proxy, proxied } = await setUp(t);
  const core = await proxied({ PROJECTION_WAIT_MS: '1000', FORMS_DIR: await makeFormsDir(t, ['back']) });
  // the production back-off, as ops/system.ts starts them
  const log = outageLog();
  const projectors = projections.map((projection) => startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log }));
  t.teardown(() => Promise.all(projectors.map((projector) => projector.stop())));
  await Promise.all(projectors.map((projector) => projector.ready));
  const services = await buildServices(core, false);
  t.teardown(() => Promise.all(services.map((service) => service.app.close())));
  const forms = services.find((service) => service.name === 'forms')!.app;
  const save = (value: string) =>
    forms.inject({ method: 'POST', url: '/api/forms/back', headers: { origin: ORIGIN, 'x-real-ip': '192.0.2.7' }, payload: { answers: { q0: value } } });
  // The form's API client keeps no position: its read waits up to PROJECTION_WAIT_MS for the head
  // of the log (readsLogHead), then answers 503 NOT_READY; a loaded machine may need a few.
  const readShowing = (value: string, timeoutMs: number) =>
    until(
      `a read answers 200 with the save '${value}'`,
      async () => {
        const response = await forms.inject({ method: 'GET', url: '/api/forms/back' });
        return response.statusCode === 200 && response.json<{ answers: Record<string, string> }>().answers.q0 === value;
      },
      timeoutMs,
    );

  t.equal((await save('before')).statusCode, 200);
  t.ok(await readShowing('before', 30_000), 'before: a read has the save');

  await proxy.cut();
  await until('every projector lost the database', () => log.lost() >= projections.length);
  // Sixteen seconds away: a back-off of one second doubling, as outages had, tried at 1, 3, 7 and
  // 15 s and next at 31 s, fifteen seconds after the database is back.
  await sleep(16_000);
  t.match((await save('during')).json(), { code: 'DATABASE_UNAVAILABLE' }, 'during: a save answers 503');
  await proxy.restore();

  const back = Date.now();
  await until('a save answers 200 again', async () => (await save('after')).statusCode === 200, 10_000);
  // ten seconds: generous for a loaded machine, and five short of the old back-off's next attempt
  t.ok(await readShowing('after', 10_000), 'after: a read has the save made once the database was back');
  t.comment(`a read answered 200 ${Date.now() - back} ms after the database came back`);
});

t.test('a projector waiting out an outage is woken by a read that waits for it once the database answers', async (t) => {
  const { direct, proxy, proxied } = await setUp(t);
  // an API process's core: no LISTEN telling the projector that the database is back
  const core = await proxied({ ROLES: 'api' });
  const log = outageLog();
  const projector = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection: eventLogProjection('wakeread'),
    progress: core.progress,
    log,
    retry: TEN_MINUTES,
    outageRetry: TEN_MINUTES,
  });
  t.teardown(() => projector.stop());
  await projector.ready;
  await direct.store.append('back.first', [newEvent('noted')], 'no_stream');
  t.ok(await core.progress.waitFor(['wakeread'], await direct.store.headPosition(), 30_000), 'applied before the outage');

  await proxy.cut();
  await until('the projector lost the database', () => log.lost() >= 1);
  await direct.store.append('back.during', [newEvent('noted')], 'no_stream');
  const head = await direct.store.headPosition();
  await proxy.restore();
  t.ok(await core.progress.waitFor(['wakeread'], head, 30_000), 'a read that waits gets the event written during the outage');
});

t.test('a projector waiting out an outage tries again when the LISTEN connection is back, with no read waiting', async (t) => {
  const { direct, proxy, proxied } = await setUp(t);
  // a process running projectors: its LISTEN connection hears the reads of other processes
  const core = await proxied();
  const log = outageLog();
  const projector = startProjector({
    pool: core.db.slonik,
    store: core.store,
    projection: eventLogProjection('wakelisten'),
    progress: core.progress,
    log,
    retry: TEN_MINUTES,
    outageRetry: TEN_MINUTES,
  });
  t.teardown(() => projector.stop());
  await projector.ready;
  await direct.store.append('back.first', [newEvent('noted')], 'no_stream');
  const first = await direct.store.headPosition();
  t.ok(await waitUntil(() => reached(direct, 'wakelisten', first), 30_000), 'applied before the outage');

  await proxy.cut();
  await until('the projector lost the database', () => log.lost() >= 1);
  await direct.store.append('back.during', [newEvent('noted')], 'no_stream');
  const head = await direct.store.headPosition();
  await proxy.restore();
  // nothing here waits for the projection: only its checkpoint, read straight from the database
  t.ok(await waitUntil(() => reached(direct, 'wakelisten', head), 30_000), 'the projector applied the event written during the outage');
});

t.test('a read whose NOTIFY to another process was lost in the outage sends it again once the database answers', async (t) => {
  const { direct, proxy, proxied } = await setUp(t);
  // the projector runs in the other process (the direct core, hearing NOTIFYs), resting ten minutes after a busy batch
  const projector = startProjector({
    pool: direct.db.slonik,
    store: direct.store,
    projection: eventLogProjection('wakeremote'),
    progress: direct.progress,
    log: outageLog(),
    busyRestMs: 600_000,
  });
  t.teardown(() => projector.stop());
  await projector.ready;
  // an API process without projectors, reaching the database through the proxy
  const reads = (await proxied({ ROLES: 'api' })).progress;
  // twenty events in one append reach the projector as one batch: a busy log, so it rests after it
  await direct.store.append('back.busy', Array.from({ length: 20 }, (_, i) => newEvent('noted', { i })), 'no_stream');
  const busy = await direct.store.headPosition();
  t.ok(await waitUntil(() => reached(direct, 'wakeremote', busy), 30_000), 'the busy batch is applied');
  await direct.store.append('back.resting', [newEvent('noted')], 'no_stream');
  const head = await direct.store.headPosition();

  await proxy.cut();
  t.notOk(await reads.waitFor(['wakeremote'], head, 1000), 'during the outage a read waits in vain: its NOTIFY does not leave');
  await proxy.restore();
  t.ok(await reads.waitFor(['wakeremote'], head, 30_000), 'once the database answers, a read wakes the projector in the other process');
});
