// The gym's copy of a workout on the phone, without a browser: what the lifter sees while commands
// wait, what each answer writes into the copy, and what they are told when a change of theirs lost.
import t from 'tap';
import { type Command, enqueue } from '../../shared/outbox-model.ts';
import type { Workout } from '../gym-api.ts';
import { setKey } from './workout-rows.ts';
import { afterAnswer, placePath, type SetLog, shownSets, startedHere, startKey, tickPath, workoutToContinue } from './workout-replica.ts';

const W = 'w-1';
const started = startedHere(W, null, '2026-11-27', null, new Date('2026-11-27T09:00:00.000Z'));
const set = (setNumber: number, kg: number, reps: number, kind: SetLog['kind'] = 'normal'): SetLog => ({
  id: `s${setNumber}`,
  sessionId: W,
  exerciseId: 'bench',
  exerciseName: 'Bench Press',
  setNumber,
  kg,
  reps,
  unit: 'kg',
  rpe: null,
  kind,
  note: '',
});
const withSets = (...sets: SetLog[]): Workout => ({ ...started, sets, setCount: sets.length });
const tickCommand = (setNumber: number, kg: number, reps: number, madeAt = '2026-11-27T10:00:00.000Z'): Command =>
  enqueue([], { key: setKey(W, 'bench', setNumber), id: `t${setNumber}`, madeAt, method: 'POST', path: tickPath(W), body: { exerciseId: 'bench', setNumber, kg, reps, unit: 'kg', madeAt } })[0]!;
const deleteCommand = (setNumber: number): Command =>
  enqueue([], { key: setKey(W, 'bench', setNumber), id: `d${setNumber}`, madeAt: '2026-11-27T10:05:00.000Z', method: 'DELETE', path: placePath(W, 'bench', setNumber), body: null })[0]!;

t.test('waiting commands are drawn over the copy: a tick shows its numbers, a deletion hides the set', async (t) => {
  const copy = withSets(set(1, 50, 8), set(2, 50, 8));
  const shown = shownSets(copy, [tickCommand(3, 52.5, 6), deleteCommand(2)], false);
  t.same(shown.logged.map((each) => each.setNumber), [1], 'set 2 is deleted here');
  t.same(shown.pending.map((each) => [each.setNumber, each.kg, each.state.kind]), [[3, 52.5, 'saving']]);
  t.same(shownSets(copy, [{ ...tickCommand(3, 52.5, 6), tries: 1 }], false).pending[0]?.state, { kind: 'queued' }, 'after a try with no answer: queued');
  t.same(shownSets(copy, [tickCommand(3, 52.5, 6)], true).pending[0]?.state, { kind: 'queued' }, 'offline: queued');
});

t.test('an accepted tick or deletion is written into the copy; a start takes the server’s workout', async (t) => {
  const ticked = afterAnswer(withSets(set(1, 50, 8)), tickCommand(2, 55, 6), { kind: 'ok', body: set(2, 55, 6) }, 'kg');
  t.same(ticked.copy?.sets.map((each) => [each.setNumber, each.kg]), [[1, 50], [2, 55]]);
  t.equal(ticked.copy?.volumeKg, 50 * 8 + 55 * 6, 'the copy sums its volume');
  const warm = afterAnswer(withSets(set(1, 40, 10, 'warmup')), tickCommand(2, 55, 6), { kind: 'ok', body: set(2, 55, 6) }, 'kg');
  t.equal(warm.copy?.volumeKg, 55 * 6, 'a warm-up counts in no volume, here as on the server');
  t.same(ticked.outcome, { kind: 'accepted' });
  const removed = afterAnswer(withSets(set(1, 50, 8), set(2, 55, 6)), deleteCommand(1), { kind: 'ok', body: undefined }, 'kg');
  t.same(removed.copy?.sets.map((each) => each.setNumber), [2]);
  const start: Command = enqueue([], { key: startKey(W), id: 's', madeAt: '2026-11-27T09:00:00.000Z', method: 'POST', path: '/api/sessions', body: { planDayId: null, date: '2026-11-27' } })[0]!;
  const fromServer = withSets(set(1, 60, 5));
  t.same(afterAnswer(started, start, { kind: 'ok', body: fromServer }, 'kg').copy, fromServer, 'sets another phone ticked come with it');
});

t.test('a tick that lost to a later one: the copy takes the server’s set and the lifter is told, in their unit', async (t) => {
  const conflict = { kind: 'refused', status: 409, code: 'SET_CHANGED_LATER', message: 'Set 3 of Bench Press was changed on another device after this tick', body: { current: set(3, 55, 6) } } as const;
  const lost = afterAnswer(withSets(), tickCommand(3, 50, 8), conflict, 'kg');
  t.same(lost.outcome, { kind: 'accepted' }, 'nothing to retry');
  t.same(lost.copy?.sets.map((each) => [each.setNumber, each.kg, each.reps]), [[3, 55, 6]]);
  t.equal(lost.notice, 'Set 3 of Bench Press was changed on another device after your 50 kg × 8: it keeps 55 kg × 6.');
  t.equal(afterAnswer(withSets(), tickCommand(3, 45.359237, 8), conflict, 'lb').notice, 'Set 3 of Bench Press was changed on another device after your 100 lb × 8: it keeps 121.254 lb × 6.');
  const deleted = afterAnswer(withSets(set(1, 50, 8), set(3, 50, 8)), tickCommand(3, 50, 8), { ...conflict, message: 'deleted', body: { current: null } }, 'kg');
  t.same(deleted.copy?.sets.map((each) => each.setNumber), [1], 'a later deletion takes the set from the copy');
  t.equal(deleted.notice, 'Set 3 of Bench Press was deleted on another device after your 50 kg × 8.');
  const refused = afterAnswer(withSets(), tickCommand(3, 50, 8), { kind: 'refused', status: 404, code: 'NOT_FOUND', message: 'Workout not found', body: {} }, 'kg');
  t.same(refused.outcome, { kind: 'refused', refusal: { status: 404, code: 'NOT_FOUND', message: 'Workout not found' } });
});

t.test("Today continues the day's open workout with sets, from any device's copy or this phone's waiting ticks", async (t) => {
  t.equal(workoutToContinue([started], [], '2026-11-27'), null, 'a workout with no set is not offered');
  t.equal(workoutToContinue([started], [tickCommand(1, 50, 8)], '2026-11-27')?.id, W, 'a tick waiting here counts');
  t.equal(workoutToContinue([withSets(set(1, 50, 8))], [], '2026-11-27')?.id, W);
  t.equal(workoutToContinue([{ ...withSets(set(1, 50, 8)), finishedAt: '2026-11-27T11:00:00.000Z' }], [], '2026-11-27'), null, 'a finished one is not');
  t.equal(workoutToContinue([withSets(set(1, 50, 8))], [], '2026-11-28'), null, 'nor one of another day');
});
