import { readFile, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import t, { type Test } from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { SAMPLE_FORMS_DIR } from '../../infra/config.ts';
import { parsePosition, START } from '../../infra/eventstore/port.ts';
import { TEST_QUESTIONNAIRE } from '../../testing/forms/questionnaire.ts';
import { projections } from '../../ops/system.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { createReadAfter } from '../../testing/read-after.ts';
import { LOG_POSITION_HEADER } from '../shared/read-your-writes.ts';
import { startProjector } from '../../projections/runtime/projector.ts';

const ORIGIN = 'http://localhost:3004';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const system = await startTestSystem(t, { PROJECTION_WAIT_MS: '2000' });
const app = system.apps.forms;
if (!app) throw new Error('the forms service was not built');

// the forms this file writes to, each with TEST_QUESTIONNAIRE; any other name has no questionnaire
const FORMS = [
  ...['never-written', 'merge-first', 'merge-keys', 'merge-respondent', 'merge-version', 'merge-values', 'merge-301', 'merge-300'],
  ...['bad-a-number', 'bad-a-nested-object', 'bad-a-list-of-numbers', 'bad-a-number-in-notes'],
  ...['trap', 'trap-empty', 'origin-missing', 'origin-wrong', 'too-big', 'malformed', 'poisoned', 'headers', 'concurrent', 'log'],
  ...Array.from({ length: 25 }, (_, i) => `rate-${i}`),
  ...['unknown-question', 'wrong-shape', 'cap', 'cap-over'],
  ...['retry', 'retry-concurrent', 'retry-bad-id', 'text-bases'],
];
for (const name of FORMS) await system.defineForm(name);

// Observes the request id of every answer, to find it again in the event metadata.
app.addHook('onSend', async (request, reply) => {
  reply.header('x-test-request-id', request.id);
});

// Each test writes from its own address, so that the rate limiter (shared by the app) stays out of the way.
let lastAddress = 0;
const newAddress = (): string => `198.51.100.${++lastAddress}`;

type Headers = Record<string, string>;

const readAfter = createReadAfter();

async function post(name: string, payload: unknown, headers: Headers = {}) {
  const response = await app!.inject({
    method: 'POST',
    url: `/api/forms/${name}`,
    headers: { origin: ORIGIN, 'x-real-ip': '192.0.2.1', ...headers },
    payload: payload as Record<string, unknown>,
  });
  readAfter.remember(response);
  return response;
}

function get(name: string) {
  return app!.inject({ method: 'GET', url: `/api/forms/${name}`, headers: readAfter.headers() });
}

const empty = (name: string) => ({ name, answers: {}, notes: {}, respondent: '', summary: '', version: 0, updatedAt: null });

async function assertNothingStored(t: Test, name: string): Promise<void> {
  const read = await get(name);
  t.equal(read.statusCode, 200);
  t.same(read.json(), empty(name), 'GET still shows an empty form');
  t.same(await system.core.store.readStream(formStream(name)), [], 'no event in the log');
}

t.test('GET of a form never saved, right after start, before the projector created its tables', async (t) => {
  // the services are built only once every projector's tables exist
  const res = await get('never-written');
  t.equal(res.statusCode, 200);
  t.same(res.json(), empty('never-written'));
});

t.test('GET of a form never saved reads as an empty document at version 0', async (t) => {
  t.ok(await system.core.progress.waitFor(['forms'], START, 10_000), 'the forms projection is up');
  const res = await get('never-written');
  t.equal(res.statusCode, 200);
  t.same(res.json(), empty('never-written'));
});

t.test('merge rules', async (t) => {
  const ip = newAddress();
  const send = (name: string, payload: unknown) => post(name, payload, { 'x-real-ip': ip });

  t.test('the first POST creates the record at version 1 and answers the merged document', async (t) => {
    const res = await send('merge-first', { answers: { q1: 'yes' } });
    t.equal(res.statusCode, 200);
    t.match(res.json(), { updatedAt: ISO });
    t.same(res.json(), {
      name: 'merge-first',
      answers: { q1: 'yes' },
      notes: {},
      respondent: '',
      summary: '',
      version: 1,
      updatedAt: res.json().updatedAt,
    });
  });

  t.test('rule 1: sent keys replace the same keys, other keys stay; notes alike', async (t) => {
    const name = 'merge-keys';
    await send(name, { answers: { q1: 'a', days: ['mon', 'tue'] }, notes: { q1: 'note 1', days: 'note 2' } });
    const res = await send(name, { answers: { days: ['wed'], rating: { food: 'good' } }, notes: { days: 'note 2b', rating: 'note 3' } });
    t.equal(res.statusCode, 200);
    const expected = {
      name,
      answers: { q1: 'a', days: ['wed'], rating: { food: 'good' } },
      notes: { q1: 'note 1', days: 'note 2b', rating: 'note 3' },
      respondent: '',
      summary: '',
      version: 2,
      updatedAt: res.json().updatedAt,
    };
    t.same(res.json(), expected, 'the reply is the merged document');
    const read = await get(name);
    t.same(read.json(), expected, 'read-your-writes: the GET right after shows it');
  });

  t.test('rule 2: the respondent (and the summary) are replaced only when sent', async (t) => {
    const name = 'merge-respondent';
    await send(name, { respondent: 'Ada', summary: 'draft' });
    const kept = await send(name, { answers: { q1: 'a' } });
    t.match(kept.json(), { respondent: 'Ada', summary: 'draft', version: 2 }, 'kept when not sent');
    const replaced = await send(name, { respondent: 'Grace' });
    t.match(replaced.json(), { respondent: 'Grace', summary: 'draft', answers: { q1: 'a' }, version: 3 }, 'replaced when sent');
    const summary = await send(name, { summary: 'final' });
    t.match(summary.json(), { respondent: 'Grace', summary: 'final', version: 4 });
    t.same((await get(name)).json(), summary.json(), 'the read side agrees');
  });

  t.test('rule 3: every POST increments the version, an empty one too, and GET shows each write', async (t) => {
    const name = 'merge-version';
    let previous: string | null = null;
    for (let version = 1; version <= 4; version++) {
      const res = await send(name, version === 3 ? {} : { answers: { q1: `v${version}` } });
      t.equal(res.statusCode, 200);
      t.equal(res.json().version, version, `POST ${version} answers version ${version}`);
      const read = await get(name);
      t.same(read.json(), res.json(), `GET after POST ${version} shows it`);
      if (previous !== null) t.ok(res.json().updatedAt >= previous, 'updatedAt moves forward');
      previous = res.json().updatedAt;
    }
    t.same((await get(name)).json().answers, { q1: 'v4' });
  });

  t.test('rule 5: values are a string, a list of strings or an object of strings', async (t) => {
    const answers = { colour: 'blue', days: ['mon', 'wed'], rating: { food: 'poor', music: 'great' }, q1: 'line 1\nline 2', name: 'Ada' };
    const res = await send('merge-values', { answers });
    t.equal(res.statusCode, 200);
    t.same(res.json().answers, answers);
    t.same((await get('merge-values')).json().answers, answers);
  });

  t.test('rule 5: other values are refused with 400 naming the field, nothing stored', async (t) => {
    const cases: [string, unknown][] = [
      ['a number', { answers: { q1: 42 } }],
      ['a nested object', { answers: { q1: { r1: { deep: 'x' } } } }],
      ['a list of numbers', { answers: { q1: [1, 2] } }],
      ['a number in notes', { notes: { q1: 42 } }],
    ];
    for (const [label, payload] of cases) {
      const name = `bad-${label.replaceAll(' ', '-')}`;
      const res = await send(name, payload);
      t.equal(res.statusCode, 400, label);
      const field = label.includes('notes') ? 'body.notes' : 'body.answers';
      t.match(res.json(), { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message: new RegExp(`^${field}`) }, label);
      t.same(Object.keys(res.json()).sort(), ['code', 'error', 'message', 'statusCode'], `${label}: the common error body`);
      await assertNothingStored(t, name);
    }
  });

  t.test('rule 5: at most 300 keys per patch, answers and notes together', async (t) => {
    const keys = (count: number, prefix: string) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 'x']));
    const tooMany = await send('merge-301', { answers: keys(201, 'q'), notes: keys(100, 'n') });
    t.equal(tooMany.statusCode, 400);
    t.same(tooMany.json(), {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      error: 'Bad Request',
      message: 'body.answers: a patch holds at most 300 keys (answers and notes), got 301',
    });
    await assertNothingStored(t, 'merge-301');
    // every answer and every note of the 150 questions: the biggest patch a form can take
    const answers = { ...keys(146, 'q'), colour: 'red', days: ['mon'], rating: { food: 'good' }, name: 'x' };
    const notes = Object.fromEntries(TEST_QUESTIONNAIRE.questions.map((question) => [question.id, 'n']));
    const ok = await send('merge-300', { answers, notes });
    t.equal(ok.statusCode, 200, '300 keys are fine');
    t.same([ok.json().answers, ok.json().notes], [answers, notes]);
    t.equal(ok.json().version, 1);
  });
});

t.test('bot trap: a filled website field gets the current document, nothing is stored', async (t) => {
  const ip = newAddress();
  const name = 'trap';
  const first = await post(name, { answers: { q1: 'real' } }, { 'x-real-ip': ip });
  t.equal(first.statusCode, 200);
  const trap = await post(name, { answers: { q1: 'spam', q2: 'spam' }, respondent: 'bot', website: 'http://spam.example' }, { 'x-real-ip': ip });
  t.equal(trap.statusCode, 200, 'a quiet fake ok');
  t.same(trap.json(), first.json(), 'the current document, version not incremented');
  t.same((await get(name)).json(), first.json(), 'GET proves nothing was stored');
  t.equal((await system.core.store.readStream(formStream(name))).length, 1, 'one event in the log');

  const onEmpty = await post('trap-empty', { answers: { q1: 'spam' }, website: 'x' }, { 'x-real-ip': ip });
  t.equal(onEmpty.statusCode, 200);
  t.same(onEmpty.json(), empty('trap-empty'), 'on a form never saved: the empty document');
  await assertNothingStored(t, 'trap-empty');
});

t.test('writes need the service’s own Origin', async (t) => {
  const ip = newAddress();
  const missing = await app.inject({
    method: 'POST',
    url: '/api/forms/origin-missing',
    headers: { 'x-real-ip': ip },
    payload: { answers: { q1: 'a' } },
  });
  t.equal(missing.statusCode, 403);
  t.same(missing.json(), { statusCode: 403, code: 'ORIGIN_REFUSED', error: 'Forbidden', message: `Origin must be ${ORIGIN}` });
  await assertNothingStored(t, 'origin-missing');

  const wrong = await post('origin-wrong', { answers: { q1: 'a' } }, { origin: 'http://evil.example', 'x-real-ip': ip });
  t.equal(wrong.statusCode, 403);
  t.same(wrong.json(), { statusCode: 403, code: 'ORIGIN_REFUSED', error: 'Forbidden', message: `Origin must be ${ORIGIN}` });
  await assertNothingStored(t, 'origin-wrong');

  const lookalike = await post('origin-wrong', { answers: { q1: 'a' } }, { origin: `${ORIGIN}.evil.example`, 'x-real-ip': ip });
  t.equal(lookalike.statusCode, 403, 'a look-alike origin too');
  await assertNothingStored(t, 'origin-wrong');
});

t.test('oversized and malformed bodies', async (t) => {
  const ip = newAddress();
  const big = await post('too-big', { answers: { q1: 'x'.repeat(205 * 1024) } }, { 'x-real-ip': ip });
  t.equal(big.statusCode, 413);
  t.same(big.json(), {
    statusCode: 413,
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    error: 'Payload Too Large',
    message: 'body: larger than 200 KiB, the most this route takes',
  });
  await assertNothingStored(t, 'too-big');

  const malformed = await app.inject({
    method: 'POST',
    url: '/api/forms/malformed',
    headers: { origin: ORIGIN, 'x-real-ip': ip, 'content-type': 'application/json' },
    payload: '{"answers": {"q1": "a"',
  });
  t.equal(malformed.statusCode, 400);
  t.same(malformed.json(), {
    statusCode: 400,
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    error: 'Bad Request',
    message: "body: Body is not valid JSON but content-type is set to 'application/json'",
  });
  await assertNothingStored(t, 'malformed');

  const poisoned = await app.inject({
    method: 'POST',
    url: '/api/forms/poisoned',
    headers: { origin: ORIGIN, 'x-real-ip': ip, 'content-type': 'application/json' },
    payload: '{"answers": {"__proto__": {"polluted": "yes"}}}',
  });
  t.equal(poisoned.statusCode, 400, 'a __proto__ key is refused');
  t.match(poisoned.json(), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request' });
  await assertNothingStored(t, 'poisoned');
});

t.test('rate limit: 600 saves per client address per 10 minutes, by X-Real-IP only', async (t) => {
  const ip = newAddress();
  const chunk = 50;
  let passed = 0;
  for (let start = 0; start < 600; start += chunk) {
    const replies = await Promise.all(
      Array.from({ length: chunk }, (_, i) => post(`rate-${(start + i) % 25}`, { answers: { [`q${(start + i) % 146}`]: 'a' } }, { 'x-real-ip': ip })),
    );
    passed += replies.filter((reply) => reply.statusCode === 200).length;
  }
  t.equal(passed, 600, 'the first 600 pass');

  const refused = await post('rate-0', { answers: { q0: 'late' } }, { 'x-real-ip': ip });
  t.equal(refused.statusCode, 429, 'the 601st is refused');
  t.same(refused.json(), {
    statusCode: 429,
    code: 'RATE_LIMITED',
    error: 'Too Many Requests',
    message: 'Too many saves from this address; try again later',
  });
  const retryAfter = Number(refused.headers['retry-after']);
  t.ok(retryAfter > 0 && retryAfter <= 600, `retry-after ${retryAfter} s is within the window`);
  t.equal((await get('rate-0')).json().answers.q0, 'a', 'the refused save was not stored');

  const spoofed = await post('rate-0', { answers: { q0: 'late' } }, { 'x-real-ip': ip, 'x-forwarded-for': '203.0.113.77' });
  t.equal(spoofed.statusCode, 429, 'a fresh X-Forwarded-For does not reset the count');

  const other = await post('rate-0', { answers: { q1: 'other' } }, { 'x-real-ip': newAddress() });
  t.equal(other.statusCode, 200, 'another address still passes');
  t.equal(other.json().version, 600 / 25 + 1, 'and its save lands on rate-0 after its 24 earlier saves');
});

t.test('headers', async (t) => {
  const ip = newAddress();
  const read = await get('headers');
  t.equal(read.headers['cache-control'], 'no-store', 'GET answers are not cached');
  const write = await post('headers', { answers: { q1: 'a' } }, { 'x-real-ip': ip });
  t.equal(write.headers['cache-control'], 'no-store', 'POST answers are not cached');
  const refused = await post('headers', {}, { 'x-real-ip': ip, origin: 'http://evil.example' });
  t.equal(refused.statusCode, 403);
  t.equal(refused.headers['cache-control'], 'no-store', 'error answers are not cached');

  const page = await app.inject({ method: 'GET', url: '/f/headers' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['x-robots-tag'], 'noindex');
  t.equal(page.headers['cache-control'], 'no-cache');
  t.match(page.body, /<html[\s\S]*<div id="app">/, "the questionnaire app's page");
});

t.test('concurrent saves over real sockets: none is lost, versions 1..20 each given once', async (t) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  const base = `http://127.0.0.1:${address.port}`;
  const name = 'concurrent';
  const ip = newAddress();

  const replies = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const response = await fetch(`${base}/api/forms/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-real-ip': ip },
        body: JSON.stringify({ answers: { [`q${i}`]: `client ${i}` } }),
      });
      readAfter.remember(response);
      return { status: response.status, body: (await response.json()) as { version: number; answers: Record<string, string> } };
    }),
  );
  t.same(
    replies.map((reply) => reply.status),
    Array.from({ length: 20 }, () => 200),
    'every response is 200',
  );
  t.same(
    replies.map((reply) => reply.body.version).sort((a, b) => a - b),
    Array.from({ length: 20 }, (_, i) => i + 1),
    'the versions returned are exactly 1..20',
  );
  for (const [i, reply] of replies.entries()) {
    if (reply.body.answers[`q${i}`] !== `client ${i}`) t.fail(`reply ${i} lacks its own key`);
  }

  const final = await fetch(`${base}/api/forms/${name}`, { headers: readAfter.headers() });
  t.equal(final.status, 200);
  const document = (await final.json()) as { version: number; answers: Record<string, string> };
  t.equal(document.version, 20);
  t.same(document.answers, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, `client ${i}`])), 'all 20 keys');
});

t.test('the event log holds one form-patched event per save, in order', async (t) => {
  const ip = newAddress();
  const name = 'log';
  const payloads = [{ answers: { q1: 'a' }, respondent: 'Ada' }, { notes: { q1: 'n' } }, {}, { answers: { q1: 'b' }, summary: 's' }];
  const requestIds: string[] = [];
  const times: string[] = [];
  for (const payload of payloads) {
    const res = await post(name, payload, { 'x-real-ip': ip });
    t.equal(res.statusCode, 200);
    requestIds.push(String(res.headers['x-test-request-id']));
    times.push(res.json().updatedAt);
  }
  // a refused and a trapped request leave no event
  await post(name, { answers: { q1: 'spam' }, website: 'x' }, { 'x-real-ip': ip });
  await post(name, { answers: { q1: 1 } }, { 'x-real-ip': ip });

  const events = await system.core.store.readStream(formStream(name));
  t.equal(events.length, 4, 'one event per save');
  t.same(
    events.map((event) => ({ type: event.type, revision: event.revision, stream: event.stream, data: event.data })),
    [
      { type: 'form-patched', revision: 0n, stream: 'forms.form-log', data: { answers: { q1: 'a' }, notes: {}, respondent: 'Ada', patchedAt: times[0] } },
      { type: 'form-patched', revision: 1n, stream: 'forms.form-log', data: { answers: {}, notes: { q1: 'n' }, patchedAt: times[1] } },
      { type: 'form-patched', revision: 2n, stream: 'forms.form-log', data: { answers: {}, notes: {}, patchedAt: times[2] } },
      { type: 'form-patched', revision: 3n, stream: 'forms.form-log', data: { answers: { q1: 'b' }, notes: {}, summary: 's', patchedAt: times[3] } },
    ],
  );
  for (const [i, event] of events.entries()) {
    t.match(event.metadata, { userId: null, correlationId: requestIds[i], schemaVersion: 1, causationId: String }, `event ${i} metadata`);
  }
  t.equal(new Set(events.map((event) => event.metadata.causationId)).size, 4, 'each save has its own causation id');
});

t.test('a retried save (the same saveId) is applied once: the repeat answers the current document, no event, no version step', async (t) => {
  const ip = newAddress();
  const name = 'retry';
  const save = { answers: { q1: 'typed once' }, saveId: 'c1a2b3c4d5e6f7g8' };
  const first = await post(name, save, { 'x-real-ip': ip });
  t.equal(first.statusCode, 200);
  t.equal(first.json().version, 1);
  const repeat = await post(name, save, { 'x-real-ip': ip });
  t.equal(repeat.statusCode, 200);
  t.same(repeat.json(), first.json(), 'the repeat answers the document as the first try left it');
  t.notOk(repeat.headers[LOG_POSITION_HEADER.toLowerCase()], 'and names no new log position: nothing was written');

  const other = await post(name, { answers: { days: ['mon'] }, saveId: 'other-save-0001' }, { 'x-real-ip': ip });
  t.equal(other.json().version, 2, 'another save id is another save');
  const late = await post(name, save, { 'x-real-ip': ip });
  t.equal(late.json().version, 2, 'a repeat arriving after another save does not step the version');
  t.same(late.json().answers, { q1: 'typed once', days: ['mon'] }, 'and answers the current document');
  const unnamed = await post(name, { answers: { q1: 'typed once' } }, { 'x-real-ip': ip });
  t.equal(unnamed.json().version, 3, 'a save without an id (an older client) is always a new save');

  const events = await system.core.store.readStream(formStream(name));
  t.equal(events.length, 3, 'one event per distinct save');
  t.equal(events[0]!.data['saveId'], save.saveId, 'the event keeps the id, so a rebuilt state knows it too');
  const read = await get(name);
  t.equal(read.json().version, 3, 'GET agrees');
});

t.test('the same save sent several times at once is applied once', async (t) => {
  const ip = newAddress();
  const name = 'retry-concurrent';
  const save = { answers: { q1: 'sent five times' }, saveId: 'keepalive-and-retry' };
  const replies = await Promise.all(Array.from({ length: 5 }, () => post(name, save, { 'x-real-ip': ip })));
  t.same(
    replies.map((reply) => [reply.statusCode, reply.json().version]),
    Array.from({ length: 5 }, () => [200, 1]),
    'every copy answers 200 with version 1',
  );
  t.equal((await system.core.store.readStream(formStream(name))).length, 1, 'one event');
});

t.test('two saves of one text answer made from the same stored text both keep their words; a choice still takes the last save', async (t) => {
  const ip = newAddress();
  const name = 'text-bases';
  await post(name, { answers: { q1: 'The food was good.', colour: 'red' } }, { 'x-real-ip': ip });
  await post(name, { answers: { q1: 'Venue: The food was good.', colour: 'green' }, bases: { 'a:q1': 'The food was good.' } }, { 'x-real-ip': ip });
  const later = await post(name, { answers: { q1: 'The food was good. Music too loud.', colour: 'blue' }, bases: { 'a:q1': 'The food was good.' } }, { 'x-real-ip': ip });
  t.equal(later.json().answers.q1, 'Venue: The food was good. Music too loud.', 'the later save is merged with the text stored since');
  t.equal(later.json().answers.colour, 'blue', 'a choice: the last save wins');
  const plain = await post(name, { answers: { q1: 'replaced' } }, { 'x-real-ip': ip });
  t.equal(plain.json().answers.q1, 'replaced', 'a save without a base replaces (older clients, spec rule 1)');
});

t.test('a saveId of another shape is 400 naming the field; nothing stored', async (t) => {
  const ip = newAddress();
  for (const saveId of ['short', 'x'.repeat(65), 'has space in it', 42]) {
    const res = await post('retry-bad-id', { answers: { q1: 'a' }, saveId }, { 'x-real-ip': ip });
    t.equal(res.statusCode, 400, `saveId ${JSON.stringify(saveId)}`);
    t.match(res.json().message, /saveId/);
  }
  await assertNothingStored(t, 'retry-bad-id');
});

t.test('a name without a questionnaire is not a form: GET, POST and the page answer 404, nothing is written', async (t) => {
  const name = 'no-such-form';
  const notFound = { statusCode: 404, code: 'FORM_NOT_FOUND', error: 'Not Found', message: 'there is no form named no-such-form' };
  const read = await get(name);
  t.same([read.statusCode, read.json()], [404, notFound], 'GET /api/forms/:name');
  const questions = await app.inject({ method: 'GET', url: `/api/forms/${name}/questions` });
  t.same([questions.statusCode, questions.json()], [404, notFound], 'GET /api/forms/:name/questions');
  const write = await post(name, { answers: { q1: 'a' }, respondent: 'Ada' }, { 'x-real-ip': newAddress() });
  t.same([write.statusCode, write.json()], [404, notFound], 'POST /api/forms/:name');
  const trapped = await post(name, { answers: { q1: 'a' }, website: 'x' }, { 'x-real-ip': newAddress() });
  t.equal(trapped.statusCode, 404, 'the bot trap too');
  const page = await app.inject({ method: 'GET', url: `/f/${name}` });
  t.equal(page.statusCode, 404, 'the page');
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['x-robots-tag'], 'noindex');
  t.same(await system.core.store.readStream(formStream(name)), [], 'no event in the log');
  const { rows } = await system.core.db.pg.query('SELECT name FROM forms.documents WHERE name = $1', [name]);
  t.same(rows, [], 'no document in the read table');
});

t.test('GET /api/forms/:name/questions answers the questionnaire file', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/api/forms/welcome/questions' });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['cache-control'], 'no-store');
  const file = JSON.parse(await readFile(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), 'utf8')) as { title: string; intro: string; questions: unknown[] };
  t.same(res.json(), { name: 'welcome', title: file.title, intro: file.intro, questions: file.questions }, "the sample's title, intro and questions");
  const types = new Set(file.questions.map((question) => (question as { t: string }).t));
  t.same([...types].sort(), ['grid', 'long', 'many', 'one', 'short'], 'the sample uses every type');

  await system.defineForm('no-intro', { title: 'Short one', questions: [{ id: 'a', t: 'short', q: 'A?' }] });
  const bare = await app.inject({ method: 'GET', url: '/api/forms/no-intro/questions' });
  t.same(bare.json(), { name: 'no-intro', title: 'Short one', intro: '', questions: [{ id: 'a', t: 'short', q: 'A?' }] }, 'intro is "" when the file has none');

  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  t.ok(document.components.schemas.FormDefinition, 'the OpenAPI document names the FormDefinition schema');
  t.ok(document.paths['/api/forms/{name}/questions'].get.responses['404'], 'and the 404');
});

t.test('a patch naming a question the form does not have is 400 QUESTION_UNKNOWN naming it; nothing stored', async (t) => {
  const name = 'unknown-question';
  const ip = newAddress();
  const inAnswers = await post(name, { answers: { q1: 'fine', q9999: 'x' } }, { 'x-real-ip': ip });
  t.same([inAnswers.statusCode, inAnswers.json()], [
    400,
    { statusCode: 400, code: 'QUESTION_UNKNOWN', error: 'Bad Request', message: 'body.answers.q9999: this form has no question q9999' },
  ]);
  const inNotes = await post(name, { notes: { extra: 'x' } }, { 'x-real-ip': ip });
  t.same([inNotes.statusCode, inNotes.json()], [
    400,
    { statusCode: 400, code: 'QUESTION_UNKNOWN', error: 'Bad Request', message: 'body.notes.extra: this form has no question extra' },
  ]);
  await assertNothingStored(t, name);
});

t.test("a value the question's type does not take is 400 ANSWER_INVALID naming the answer; nothing stored", async (t) => {
  const name = 'wrong-shape';
  const ip = newAddress();
  const cases: [string, unknown, string][] = [
    ['one: not an option', { answers: { colour: 'purple' } }, 'body.answers.colour: "purple" is not an option of this question'],
    ['one: a list', { answers: { colour: ['red'] } }, 'body.answers.colour: the answer to this question is one option (a string)'],
    ['many: a string', { answers: { days: 'mon' } }, 'body.answers.days: the answer to this question is a list of options'],
    ['many: not an option', { answers: { days: ['mon', 'sun'] } }, 'body.answers.days: "sun" is not an option of this question'],
    ['grid: an unknown row', { answers: { rating: { drinks: 'good' } } }, 'body.answers.rating: "drinks" is not a row of this grid'],
    ['grid: an unknown column', { answers: { rating: { food: 'superb' } } }, 'body.answers.rating: "superb" (row "food") is not a column of this grid'],
    ['grid: a string', { answers: { rating: 'good' } }, 'body.answers.rating: the answer to this question is an object from row to column'],
    ['short: a list', { answers: { name: ['Ada'] } }, 'body.answers.name: the answer to this question is text (a string)'],
    ['long: an object', { answers: { q1: { a: 'b' } } }, 'body.answers.q1: the answer to this question is text (a string)'],
    ['a note that is a list', { notes: { q1: ['a'] } }, 'body.notes.q1: a note is text (a string)'],
  ];
  for (const [label, payload, message] of cases) {
    const res = await post(name, payload, { 'x-real-ip': ip });
    t.same([res.statusCode, res.json()], [400, { statusCode: 400, code: 'ANSWER_INVALID', error: 'Bad Request', message }], label);
  }
  await assertNothingStored(t, name);
  const cleared = await post(name, { answers: { colour: '', days: [], rating: {} } }, { 'x-real-ip': ip });
  t.equal(cleared.statusCode, 200, "'' clears a one, [] a many, {} a grid");
});

t.test('the stored document is capped at 10,240 bytes: past it 413 DOCUMENT_TOO_LARGE and nothing written', async (t) => {
  const ip = newAddress();
  const bytes = (document: object): number => Buffer.byteLength(JSON.stringify(document), 'utf8');
  // the document measured: {respondent, answers, notes, summary}; q1 filled up to the byte
  const base = bytes({ respondent: '', answers: { q1: '' }, notes: {}, summary: '' });
  const atCap = 'é'.repeat(2000) + 'x'.repeat(10_240 - base - 4000);
  t.equal(bytes({ respondent: '', answers: { q1: atCap }, notes: {}, summary: '' }), 10_240);

  const exact = await post('cap', { answers: { q1: atCap } }, { 'x-real-ip': ip });
  t.equal(exact.statusCode, 200, 'exactly 10,240 bytes is accepted');
  t.equal(exact.json().version, 1);

  const over = await post('cap', { respondent: 'A' }, { 'x-real-ip': ip });
  t.same([over.statusCode, over.json()], [
    413,
    {
      statusCode: 413,
      code: 'DOCUMENT_TOO_LARGE',
      error: 'Payload Too Large',
      message: 'a form holds at most 10,240 bytes (respondent, answers, notes and summary as UTF-8 JSON); this save would make it 10,241',
    },
  ], 'one byte more is refused, saying the limit and the size');
  t.same((await get('cap')).json(), exact.json(), 'the document is unchanged');
  t.equal((await system.core.store.readStream(formStream('cap'))).length, 1, 'no event for the refused save');

  const shrink = await post('cap', { answers: { q1: 'short now' }, respondent: 'A' }, { 'x-real-ip': ip });
  t.equal(shrink.statusCode, 200, 'a save that makes room is accepted');
  t.same(shrink.json().answers, { q1: 'short now' });

  const big = await post('cap-over', { answers: { q1: 'x'.repeat(6000), q2: 'y'.repeat(6000) } }, { 'x-real-ip': ip });
  t.equal(big.statusCode, 413, 'one save over the cap, on a fresh form');
  t.match(big.json(), { code: 'DOCUMENT_TOO_LARGE', message: /this save would make it 12,\d{3}$/ });
  await assertNothingStored(t, 'cap-over');
});

t.test('questionnaire files are read on demand: added, edited, broken and removed without a restart', async (t) => {
  const name = 'added-later';
  const file = path.join(system.formsDir, `${name}.json`);
  const ip = newAddress();
  t.equal((await get(name)).statusCode, 404, 'no file yet');

  await system.defineForm(name, { title: 'First', questions: [{ id: 'a', t: 'short', q: 'A?' }] });
  t.equal((await get(name)).statusCode, 200, 'a file added is a form at once');
  t.equal((await post(name, { answers: { a: 'yes' } }, { 'x-real-ip': ip })).statusCode, 200);
  t.equal((await app.inject({ method: 'GET', url: `/f/${name}` })).statusCode, 200, 'and its page');

  await system.defineForm(name, { title: 'Second', questions: [{ id: 'b', t: 'one', q: 'B?', o: ['x', 'y'] }] });
  // a later modification time, whatever the file system's clock resolution
  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  const edited = await app.inject({ method: 'GET', url: `/api/forms/${name}/questions` });
  t.same(edited.json(), { name, title: 'Second', intro: '', questions: [{ id: 'b', t: 'one', q: 'B?', o: ['x', 'y'] }] }, 'an edit is seen');
  const gone = await post(name, { answers: { a: 'again' } }, { 'x-real-ip': ip });
  t.same([gone.statusCode, gone.json().code], [400, 'QUESTION_UNKNOWN'], 'a question edited out is unknown');
  t.equal((await post(name, { answers: { b: 'y' } }, { 'x-real-ip': ip })).statusCode, 200, 'the new one answers');

  await system.defineForm(name, { title: 'Broken', questions: [{ id: 'c', t: 'short', q: 'C?', o: ['nope'] }] } as never);
  const evenLater = new Date(Date.now() + 120_000);
  await utimes(file, evenLater, evenLater);
  const broken = await get(name);
  t.same([broken.statusCode, broken.json().code], [404, 'FORM_NOT_FOUND'], 'an unusable file is no form (logged), never a 500');
  t.equal((await post(name, { answers: { b: 'x' } }, { 'x-real-ip': ip })).statusCode, 404);

  await rm(file);
  t.equal((await get(name)).statusCode, 404, 'a file removed: no form');
  t.equal((await system.core.store.readStream(formStream(name))).length, 2, 'the two accepted saves are all the log holds');
});

t.test('a save answers as soon as it is in the log; a read, sent its position back or not, waits for the read side', async (t) => {
  const name = 'behind';
  await system.defineForm(name);
  const ip = newAddress();
  const readAt = (position: string) => app.inject({ method: 'GET', url: `/api/forms/${name}`, headers: { [LOG_POSITION_HEADER]: position } });
  t.equal((await post(name, { answers: { q1: 'first' } }, { 'x-real-ip': ip })).statusCode, 200);
  t.match((await get(name)).json(), { version: 1 }, 'the first save is projected');
  const formsAt = projections.findIndex((projection) => projection.name === 'forms');
  await system.projectors[formsAt]!.stop();
  const saved = await post(name, { answers: { q1: 'second' } }, { 'x-real-ip': ip });
  t.equal(saved.statusCode, 200, 'answered although the forms projector is stopped');
  t.match(saved.json(), { answers: { q1: 'second' }, version: 2 }, 'with the merged document the decision holds');
  const position = String(saved.headers[LOG_POSITION_HEADER]);
  t.ok(parsePosition(position).commit > 0n, `the answer carries ${LOG_POSITION_HEADER}`);
  const next = await post(name, { answers: { q2: 'third' } }, { 'x-real-ip': ip, [LOG_POSITION_HEADER]: position });
  t.same([next.statusCode, next.json().version], [200, 3], 'the next save does not wait for the last: it reads no read table');
  const last = String(next.headers[LOG_POSITION_HEADER]);

  const plain = await app.inject({ method: 'GET', url: `/api/forms/${name}` });
  t.same([plain.statusCode, plain.json().code], [503, 'NOT_READY'], 'a read not sent the position waits for the log as it stood, never answering version 1');
  const waiting = await readAt(last);
  t.same([waiting.statusCode, waiting.json().code], [503, 'NOT_READY'], 'sent the position, it waits, then says the read side is behind');

  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const restarted = startProjector({ pool: system.core.db.slonik, store: system.core.store, projection: projections[formsAt]!, progress: system.core.progress, log: silent });
  t.teardown(() => restarted.stop());
  const caughtUp = await readAt(last);
  t.equal(caughtUp.statusCode, 200);
  t.match(caughtUp.json(), { answers: { q1: 'second', q2: 'third' }, version: 3 }, 'once the projector runs, the read sees both saves');
});
