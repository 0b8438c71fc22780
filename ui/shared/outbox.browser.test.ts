// ui/shared/outbox.ts in Chromium, against a local inbox that can be down (503), refuse (422) or
// hold a request: what is queued is never lost, is sent once per key with its newest body, and
// in the order it was queued.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startHarnessServer } from '../testing/harness-server.ts';
import { launchBrowser } from '../testing/browser.ts';

type Received = { readonly path: string; readonly body: unknown };
const inbox = {
  mode: 'up' as 'up' | 'down' | 'refusing',
  received: [] as Received[],
  attempts: 0,
  /** while set, requests wait for it */
  hold: null as PromiseWithResolvers<void> | null,
};

const { origin } = await startHarnessServer(t, (app) => {
  app.put('/inbox/:id', async (request, reply) => {
    inbox.attempts += 1;
    await inbox.hold?.promise;
    if (inbox.mode === 'down') return reply.code(503).send({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', error: 'Service Unavailable', message: 'Try again soon' });
    if (inbox.mode === 'refusing') return reply.code(422).send({ statusCode: 422, code: 'TOO_LATE', error: 'Unprocessable Entity', message: 'This night is already closed' });
    inbox.received.push({ path: request.url, body: request.body });
    return { ok: true };
  });
});

const browser = await launchBrowser();
t.teardown(() => browser.close());

const HOUR_MS = 3_600_000;

async function openPage(context?: Awaited<ReturnType<typeof browser.newContext>>): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage();
  await page.goto(origin);
  await page.locator('#ready').waitFor();
  return page;
}

/** Opens the app's outbox on the page, as an app does at start. */
async function openOutbox(page: Page, retryMs: number = HOUR_MS): Promise<void> {
  await page.evaluate((retryMs) => {
    (window as unknown as { outbox: unknown }).outbox = window.harness.openOutbox('app', retryMs);
  }, retryMs);
}

type OutboxOnPage = ReturnType<Window['harness']['openOutbox']>;
async function queue(page: Page, key: string, body: unknown): Promise<void> {
  await page.evaluate(([key, body]) => (window as unknown as { outbox: OutboxOnPage }).outbox.queue(key, 'PUT', `/inbox/${key}`, body), [key, body] as const);
}
async function pending(page: Page): Promise<{ key: string; body: unknown; refusal?: unknown }[]> {
  return page.evaluate(async () =>
    (await (window as unknown as { outbox: OutboxOnPage }).outbox.items()).map((item) => ({ key: item.key, body: item.body, ...(item.refusal ? { refusal: item.refusal } : {}) })),
  );
}
async function status(page: Page) {
  return page.evaluate(() => (window as unknown as { outbox: OutboxOnPage }).outbox.status());
}

/** Waits until the inbox holds `count` requests (a test that never gets them times out). */
/** Polls `done` every 20 ms; after 15 s it fails saying what it waited for and where things stood. */
async function waitFor(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 15_000; !(await done()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 15 s (server: ${inbox.attempts} attempts, ${inbox.received.length} received)`);
  }
}
async function received(count: number): Promise<Received[]> {
  await waitFor(`${count} received`, () => inbox.received.length >= count);
  return inbox.received;
}
async function attempted(count: number): Promise<void> {
  await waitFor(`${count} attempts`, () => inbox.attempts >= count);
}
/** Waits until the page's condition holds; polled from here, so it works under the page's fake clock too. */
async function until(page: Page, condition: () => boolean): Promise<void> {
  await waitFor(`the page's ${condition.toString()}`, () => page.evaluate(condition));
}
/** The outbox has finished whatever it was doing. */
async function settled(page: Page): Promise<void> {
  await until(page, () => !(window as unknown as { outbox: OutboxOnPage }).outbox.status().sending);
}

t.beforeEach(() => {
  inbox.mode = 'up';
  inbox.received = [];
  inbox.attempts = 0;
  inbox.hold = null;
});

t.test('queued items survive a reload and a closed tab, and are sent after, in the order queued', async (t) => {
  const context = await browser.newContext();
  let page = await openPage(context);
  inbox.mode = 'down';
  await openOutbox(page);
  for (const key of ['a', 'b', 'c']) await queue(page, key, { key });
  await attempted(1);
  await settled(page);
  t.same((await pending(page)).map((item) => item.key), ['a', 'b', 'c'], 'kept while the server is down');
  t.match(await status(page), { waiting: 3, offline: true });

  await page.reload();
  await page.locator('#ready').waitFor();
  const before = inbox.attempts;
  await openOutbox(page);
  t.same((await pending(page)).map((item) => item.key), ['a', 'b', 'c'], 'still there after a reload');
  // this page tries too, in vain; closed once it has, so no answer of the down server is in flight
  await attempted(before + 1);
  await settled(page);
  await page.close();

  inbox.mode = 'up';
  page = await openPage(context);
  await openOutbox(page);
  // the closing page sent its next item once more with keepalive: it may have landed once the
  // inbox was up, before the next page's own send of it (items are idempotent)
  const unique = async (count: number) => {
    await waitFor(`${count} distinct received`, () => new Set(inbox.received.map((item) => item.path)).size >= count);
    return [...new Set(inbox.received.map((item) => item.path))];
  };
  t.same(
    await unique(3),
    ['/inbox/a', '/inbox/b', '/inbox/c'],
    'sent by the page opened after, first queued first',
  );
  await settled(page);
  t.same(await pending(page), [], 'nothing left');
  await context.close();
});

t.test('a key queued twice sends only its newest body, in the first one’s place', async (t) => {
  const page = await openPage();
  inbox.mode = 'down';
  await openOutbox(page);
  await queue(page, 'set-1', { reps: 5 });
  await queue(page, 'set-2', { reps: 8 });
  await queue(page, 'set-1', { reps: 6 });
  await attempted(1);
  await settled(page);
  inbox.mode = 'up';
  await page.evaluate(() => (window as unknown as { outbox: OutboxOnPage }).outbox.retry());
  t.same(await received(2), [
    { path: '/inbox/set-1', body: { reps: 6 } },
    { path: '/inbox/set-2', body: { reps: 8 } },
  ]);
  await settled(page);
  t.same(inbox.received.length, 2, 'the older body of set-1 was never sent');
});

t.test('a key queued again while its older body is in flight: both go, the newest last, and it stays until sent', async (t) => {
  const page = await openPage();
  inbox.hold = Promise.withResolvers<void>();
  await openOutbox(page);
  await queue(page, 'snapshot', { v: 1 });
  await attempted(1);
  await queue(page, 'snapshot', { v: 2 });
  inbox.hold.resolve();
  t.same(await received(2), [
    { path: '/inbox/snapshot', body: { v: 1 } },
    { path: '/inbox/snapshot', body: { v: 2 } },
  ]);
  await settled(page);
  t.same(await pending(page), []);
});

t.test('items queued at the same moment keep the order they were queued in', async (t) => {
  const page = await openPage();
  inbox.mode = 'down';
  await openOutbox(page);
  await page.evaluate(() => {
    const outbox = (window as unknown as { outbox: OutboxOnPage }).outbox;
    return Promise.all(['z', 'y', 'x', 'w'].map((key) => outbox.queue(key, 'PUT', `/inbox/${key}`, { key })));
  });
  await attempted(1);
  await settled(page);
  inbox.mode = 'up';
  await page.evaluate(() => (window as unknown as { outbox: OutboxOnPage }).outbox.retry());
  t.same((await received(4)).map((item) => item.path), ['/inbox/z', '/inbox/y', '/inbox/x', '/inbox/w']);
});

t.test('retried when the browser comes back online', async (t) => {
  const context = await browser.newContext();
  const page = await openPage(context);
  await openOutbox(page);
  await context.setOffline(true);
  await queue(page, 'a', { n: 1 });
  await until(page, () => (window as unknown as { outbox: OutboxOnPage }).outbox.status().offline);
  t.equal(inbox.attempts, 0, 'nothing reached the server');
  await context.setOffline(false);
  t.same(await received(1), [{ path: '/inbox/a', body: { n: 1 } }], 'sent on `online`, with no timer due for an hour');
  await context.close();
});

t.test('an `online` that comes before requests get through: tried again 2 s later', async (t) => {
  const page = await openPage();
  await openOutbox(page);
  // the network is still out when the browser says it is back: the try on `online` fails too
  const tries: string[] = [];
  await page.route('**/inbox/**', (route) => {
    tries.push(tries.length < 2 ? 'cut' : 'through');
    return tries.length <= 2 ? route.abort('internetdisconnected') : route.continue();
  });
  await queue(page, 'a', { n: 1 });
  await until(page, () => (window as unknown as { outbox: OutboxOnPage }).outbox.status().offline);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  t.same(await received(1), [{ path: '/inbox/a', body: { n: 1 } }], 'sent in the end, with no timer due for an hour');
  t.same(tries, ['cut', 'cut', 'through'], 'queued: cut; on `online`: cut; 2 s later: through');
});

t.test('retried when the page becomes visible again', async (t) => {
  const page = await openPage();
  inbox.mode = 'down';
  await openOutbox(page);
  await queue(page, 'a', { n: 1 });
  await attempted(1);
  await settled(page);
  inbox.mode = 'up';
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  t.same(await received(1), [{ path: '/inbox/a', body: { n: 1 } }], 'sent on visibilitychange, with no timer due for an hour');
});

t.test('retried every 8 s while anything waits, and not at all once nothing does', async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(origin);
  await page.locator('#ready').waitFor();
  await page.clock.pauseAt(Date.now() + 1000);
  inbox.mode = 'down';
  await page.evaluate(() => {
    (window as unknown as { outbox: unknown }).outbox = window.harness.openOutbox('app');
  });
  t.equal(await page.evaluate(() => window.harness.retryMs), 8_000, 'the default interval');
  await queue(page, 'a', { n: 1 });
  await attempted(1);
  await settled(page);
  await page.clock.runFor(7_900);
  await settled(page);
  t.equal(inbox.attempts, 1, 'not tried again before 8 s');
  await page.clock.runFor(100);
  await attempted(2);
  await settled(page);
  t.equal(inbox.attempts, 2, 'tried again at 8 s');
  inbox.mode = 'up';
  await page.clock.runFor(8_000);
  t.same(await received(1), [{ path: '/inbox/a', body: { n: 1 } }], 'sent at the next 8 s');
  // the answer is in once the outbox has said it is empty: counting before that would count that word
  await until(page, () => {
    const now = (window as unknown as { outbox: OutboxOnPage }).outbox.status();
    return now.waiting === 0 && !now.sending;
  });
  const published = await page.evaluate(() => window.harness.statuses.length);
  await page.clock.runFor(80_000);
  t.equal(await page.evaluate(() => window.harness.statuses.length), published, 'the empty outbox does not wake up');
  await context.close();
});

t.test('a refusal is kept and shown as refused, survives a reload, and retry() sends it again', async (t) => {
  const context = await browser.newContext();
  const page = await openPage(context);
  inbox.mode = 'refusing';
  await openOutbox(page);
  await queue(page, 'late', { n: 1 });
  await attempted(1);
  // the answer is in once the refusal is stored: the outbox stops sending a moment before it has stored it
  await until(page, () => (window as unknown as { outbox: OutboxOnPage }).outbox.status().refused.length === 1);
  const refusal = { status: 422, code: 'TOO_LATE', message: 'This night is already closed' };
  t.match(await status(page), { waiting: 0, offline: false, refused: [{ key: 'late', refusal }] });
  t.same(await pending(page), [{ key: 'late', body: { n: 1 }, refusal }]);

  inbox.mode = 'up';
  await queue(page, 'next', { n: 2 });
  t.same(await received(1), [{ path: '/inbox/next', body: { n: 2 } }], 'a refused item does not block the ones after it');
  await settled(page);
  t.equal(inbox.attempts, 2, 'the refused item is not retried on its own');

  await page.reload();
  await page.locator('#ready').waitFor();
  await openOutbox(page);
  await until(page, () => (window as unknown as { outbox: OutboxOnPage }).outbox.status().refused.length === 1);
  t.match(await status(page), { waiting: 0, refused: [{ key: 'late', refusal }] }, 'still shown after a reload');

  await page.evaluate(() => (window as unknown as { outbox: OutboxOnPage }).outbox.retry());
  t.same(await received(2), [{ path: '/inbox/next', body: { n: 2 } }, { path: '/inbox/late', body: { n: 1 } }], 'retry() sent it');
  t.same(await pending(page), []);
  t.match(await status(page), { waiting: 0, refused: [] });
  await context.close();
});
