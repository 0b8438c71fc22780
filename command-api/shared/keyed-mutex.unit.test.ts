import t from 'tap';
import { createKeyedMutex } from './keyed-mutex.ts';

t.test('tasks of one key run one at a time, in order; other keys run alongside', async (t) => {
  const run = createKeyedMutex();
  const log: string[] = [];
  const task = (name: string, ms: number) => async () => {
    log.push(`${name} start`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`${name} end`);
    return name;
  };
  const results = await Promise.all([run('a', task('a1', 30)), run('a', task('a2', 1)), run('b', task('b1', 5))]);
  t.same(results, ['a1', 'a2', 'b1']);
  t.ok(log.indexOf('a1 end') < log.indexOf('a2 start'), 'a2 waited for a1');
  t.ok(log.indexOf('b1 end') < log.indexOf('a1 end'), 'b1 did not wait for a1');
});

t.test('a failed task does not block the next one of its key', async (t) => {
  const run = createKeyedMutex();
  const failed = run('k', async () => {
    throw new Error('boom');
  });
  await t.rejects(failed, { message: 'boom' });
  t.equal(await run('k', async () => 'next'), 'next');
});
