import t from 'tap';
import { until, waitUntil } from './until.ts';

t.test('until: the first value that is not null, undefined or false; a probe that throws is asked again', async (t) => {
  let calls = 0;
  // the first call throws, the next three give null, undefined and false, the fifth 0
  const found = await until('the fifth call', () => {
    calls++;
    if (calls === 1) throw new Error('not up yet');
    return [null, undefined, false, 0][calls - 2];
  }, 5000);
  t.equal(found, 0, 'zero is a value');
  t.equal(calls, 5);
});

t.test('until: past the deadline, fails with what it waited for and the last error', async (t) => {
  const failure = await until('a state that never comes', () => {
    throw new Error('refused');
  }, 60).catch((error: unknown) => error);
  t.match(failure, { message: 'gave up waiting for a state that never comes (60 ms)', cause: { message: 'refused' } });
  await t.rejects(until('nothing', () => null, 60), { message: 'gave up waiting for nothing (60 ms)' });
});

t.test('waitUntil: whether the check held in time', async (t) => {
  let calls = 0;
  t.equal(await waitUntil(() => ++calls === 3, 5000), true);
  t.equal(await waitUntil(() => false, 60), false);
});
