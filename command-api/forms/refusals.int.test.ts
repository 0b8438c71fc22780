// What a form's save refuses or ignores, and that nothing is stored then: the bot trap, another
// Origin, oversized and malformed bodies, the rate limit, unknown questions, values of the wrong
// shape and the document's size cap; and the headers every answer carries.
import t from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { empty, ORIGIN, startFormsTest } from '../../testing/forms/save-client.ts';

// the forms this file writes to
const FORMS = [
  ...['trap', 'trap-empty', 'origin-missing', 'origin-wrong', 'too-big', 'malformed', 'poisoned', 'headers'],
  ...Array.from({ length: 25 }, (_, i) => `rate-${i}`),
  ...['unknown-question', 'wrong-shape', 'cap', 'cap-over'],
];
const { system, app, newAddress, post, get, assertNothingStored } = await startFormsTest(t, FORMS);

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
