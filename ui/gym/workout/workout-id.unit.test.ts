import fc from 'fast-check';
import t from 'tap';
import { importedWorkoutIdOf, workoutIdOf as serverWorkoutIdOf } from '../../../command-api/gym/workout-ids.ts';
import { workoutIdOf } from './workout-id.ts';

const date = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

t.test('the phone names a workout as the server does, for any user, plan day (or none) and date', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.uuid(), fc.string()), fc.option(fc.oneof(fc.uuid(), fc.string({ unit: 'grapheme' }))), date, async (userId, planDayId, day) => {
      const phone = await workoutIdOf(userId, planDayId, day);
      t.equal(phone, serverWorkoutIdOf(userId, planDayId, day));
      t.match(phone, UUID);
    }),
    { numRuns: 300 },
  );
});

t.test('the ids of workouts already stored do not move: the key and the UUID layout are those the streams were named with', async (t) => {
  // computed by the server before the key moved to domain/gym/workout-id.ts
  t.equal(await workoutIdOf('0b6c4f8e-2a1d-4c3b-9e5f-7a8b9c0d1e2f', '5d7e9f10-3b2c-4a1d-8e6f-0a1b2c3d4e5f', '2026-11-24'), 'a9301fb1-5e22-5af6-8a22-5704af6cac51');
  t.equal(await workoutIdOf('user', null, '2026-01-01'), '4d179fa3-8af6-5582-959f-18ea87f285ca');
  t.equal(importedWorkoutIdOf('u', 'Push day', '2024-01-02 10:00'), '54291520-221d-5cb6-8083-cfc5e25f2e60');
});

t.test('a different plan day or date is a different workout', async (t) => {
  const base = await workoutIdOf('u', 'day-1', '2026-11-24');
  t.not(await workoutIdOf('u', 'day-2', '2026-11-24'), base);
  t.not(await workoutIdOf('u', 'day-1', '2026-11-25'), base);
  t.not(await workoutIdOf('u', null, '2026-11-24'), base);
  t.not(await workoutIdOf('v', 'day-1', '2026-11-24'), base);
});
