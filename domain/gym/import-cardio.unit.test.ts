import t from 'tap';
import { type CardioToImport, decideCardioImport, importedCardioIdKey } from './import-cardio.ts';
import { evolveLibrary, initialLibraryState, type LibraryEvent, type LibraryState } from './library.ts';

const given = (...events: LibraryEvent[]): LibraryState => events.reduce(evolveLibrary, initialLibraryState);
const counter = () => {
  let n = 0;
  return () => `machine-${++n}`;
};
const run: CardioToImport = { id: 'log-run', machine: 'Running (Treadmill)', date: '2024-03-07', minutes: 15, distanceKm: 2.5 };
const plank: CardioToImport = { id: 'log-plank', machine: 'Plank', date: '2024-03-09', minutes: 1, distanceKm: null };
const plankAgain: CardioToImport = { id: 'log-plank-2', machine: 'PLANK', date: '2024-03-09', minutes: 0.5, distanceKm: null };

t.test('new sessions: a machine per exercise (any case) added once, each session logged on it', async (t) => {
  const decision = decideCardioImport(initialLibraryState, [run, plank, plankAgain], counter());
  t.same(decision.events, [
    { type: 'machine-added', data: { id: 'machine-1', name: 'Running (Treadmill)' } },
    { type: 'cardio-logged', data: { id: 'log-run', machineId: 'machine-1', date: '2024-03-07', minutes: 15, distanceKm: 2.5, calories: null, level: null } },
    { type: 'machine-added', data: { id: 'machine-2', name: 'Plank' } },
    { type: 'cardio-logged', data: { id: 'log-plank', machineId: 'machine-2', date: '2024-03-09', minutes: 1, distanceKm: null, calories: null, level: null } },
    { type: 'cardio-logged', data: { id: 'log-plank-2', machineId: 'machine-2', date: '2024-03-09', minutes: 0.5, distanceKm: null, calories: null, level: null } },
  ]);
  t.same(decision.outcomes, [
    { status: 'new', machine: 'Running (Treadmill)' },
    { status: 'new', machine: 'Plank' },
    { status: 'new', machine: 'Plank' },
  ]);
  t.same(decision.machinesCreated, ['Running (Treadmill)', 'Plank']);
});

t.test('a machine of the same name in another case is the one used', async (t) => {
  const decision = decideCardioImport(given({ type: 'machine-added', data: { id: 'mine', name: 'plank' } }), [plank], counter());
  t.same(decision.events.map((event) => event.type), ['cardio-logged']);
  t.same([decision.outcomes, decision.machinesCreated], [[{ status: 'new', machine: 'plank' }], []]);
});

t.test('the same sessions again: nothing; one changed since is put back to the file, keeping what the file does not say', async (t) => {
  const first = decideCardioImport(initialLibraryState, [run, plank], counter());
  const imported = given(...first.events);
  const again = decideCardioImport(imported, [run, plank], counter());
  t.same([again.events, again.outcomes.map((outcome) => outcome.status), again.machinesCreated], [[], ['unchanged', 'unchanged'], []]);

  // the person moved the run to another machine, renamed it, gave it calories and shortened it
  const edited = given(
    ...first.events,
    { type: 'machine-added', data: { id: 'bike', name: 'Bike' } },
    { type: 'cardio-log-changed', data: { id: 'log-run', machineId: 'bike', date: '2024-03-07', minutes: 10, distanceKm: 2.5, calories: 150, level: 3 } },
    { type: 'machine-renamed', data: { id: 'machine-2', name: 'Plank hold' } },
  );
  const redone = decideCardioImport(edited, [run, plank], counter());
  t.same(redone.events, [{ type: 'cardio-log-changed', data: { id: 'log-run', machineId: 'bike', date: '2024-03-07', minutes: 15, distanceKm: 2.5, calories: 150, level: 3 } }]);
  t.same(redone.outcomes, [{ status: 'changed', machine: 'Bike' }, { status: 'unchanged', machine: 'Plank hold' }], 'the machine it is on now, renamed or not');
  t.same(redone.machinesCreated, []);
});

t.test("a session's key: the file's workout, the exercise in any case and its place, apart from every other id's", async (t) => {
  const key = importedCardioIdKey('u1', 'Leg Day', '2024-03-09T09:05:30', 'Plank', 1);
  t.equal(key, 'gym-imported-cardio\u0000u1\u0000Leg Day\u00002024-03-09T09:05:30\u0000plank\u00001');
  t.equal(importedCardioIdKey('u1', 'Leg Day', '2024-03-09T09:05:30', ' PLANK ', 1), key);
  t.not(importedCardioIdKey('u1', 'Leg Day', '2024-03-09T09:05:30', 'Plank', 2), key);
});
