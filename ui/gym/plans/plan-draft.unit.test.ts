import t from 'tap';
import type { Plan } from '../gym-api.ts';
import { editOf, moved, revisionOf } from './plan-draft.ts';

const plan: Plan = {
  id: 'p1',
  name: 'Split',
  startDate: '2026-11-02',
  active: true,
  sourceId: null,
  days: [
    { id: 'd1', ordinal: 1, title: 'Legs', slots: [{ id: 's1', exerciseId: 'e1', exerciseName: 'Squat', targetSets: 5, repMin: 5, repMax: 5, note: null }] },
    { id: 'd2', ordinal: 2, title: null, slots: [] },
  ],
};

t.test('a plan edited as it stands is sent back with every id, so a workout in progress continues', async (t) => {
  t.same(revisionOf(editOf(plan)), {
    name: 'Split',
    days: [
      { id: 'd1', title: 'Legs', slots: [{ id: 's1', exerciseId: 'e1', targetSets: 5, repMin: 5, repMax: 5, note: null }] },
      { id: 'd2', title: null, slots: [] },
    ],
  });
});

t.test('new days and slots go without an id; numbers are whole numbers, bounds left to the API', async (t) => {
  const edit = editOf(plan);
  const day = { key: 'new', title: ' ', slots: [{ key: 'n', exerciseId: 'e2', targetSets: '25', repMin: '8', repMax: ' 12 ', note: 'slow' }] };
  t.same(revisionOf({ ...edit, days: [...edit.days, day] }).valueOf(), {
    name: 'Split',
    days: [...(revisionOf(edit) as { days: unknown[] }).days, { title: null, slots: [{ exerciseId: 'e2', targetSets: 25, repMin: 8, repMax: 12, note: 'slow' }] }],
  });
  t.equal(revisionOf({ ...edit, days: [{ ...day, slots: [{ ...day.slots[0]!, targetSets: 'five' }] }] }), 'Day 1, exercise 1: sets must be a whole number.');
  t.equal(revisionOf({ ...edit, days: [{ ...day, slots: [{ ...day.slots[0]!, repMin: '2.5' }] }] }), 'Day 1, exercise 1: reps must be whole numbers.');
});

t.test('moving a day up or down; past either end nothing moves', async (t) => {
  t.same(moved(['a', 'b', 'c'], 2, -1), ['a', 'c', 'b']);
  t.same(moved(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  t.same(moved(['a', 'b', 'c'], 0, -1), ['a', 'b', 'c']);
  t.same(moved(['a', 'b', 'c'], 2, 1), ['a', 'b', 'c']);
});
