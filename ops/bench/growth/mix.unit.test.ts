import t from 'tap';
import { KINDS, MIX, targetsOf } from './mix.ts';

t.test('the shares add up to the whole log', async (t) => {
  t.ok(Math.abs(KINDS.reduce((sum, kind) => sum + MIX[kind], 0) - 1) < 1e-9, 'the shares make the whole');
  for (const total of [0, 1, 7, 30_000, 1_000_003, 20_000_000]) {
    const targets = targetsOf(total);
    t.equal(KINDS.reduce((sum, kind) => sum + targets[kind], 0), total, `${total} events`);
    for (const kind of KINDS) t.ok(Math.abs(targets[kind] - total * MIX[kind]) < KINDS.length, `${kind} of ${total} is its share`);
  }
});
