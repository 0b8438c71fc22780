import t from 'tap';
import { decideForm } from '../../domain/forms/decide.ts';
import { formAggregate, formStream } from '../../domain/forms/form.ts';
import { createPostgresEventStore, eventStoreMigration } from '../../infra/eventstore/postgres.ts';
import { migrate } from '../../infra/postgres/migrations.ts';
import { createTestDatabase } from '../../infra/testing/database.ts';
import { createCommandHandler, type CommandHandler } from './handle-command.ts';

const db = await createTestDatabase(t);
await migrate(db.pool, [eventStoreMigration]);
const store = createPostgresEventStore(db.pool);

const patch = (handler: CommandHandler, name: string, answers: Record<string, string>) =>
  handler({
    stream: formStream(name),
    aggregate: formAggregate,
    decide: (state) => decideForm({ type: 'patch-form', answers, notes: {}, now: new Date().toISOString() }, state),
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
    Array.from({ length: 10 }, (_, i) => patch(i % 2 ? a : b, 'shared', { [`p${i}`]: 'x' })),
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
