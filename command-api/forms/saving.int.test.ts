// A form's saves: the merge rules, the event each save leaves, a retried save applied once, saves
// at once over real sockets, and a save answered before the read side has it.
import t from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { parsePosition, START } from '../../infra/eventstore/port.ts';
import { TEST_QUESTIONNAIRE } from '../../testing/forms/questionnaire.ts';
import { projections } from '../../ops/system.ts';
import { LOG_POSITION_HEADER } from '../shared/read-your-writes.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { empty, ISO, ORIGIN, startFormsTest } from '../../testing/forms/save-client.ts';

// the forms this file writes to
const FORMS = [
  ...['never-written', 'merge-first', 'merge-keys', 'merge-respondent', 'merge-version', 'merge-values', 'merge-301', 'merge-300'],
  ...['bad-a-number', 'bad-a-nested-object', 'bad-a-list-of-numbers', 'bad-a-number-in-notes'],
  ...['concurrent', 'log', 'retry', 'retry-concurrent', 'retry-bad-id', 'text-bases'],
];
const { system, app, newAddress, readAfter, post, get, assertNothingStored } = await startFormsTest(t, FORMS);

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
