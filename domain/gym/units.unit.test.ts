import t from 'tap';
import { KG_PER_LB, nextStepKg } from './units.ts';

t.test('a progression step is 2.5 kg for a kilogram user and 5 lb for a pound user', async (t) => {
  t.equal(nextStepKg(100, 'kg'), 102.5);
  t.equal(nextStepKg(61.5, 'kg'), 64);
  for (const lb of [45, 135, 182.5, 225]) {
    const shown = Math.round((nextStepKg(lb * KG_PER_LB, 'lb') / KG_PER_LB) * 1000) / 1000;
    t.equal(shown, lb + 5, `${lb} lb becomes ${lb + 5} lb`);
  }
});
