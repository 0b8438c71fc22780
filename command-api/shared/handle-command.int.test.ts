import t from 'tap';
import { decideForm } from '../../domain/forms/decide.ts';
import { formAggregate, formStream } from '../../domain/forms/form.ts';
import { TEST_QUESTIONNAIRE } from '../../testing/forms/questionnaire.ts';
import { eventStoreMigration } from '../../infra/eventstore/postgres-schema.ts';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.ts';
import { migrate } from '../../infra/postgres/migrations.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { comparePositions } from '../../infra/eventstore/port.ts';
import { besideStream, createCommandHandler, type CommandHandler, sideDecision } from './handle-command.ts';

const db = await createTestDatabase(t);
await migrate(db.pool, [eventStoreMigration]);
const store = createPostgresEventStore(db.pool);

const patch = (handler: CommandHandler, name: string, answers: Record<string, string>) =>
  handler({
    stream: formStream(name),
    aggregate: formAggregate,
    decide: (state) => decideForm({ type: 'patch-form', definition: TEST_QUESTIONNAIRE, answers, notes: {}, now: new Date().toISOString() }, state),
    context: { userId: null, correlationId: 'test' },
  });

/** A stream that one name holder claims: a repeated claim decides nothing, another holder's is refused. */
type Held = { holder: string | null };
type NameEvent = { type: 'taken' | 'freed'; data: { by: string } };
const nameAggregate = {
  initialState: { holder: null } as Held,
  evolve: (_: Held, event: NameEvent): Held => ({ holder: event.type === 'taken' ? event.data.by : null }),
  parse: (type: string, data: unknown) => ({ type, data }) as NameEvent,
  schemaVersion: 1,
};
const take = (handler: CommandHandler, stream: string, by: string) =>
  handler({
    stream,
    aggregate: nameAggregate,
    decide: (state: Held): NameEvent[] => {
      if (state.holder === by) return [];
      if (state.holder !== null) throw new Error('taken');
      return [{ type: 'taken', data: { by } }];
    },
    context: { userId: null, correlationId: 'test' },
  });
const free = (handler: CommandHandler, stream: string, by: string) =>
  handler({
    stream,
    aggregate: nameAggregate,
    decide: (state: Held): NameEvent[] => (state.holder === by ? [{ type: 'freed', data: { by } }] : []),
    context: { userId: null, correlationId: 'test' },
  });

t.test('two processes writing one stream: a stale cached state conflicts and is read afresh', async (t) => {
  // two handlers stand for two processes: each caches what it last wrote
  const a = createCommandHandler(store);
  const b = createCommandHandler(store);
  t.match((await patch(a, 'shared', { q1: 'a1' })).state, { version: 1 });
  t.match((await patch(b, 'shared', { q2: 'b1' })).state, { answers: { q1: 'a1', q2: 'b1' }, version: 2 });
  const third = await patch(a, 'shared', { q3: 'a2' });
  t.same(third.state.answers, { q1: 'a1', q2: 'b1', q3: 'a2' }, "a's stale copy was replaced by the log's");
  t.equal(third.state.version, 3);
  const parallel = await Promise.all(
    Array.from({ length: 10 }, (_, i) => patch(i % 2 ? a : b, 'shared', { [`q${10 + i}`]: 'x' })),
  );
  t.same(parallel.map((r) => r.state.version).sort((x, y) => x - y), [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  t.equal((await store.readStream(formStream('shared'))).length, 13);
});

t.test('a stream deleted behind the cache starts again from nothing', async (t) => {
  const handler = createCommandHandler(store);
  await patch(handler, 'erased', { q1: 'secret' });
  await patch(handler, 'erased', { q2: 'secret' });
  await store.deleteStream(formStream('erased'));
  const after = await patch(handler, 'erased', { q3: 'new' });
  t.same(after.state.answers, { q3: 'new' });
  t.equal(after.state.version, 1);
  t.same((await store.readStream(formStream('erased'))).map((e) => e.revision), [0n]);
});

t.test('a refusal or a no-op decided from memory is decided again on the log: another process released the name', async (t) => {
  const a = createCommandHandler(store);
  const b = createCommandHandler(store);
  const stream = 'test.name-taken-elsewhere';
  await take(a, stream, 'ann');
  await t.rejects(take(a, stream, 'bob'), /taken/, 'a remembers ann holding it');
  await free(b, stream, 'ann');
  t.same((await take(a, stream, 'bob')).state, { holder: 'bob' }, "a's memory of ann was not believed for the refusal");
  t.same((await take(b, stream, 'ann').catch((error: Error) => error.message)), 'taken');
  await store.deleteStream(stream);
  t.same((await take(a, stream, 'bob')).state, { holder: 'bob' }, 'a no-op from memory: read again, and taken again after the delete');
  t.same((await store.readStream(stream)).map((event) => event.type), ['taken']);
});

t.test("a no-op or a refusal on a remembered state that is still the stream's reads no events, only the last one's id", async (t) => {
  let streamReads = 0;
  const counting = { ...store, readStream: (stream: string) => (streamReads++, store.readStream(stream)) };
  const handler = createCommandHandler(counting);
  const other = createCommandHandler(store);
  const stream = 'test.quiet';
  await take(handler, stream, 'ann');
  t.equal(streamReads, 1, 'the first command reads the stream');
  for (let i = 0; i < 3; i++) t.equal((await take(handler, stream, 'ann')).position, null, 'taking it again appends nothing');
  for (let i = 0; i < 3; i++) await t.rejects(take(handler, stream, 'bob'), /taken/, 'refused');
  t.equal(streamReads, 1, 'three no-ops and three refusals confirmed without reading the stream again');
  await free(other, stream, 'ann');
  t.same((await take(handler, stream, 'bob')).state, { holder: 'bob' }, "another process freed it: bob's take was decided on the log");
  t.equal(streamReads, 2, "the remembered state was not the stream's any more: read afresh");
});

/** Takes `stream` for `by` while `beside`'s holder is not `by`; on any outcome also takes `side` for `by`. */
const takeBeside = (handler: CommandHandler, stream: string, by: string, beside: { stream: string; read: 'as-it-stands' | 'held' }, side?: string) =>
  handler({
    stream,
    aggregate: nameAggregate,
    beside: besideStream(beside.stream, nameAggregate, beside.read),
    decide: (state: Held, besideState: Held): NameEvent[] => {
      if (besideState.holder === by) throw new Error(`${by} holds ${beside.stream}`);
      return state.holder === by ? [] : [{ type: 'taken', data: { by } }];
    },
    sideDecisions: () =>
      side === undefined
        ? []
        : [sideDecision({ stream: side, aggregate: nameAggregate, decide: (state: Held): NameEvent[] => (state.holder === null ? [{ type: 'taken', data: { by } }] : []) })],
    context: { userId: null, correlationId: 'test' },
  });

t.test('a stream beside the decision: as it stands when the decision rests on it, as held when only the answer shows it', async (t) => {
  const a = createCommandHandler(store);
  const b = createCommandHandler(store);
  const beside = 'test.beside-1';
  await take(a, beside, 'ann');
  const first = await takeBeside(a, 'test.decided-1', 'bob', { stream: beside, read: 'as-it-stands' });
  t.same(first.beside, { holder: 'ann' }, 'the result carries the state beside');
  await free(b, beside, 'ann');
  await take(b, beside, 'bob');
  await t.rejects(takeBeside(a, 'test.decided-2', 'bob', { stream: beside, read: 'as-it-stands' }), /bob holds test.beside-1/, "another process's change beside is read before deciding");
  const c = createCommandHandler(store);
  await take(c, 'test.beside-2', 'ann');
  await free(b, 'test.beside-2', 'ann');
  const held = await takeBeside(c, 'test.decided-3', 'bob', { stream: 'test.beside-2', read: 'held' });
  t.same(held.beside, { holder: 'ann' }, 'held: the state this process holds, with no read of the log');
});

t.test('decisions on other streams go with a decision whatever it comes to, appended before it', async (t) => {
  const handler = createCommandHandler(store);
  const made = await takeBeside(handler, 'test.with-side', 'cy', { stream: 'test.side-beside', read: 'as-it-stands' }, 'test.side-1');
  const [side] = await store.readStream('test.side-1');
  const [own] = await store.readStream('test.with-side');
  t.ok(side && own, 'both appended');
  t.ok(comparePositions(side!.position, own!.position) < 0, 'the side decision first');
  t.same(made.position, own!.position, "the result's position is the decision's own");
  await take(handler, 'test.side-beside-2', 'cy');
  await t.rejects(takeBeside(handler, 'test.refused', 'cy', { stream: 'test.side-beside-2', read: 'as-it-stands' }, 'test.side-2'), /cy holds/);
  t.same((await store.readStream('test.side-2')).map((event) => event.data), [{ by: 'cy' }], 'a refused decision still makes its side decisions');
  t.same(await store.readStream('test.refused'), [], 'and appends nothing of its own');
  await take(handler, 'test.side-3', 'dee');
  const sideRefusing = handler({
    stream: 'test.own-4',
    aggregate: nameAggregate,
    decide: (): NameEvent[] => [{ type: 'taken', data: { by: 'eve' } }],
    sideDecisions: () => [sideDecision({ stream: 'test.side-3', aggregate: nameAggregate, decide: (): NameEvent[] => { throw new Error('side refused'); } })],
    context: { userId: null, correlationId: 'test' },
  });
  await t.rejects(sideRefusing, /side refused/, "a side decision's refusal is the command's");
  t.same(await store.readStream('test.own-4'), [], 'and the decision is not appended');
});

t.test("a side decision on the stream beside: the result's beside is that stream after it", async (t) => {
  const handler = createCommandHandler(store);
  const made = await takeBeside(handler, 'test.own-5', 'fay', { stream: 'test.side-5', read: 'held' }, 'test.side-5');
  t.same(made.beside, { holder: 'fay' });
});
