import t from 'tap';
import { laterPosition } from './api.ts';

t.test('the later of two log positions: commit first, then prepare; a malformed one never wins', async (t) => {
  t.equal(laterPosition(null, '10/3'), '10/3');
  t.equal(laterPosition('10/3', null), '10/3');
  t.equal(laterPosition('10/3', '9/99'), '10/3', 'commit orders first');
  t.equal(laterPosition('9/99', '10/3'), '10/3');
  t.equal(laterPosition('10/3', '10/4'), '10/4', 'prepare breaks the tie');
  t.equal(laterPosition('100/1', '99/2'), '100/1', 'compared as numbers, not text');
  t.equal(laterPosition('10/3', 'soon'), '10/3');
  t.equal(laterPosition('soon', null), null);
});
