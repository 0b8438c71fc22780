import t from 'tap';
import { outboxSaveState } from './outbox-badge.ts';

const waiting = (tries = 0) => ({ tries });
const refused = { tries: 1, refusal: { status: 400, code: 'VALIDATION_FAILED', message: 'body.reps: Too big' } };

t.test('the four states of the spec, read off what the outbox holds', async (t) => {
  t.same(outboxSaveState([], false), { kind: 'saved', at: null }, 'nothing held: Saved');
  t.same(outboxSaveState([waiting()], false), { kind: 'saving' }, 'on its way, no failure yet: Saving');
  t.same(outboxSaveState([waiting(), waiting(1)], false), { kind: 'offline' }, 'a try got no answer: Offline (will sync)');
  t.same(outboxSaveState([waiting()], true), { kind: 'offline' }, 'the last try of any command got no answer: Offline');
  t.same(outboxSaveState([waiting(), refused], false), { kind: 'failed', message: 'body.reps: Too big' }, 'a refusal wins over what still waits: Not saved');
  t.same(outboxSaveState([refused], true), { kind: 'failed', message: 'body.reps: Too big' }, 'and over no signal');
  t.same(outboxSaveState([], true), { kind: 'saved', at: null }, 'offline with nothing held is still Saved: nothing is at risk');
});
