import t from 'tap';
import { createWritePositions } from './read-your-writes.ts';

t.test("a session's last write: the latest position wins, whatever order the answers came in", async (t) => {
  const writes = createWritePositions();
  t.equal(writes.last('s1'), undefined);
  writes.note('s1', { commit: 5n, prepare: 2n });
  writes.note('s1', { commit: 4n, prepare: 9n });
  t.same(writes.last('s1'), { commit: 5n, prepare: 2n }, 'an earlier position answered later does not move it back');
  writes.note('s1', { commit: 5n, prepare: 3n });
  t.same(writes.last('s1'), { commit: 5n, prepare: 3n });
  t.equal(writes.last('s2'), undefined, 'per session');
});
