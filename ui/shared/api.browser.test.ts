// ui/shared/api.ts in Chromium against a local server that answers, refuses, stalls or is not
// the service at all (a captive portal): the user is told a refusal's own message, and every kind
// of "no answer" is told apart from a refusal.
import t from 'tap';
import { startHarnessServer } from '../testing/harness-server.ts';
import { launchBrowser } from '../testing/browser.ts';

// resolves when the client has given up on the silent request of that label
const gaveUp = new Map<string, PromiseWithResolvers<void>>();
const gaveUpOn = (label: string): PromiseWithResolvers<void> => {
  if (!gaveUp.has(label)) gaveUp.set(label, Promise.withResolvers<void>());
  return gaveUp.get(label)!;
};
const { origin } = await startHarnessServer(t, (app) => {
  app.get('/ok', async () => ({ hello: 'world' }));
  app.get('/not-an-object', async () => [1, 2]);
  // a Wi-Fi login page answers every address with 200 and its own HTML
  app.get('/portal', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>Sign in to the Wi-Fi</title><form>…</form>'));
  app.get('/proxy-error', async (_request, reply) => reply.code(502).type('text/html').send('<h1>502 Bad Gateway</h1>'));
  app.post('/refuse', async (_request, reply) =>
    reply.code(422).send({ statusCode: 422, code: 'NAME_TAKEN', error: 'Unprocessable Entity', message: 'That name is taken: choose another' }),
  );
  app.post('/rate-limited', async (_request, reply) =>
    reply.code(429).header('retry-after', '30').send({ statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: 'Too many saves: wait a moment' }),
  );
  // never answers; notes when the client gave up on it
  app.get('/silent/:label', (request, reply) => {
    reply.hijack();
    request.raw.socket.on('close', () => gaveUpOn((request.params as { label: string }).label).resolve());
  });
  // the headers arrive, the body never ends
  app.get('/stalled-body', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/json' });
    reply.raw.write('{"hello":');
  });
  // the connection drops half way through the body
  app.get('/cut-body', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    reply.raw.write('{"hello":', () => reply.raw.socket?.destroy());
  });
});

const browser = await launchBrowser();
t.teardown(() => browser.close());
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(origin);
await page.locator('#ready').waitFor();

// the real 10 s deadline runs beside the other tests rather than before them
const defaultDeadline = page.evaluate(async () => {
  const started = performance.now();
  const outcome = await window.harness.call('/silent/default');
  return { outcome, elapsedMs: performance.now() - started, deadlineMs: window.harness.deadlineMs };
});

t.test('an answer of the expected shape is returned as is', async (t) => {
  t.same(await page.evaluate(() => window.harness.call('/ok')), { kind: 'answer', value: { hello: 'world' } });
});

t.test('a refusal carries the API status, code and message, which is what the user reads', async (t) => {
  t.same(await page.evaluate(() => window.harness.call('/refuse', { method: 'POST', body: { name: 'x' } })), {
    kind: 'refusal',
    status: 422,
    code: 'NAME_TAKEN',
    message: 'That name is taken: choose another',
    retryAfterS: null,
    retryable: false,
  });
  t.same(await page.evaluate(() => window.harness.call('/rate-limited', { method: 'POST', body: {} })), {
    kind: 'refusal',
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many saves: wait a moment',
    retryAfterS: 30,
    retryable: true,
  });
});

t.test('no answer is its own kind of failure: network down, a portal page, a stranger error page, a body cut off', async (t) => {
  const noAnswer = (reason: string) => ({ kind: 'no-answer', reason, retryable: true });
  t.match(await page.evaluate(() => window.harness.call('/portal')), noAnswer('not-our-answer'), 'a captive portal 200 HTML');
  t.match(await page.evaluate(() => window.harness.call('/not-an-object')), noAnswer('not-our-answer'), 'JSON of the wrong shape');
  t.match(await page.evaluate(() => window.harness.call('/proxy-error')), noAnswer('not-our-answer'), 'a proxy 502 page');
  t.match(await page.evaluate(() => window.harness.call('/cut-body')), noAnswer('network'), 'the connection lost mid-body');
  // the browser's own failure for a dropped connection; its offline emulation can let a request
  // through just after it is switched on, which made this assertion flaky
  await page.route('**/ok', (route) => route.abort('internetdisconnected'));
  try {
    t.match(await page.evaluate(() => window.harness.call('/ok')), noAnswer('network'), 'offline');
  } finally {
    await page.unroute('**/ok');
  }
  t.same(await page.evaluate(() => window.harness.call('/ok')), { kind: 'answer', value: { hello: 'world' } }, 'back online');
});

t.test('a deadline given to one call applies to the headers and to the body', async (t) => {
  t.match(await page.evaluate(() => window.harness.call('/silent/short', { deadlineMs: 300 })), { kind: 'no-answer', reason: 'deadline', retryable: true });
  t.match(await page.evaluate(() => window.harness.call('/stalled-body', { deadlineMs: 300 })), { kind: 'no-answer', reason: 'deadline' });
});

t.test('every request has a 10 s deadline by default', async (t) => {
  const { outcome, elapsedMs, deadlineMs } = await defaultDeadline;
  t.equal(deadlineMs, 10_000);
  t.match(outcome, { kind: 'no-answer', reason: 'deadline', message: 'The server did not answer in time' });
  t.ok(elapsedMs >= 10_000, `given up after ${Math.round(elapsedMs)} ms, not before 10 s`);
  await gaveUpOn('default').promise;
  t.pass('the request was abandoned, not left open');
});
