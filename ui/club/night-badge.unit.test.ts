import t from 'tap';
import { nightSaveState } from './night-badge.ts';

t.test("the night's four badges are the spec's four states", async (t) => {
  t.same(nightSaveState('saved', null), { kind: 'saved', at: null });
  t.same(nightSaveState('saving', null), { kind: 'saving' });
  t.same(nightSaveState('offline', null), { kind: 'offline' });
  t.same(nightSaveState('failed', 'The night is closed.'), { kind: 'failed', message: 'The night is closed.' }, 'Not saved carries the refusal');
});
