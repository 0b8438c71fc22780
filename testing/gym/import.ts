// Test support for the gym import tests (command-api/gym/import-*.int.test.ts): a test system, a user
// who imports, the log's head to see that nothing was appended, and what the fixtures' Strong export
// (command-api/gym/fixtures/strong.csv) must import as. Imported only by tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Test } from 'tap';
import { startTestSystem } from '../harness.ts';
import { importedCardioIdOf, importedWorkoutIdOf } from '../../command-api/gym/workout-ids.ts';
import { trainingUser } from './training-client.ts';

export const fixture = (name: string): string => readFileSync(path.join(import.meta.dirname, '../../command-api/gym/fixtures', name), 'utf8');
export const LB = 0.45359237;
export const error = (statusCode: number, code: string, message: string) => ({ statusCode, code, error: statusCode === 400 ? 'Bad Request' : statusCode === 413 ? 'Payload Too Large' : 'Unauthorized', message });

export type Answer = {
  format: string;
  unit: string | null;
  unitSource: string;
  dryRun: boolean;
  workouts: Array<{ id: string; date: string; start: string; name: string; sets: number; status: string }>;
  exercisesCreated: string[];
  exercisesMatched: string[];
  cardio: Array<{ id: string; line: number; date: string; workout: string; exercise: string; machine: string; minutes: number; distanceKm: number | null; status: string; note: string }>;
  machinesCreated: string[];
  skipped: Array<{ line: number; reason: string }>;
  setsImported: number;
};
export type CardioLog = { id: string; machineId: string; machineName: string | null; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };

export async function startImportTest(t: Test) {
  const system = await startTestSystem(t);
  const app = system.apps.gym!;
  const head = async () => JSON.stringify(await system.core.store.headPosition(), (_, value) => (typeof value === 'bigint' ? String(value) : value));

  async function importer(email: string) {
    const me = await trainingUser(app, email);
    const send = (csv: string, extra: object = {}) => me.call('POST', '/api/import', { csv, timeZone: 'Europe/Berlin', ...extra });
    const imported = async (csv: string, extra: object = {}): Promise<Answer> => {
      const res = await send(csv, extra);
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    return { ...me, send, imported };
  }
  return { system, app, head, importer };
}

/** what command-api/gym/fixtures/strong.csv imports as */
export const STRONG_WORKOUTS = (userId: string, status: string) => [
  { id: importedWorkoutIdOf(userId, 'Push Day', '2024-03-05T07:12:44'), date: '2024-03-05', start: '2024-03-05T07:12:44', name: 'Push Day', sets: 11, status },
  { id: importedWorkoutIdOf(userId, 'Pull Day', '2024-03-07T18:40:02'), date: '2024-03-07', start: '2024-03-07T18:40:02', name: 'Pull Day', sets: 10, status },
  { id: importedWorkoutIdOf(userId, 'Leg Day', '2024-03-09T09:05:30'), date: '2024-03-09', start: '2024-03-09T09:05:30', name: 'Leg Day', sets: 8, status },
];
export const STRONG_SKIPPED = [{ line: 7, reason: 'a rest timer, not a set' }];
/** the treadmill row and the plank row of strong.csv, each a cardio session */
export const STRONG_CARDIO = (userId: string, status: string, plankMachine = 'Plank') => [
  {
    id: importedCardioIdOf(userId, 'Pull Day', '2024-03-07T18:40:02', 'Running (Treadmill)', 1),
    line: 24,
    date: '2024-03-07',
    workout: 'Pull Day',
    exercise: 'Running (Treadmill)',
    machine: 'Running (Treadmill)',
    minutes: 15,
    distanceKm: 2.5,
    status,
    note: '',
  },
  { id: importedCardioIdOf(userId, 'Leg Day', '2024-03-09T09:05:30', 'Plank', 1), line: 33, date: '2024-03-09', workout: 'Leg Day', exercise: 'Plank', machine: plankMachine, minutes: 1, distanceKm: null, status, note: '' },
];
export const STRONG_CREATED = ['Bench Press (Barbell)', 'Overhead Press (Barbell)', 'Triceps Pushdown (Cable - Straight Bar)', 'Deadlift (Barbell)', 'Pull Up', 'Bent Over Row (Barbell)', 'Leg Press'];
