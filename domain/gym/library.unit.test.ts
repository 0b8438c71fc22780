import t from 'tap';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { decideLibrary, type PlanDraft } from './library-decide.ts';
import { latestDateAnywhere } from './bodyweight.ts';
import { evolveLibrary, initialLibraryState, type LibraryEvent, parseLibraryEvent } from './library.ts';

const noFields = { code: null, machineNumber: null, libraryId: null };
const exercise = (id: string, name: string, fields: Partial<Record<keyof typeof noFields, string | null>> = {}): LibraryEvent => ({
  type: 'exercise-created',
  data: { id, name, ...noFields, ...fields },
});
const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const draft = (exerciseId: string, name = 'Block'): PlanDraft => ({
  name,
  startDate: '2026-11-02',
  days: [{ title: 'A', slots: [{ exerciseId, targetSets: 3, repMin: 5, repMax: 8 }] }],
});

const library = deciderSpec({ initialState: initialLibraryState, evolve: evolveLibrary, decide: decideLibrary });

t.test('an exercise name is unique per user, case-insensitively; creating it again decides nothing', async (t) => {
  library([exercise('e1', 'Squat')]).when({ type: 'create-exercise', id: 'e2', name: 'squat ', fields: noFields }).then(t, []);
  library([exercise('e1', 'Squat')]).when({ type: 'create-exercise', id: 'e2', name: 'Front squat', fields: noFields }).then(t, [exercise('e2', 'Front squat')]);
  library([exercise('e1', 'Squat'), exercise('e2', 'Bench')]).when({ type: 'change-exercise', id: 'e2', name: 'SQUAT', fields: {} }).thenThrows(t, { code: 'NAME_TAKEN' });
  library([exercise('e1', 'Squat')]).when({ type: 'change-exercise', id: 'e1', name: 'Squat', fields: { code: null } }).then(t, [], 'nothing changes');
});

t.test('an exercise with a plan slot, or used since the deletion looked, is not deleted', async (t) => {
  const given = [exercise('e1', 'Squat'), exercise('e2', 'Bench')];
  const planned = library(given).when({ type: 'create-plan', id: 'p1', draft: draft('e1'), newId: ids() }).decided();
  library([...given, ...planned.events]).when({ type: 'delete-exercise', id: 'e1', seenCount: 0 }).thenThrows(t, { code: 'IN_USE' });
  library(given).when({ type: 'delete-exercise', id: 'e2', seenCount: 0 }).then(t, [{ type: 'exercise-deleted', data: { id: 'e2' } }]);
  library(given).when({ type: 'delete-exercise', id: 'e9', seenCount: 0 }).thenThrows(t, { code: 'NOT_FOUND' });
  const used = library(given).when({ type: 'use-exercise', id: 'e2', workoutId: 'w1' }).decided();
  t.same(used.events, [{ type: 'exercise-used', data: { id: 'e2', workoutId: 'w1' } }]);
  t.same(used.state.uses.e2, { count: 1, workoutIds: ['w1'], absorbed: [] });
  library([...given, ...used.events]).when({ type: 'delete-exercise', id: 'e2', seenCount: 0 }).thenThrows(t, { code: 'USED_MEANWHILE' });
  t.same(library([...given, ...used.events]).when({ type: 'delete-exercise', id: 'e2', seenCount: 1 }).decided().events.length, 1);
  library(given).when({ type: 'use-exercise', id: 'e9', workoutId: 'w1' }).thenThrows(t, { code: 'NOT_FOUND' }, 'a deleted exercise takes no set');
});

t.test('merge repoints slots, fills only blank fields of B and removes A', async (t) => {
  const given = [exercise('a', 'Bench (m)', { code: 'A', machineNumber: '7' }), exercise('b', 'Bench', { code: 'B' })];
  const planned = library(given).when({ type: 'create-plan', id: 'p1', draft: draft('a'), newId: ids() }).decided();
  const { events, state } = library([...given, ...planned.events]).when({ type: 'merge-exercises', fromId: 'a', intoId: 'b' }).decided();
  t.same(events, [{ type: 'exercise-merged', data: { fromId: 'a', intoId: 'b', filled: { machineNumber: '7' } } }]);
  t.same(state.exercises, { b: { id: 'b', name: 'Bench', code: 'B', machineNumber: '7', libraryId: null } });
  t.equal(state.plans.p1!.days[0]!.slots[0]!.exerciseId, 'b');
  library(given).when({ type: 'merge-exercises', fromId: 'a', intoId: 'a' }).thenThrows(t, { code: 'VALIDATION_FAILED' });
});

t.test('exactly one plan is active: a new plan or a duplicate takes over; deleting the active one hands over', async (t) => {
  const given = [exercise('e1', 'Squat')];
  const first = library(given).when({ type: 'create-plan', id: 'p1', draft: draft('e1', 'One'), newId: ids() }).decided();
  t.equal(first.state.activePlanId, 'p1');
  const second = library([...given, ...first.events]).when({ type: 'create-plan', id: 'p2', draft: draft('e1', 'Two'), newId: ids() }).decided();
  t.equal(second.state.activePlanId, 'p2');
  const history = [...given, ...first.events, ...second.events];
  const copy = library(history).when({ type: 'duplicate-plan', sourceId: 'p1', id: 'p3', startDate: '2026-12-07', name: null, newId: () => 'new' }).decided();
  t.equal(copy.state.activePlanId, 'p3');
  t.match(copy.state.plans.p3, { name: 'One', startDate: '2026-12-07', days: [{ id: 'new', slots: [{ id: 'new', exerciseId: 'e1' }] }] });
  const deleted = library([...history, ...copy.events]).when({ type: 'delete-plan', id: 'p3' }).decided();
  t.same(deleted.events.map((event) => event.type), ['plan-deleted', 'plan-activated']);
  t.equal(deleted.state.activePlanId, 'p2', 'the latest block takes over');
  const inactive = library(history).when({ type: 'delete-plan', id: 'p1' }).decided();
  t.same(inactive.events.map((event) => event.type), ['plan-deleted'], 'deleting an inactive plan changes nothing else');
});

t.test('a revision keeps the ids of days and slots it is sent, and refuses ids of another plan', async (t) => {
  const given = [exercise('e1', 'Squat')];
  const created = library(given).when({ type: 'create-plan', id: 'p1', draft: draft('e1'), newId: ids() }).decided();
  const [day] = created.state.plans.p1!.days;
  const revised = library([...given, ...created.events]).when({
    type: 'revise-plan',
    id: 'p1',
    changes: { days: [{ id: day!.id, title: 'A2', slots: [{ id: day!.slots[0]!.id, exerciseId: 'e1', targetSets: 5, repMin: 5, repMax: 5 }] }, { slots: [] }] },
    activate: false,
    newId: () => 'fresh',
  }).decided();
  t.same(revised.state.plans.p1!.days.map((d) => [d.id, d.title, d.slots.map((s) => s.id)]), [[day!.id, 'A2', [day!.slots[0]!.id]], ['fresh', null, []]]);
  library([...given, ...created.events])
    .when({ type: 'revise-plan', id: 'p1', changes: { days: [{ id: 'other', slots: [] }] }, activate: false, newId: ids() })
    .thenThrows(t, { code: 'VALIDATION_FAILED', message: 'body.days.0.id: not a day of this plan' });
  library([...given, ...created.events]).when({ type: 'revise-plan', id: 'p1', changes: {}, activate: true, newId: ids() }).then(t, [], 'already active, nothing changed');
});

t.test('a machine with logs refuses removal; body weight overwrites per date', async (t) => {
  const given: LibraryEvent[] = [
    { type: 'machine-added', data: { id: 'm1', name: 'Bike' } },
    { type: 'cardio-logged', data: { id: 'c1', machineId: 'm1', date: '2026-11-24', minutes: 20, distanceKm: null, calories: null, level: null } },
  ];
  library(given).when({ type: 'remove-machine', id: 'm1' }).thenThrows(t, { code: 'IN_USE' });
  library(given).when({ type: 'add-machine', id: 'm2', name: 'BIKE' }).thenThrows(t, { code: 'NAME_TAKEN' });
  const removed = library(given).when({ type: 'remove-cardio-log', id: 'c1' }).decided();
  library([...given, ...removed.events]).when({ type: 'remove-machine', id: 'm1' }).then(t, [{ type: 'machine-removed', data: { id: 'm1' } }]);
  const now = '2026-11-24T08:00:00.000Z';
  const weighed = library([]).when({ type: 'record-bodyweight', date: '2026-11-24', kg: 80, now }).decided();
  library(weighed.events).when({ type: 'record-bodyweight', date: '2026-11-24', kg: 80, now }).then(t, []);
  t.same(library(weighed.events).when({ type: 'record-bodyweight', date: '2026-11-24', kg: 81, now }).decided().state.bodyweights, { '2026-11-24': 81 });
  library([]).when({ type: 'remove-bodyweight', date: '2026-11-24' }).thenThrows(t, { code: 'NOT_FOUND' });
  t.throws(() => parseLibraryEvent('machine-added', { id: 1 }, 1));
});

t.test('an imported workout creates the exercises it lacks, by name in any case, and is admitted for each it uses', async (t) => {
  const given = [exercise('e1', 'Squat (Barbell)')];
  const create = [{ id: 'n1', name: 'Bench Press (Barbell)' }, { id: 'n2', name: 'squat (barbell)' }, { id: 'n3', name: 'BENCH PRESS (barbell)' }];
  const { events, state } = library(given).when({ type: 'import-exercises', workoutId: 'w1', create, use: ['n1', 'e1'] }).decided();
  t.same(events, [
    exercise('n1', 'Bench Press (Barbell)'),
    { type: 'exercise-used', data: { id: 'n1', workoutId: 'w1' } },
    { type: 'exercise-used', data: { id: 'e1', workoutId: 'w1' } },
  ], 'a namesake in the library or earlier in the list is not created twice');
  t.same([state.uses['n1']?.workoutIds, state.uses['e1']?.count], [['w1'], 1]);
  library(given).when({ type: 'import-exercises', workoutId: 'w1', create: [], use: [] }).then(t, []);
  library(given).when({ type: 'import-exercises', workoutId: 'w1', create: [], use: ['gone'] }).thenThrows(t, { code: 'NOT_FOUND' }, 'an exercise deleted meanwhile is not admitted');
});

t.test('a body-weight reading dated in the future is refused: after the date of the time zone furthest ahead (UTC+14)', async (t) => {
  const record = (date: string, now: string) => library([]).when({ type: 'record-bodyweight', date, kg: 80, now }).decided().events;
  // 09:59 UTC is 23:59 at UTC+14: the 24th is the latest date anywhere
  t.same(latestDateAnywhere(new Date('2026-11-24T09:59:59.999Z')), '2026-11-24');
  t.same(latestDateAnywhere(new Date('2026-11-24T10:00:00.000Z')), '2026-11-25', 'from 10:00 UTC the 25th has begun in Kiribati');
  t.same(latestDateAnywhere(new Date('2026-12-31T12:00:00.000Z')), '2027-01-01');
  t.same(record('2026-11-24', '2026-11-24T09:59:59.999Z'), [{ type: 'bodyweight-recorded', data: { date: '2026-11-24', kg: 80 } }]);
  t.throws(() => record('2026-11-25', '2026-11-24T09:59:59.999Z'), { code: 'VALIDATION_FAILED', message: 'body.date: must not be in the future (after 2026-11-24)' });
  t.same(record('2026-11-25', '2026-11-24T10:00:00.000Z').length, 1, 'a day already begun somewhere is let through');
  t.throws(() => record('2026-11-26', '2026-11-24T23:59:59.999Z'), { code: 'VALIDATION_FAILED' });
  t.throws(() => record('2999-12-31', '2026-11-24T12:00:00.000Z'), { code: 'VALIDATION_FAILED' });
  t.same(record('1900-01-01', '2026-11-24T12:00:00.000Z').length, 1, 'any past date is a date');
});
