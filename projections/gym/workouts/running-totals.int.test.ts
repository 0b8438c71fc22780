// The running totals of a live batch that touches several days which already have rows: each day's
// totals, each exercise's day (one updated, one gone), the best of the earlier days and the
// exercise's totals, with the numbers worked out by hand.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import t from 'tap';
import { z } from 'zod';
import { WORKOUT_SCHEMA_VERSION, WORKOUT_STREAM_PREFIX } from '../../../domain/gym/workout.ts';
import type { RecordedEvent } from '../../../infra/eventstore/port.ts';
import { connectTestDatabase } from '../../../testing/database.ts';
import { gymProjection } from '../index.ts';

/** Events of `userId`'s workouts as the log records them, numbered in the order they are made. */
function eventMaker(userId: string) {
  let position = 0n;
  return (workout: string, type: string, data: Record<string, unknown>): RecordedEvent => {
    position++;
    return {
      id: randomUUID(),
      type,
      data,
      metadata: { userId, correlationId: 'test', causationId: 'test', schemaVersion: WORKOUT_SCHEMA_VERSION },
      stream: `${WORKOUT_STREAM_PREFIX}${workout}`,
      revision: 0n,
      position: { commit: position, prepare: position },
      recordedAt: new Date(),
    };
  };
}

t.test('a batch over two days that already have totals recomputes both, and only what changed', async (t) => {
  const db = await connectTestDatabase(t, 2);
  await db.slonik.query(sql.unsafe`CREATE SCHEMA gym`);
  await db.slonik.transaction((tx) => gymProjection.migrate(tx, 'gym'));
  for (const step of gymProjection.completeBulk ?? []) await db.slonik.transaction((tx) => step(tx, 'gym'));

  const userId = randomUUID();
  const [squat, row] = [randomUUID(), randomUUID()];
  const [monday, wednesday] = [randomUUID(), randomUUID()];
  const [mondaySquat, mondayRow, wednesdaySquat] = [randomUUID(), randomUUID(), randomUUID()];
  const event = eventMaker(userId);
  const tick = (workout: string, setId: string, exerciseId: string, kg: number, reps: number) =>
    event(workout, 'set-ticked', { setId, exerciseId, setNumber: 1, kg, reps, unit: 'kg', rpe: null, madeAt: null });
  const applyBatch = (events: RecordedEvent[]) => db.slonik.transaction((tx) => gymProjection.apply(tx, 'gym', events));

  const first = [
    event(monday, 'workout-started', { userId, planDayId: null, date: '2026-11-23', startedAt: '2026-11-23T18:00:00.000Z' }),
    event(wednesday, 'workout-started', { userId, planDayId: null, date: '2026-11-25', startedAt: '2026-11-25T18:00:00.000Z' }),
    tick(monday, mondaySquat, squat, 100, 5),
    tick(monday, mondayRow, row, 50, 10),
    tick(wednesday, wednesdaySquat, squat, 105, 5),
  ];
  await applyBatch(first);
  const untouched = await db.slonik.oneFirst(
    sql.type(z.object({ xmin: z.string() }))`SELECT xmin::text FROM gym.day_totals WHERE user_id = ${userId} AND date = '2026-11-23'`,
  );
  // one batch: Monday's squat heavier and its row removed, Wednesday's squat corrected down
  const second = [
    tick(monday, mondaySquat, squat, 110, 5),
    event(monday, 'set-removed', { setId: mondayRow }),
    event(wednesday, 'set-corrected', { setId: wednesdaySquat, kg: 107.5, reps: 3 }),
  ];
  await applyBatch(second);

  const days = await db.slonik.any(sql.type(z.object({ date: z.string(), workouts: z.number(), sets: z.number(), reps: z.number(), volume_kg: z.number() }))`
    SELECT date::text, workouts, sets, reps, volume_kg FROM gym.day_totals WHERE user_id = ${userId} ORDER BY date`);
  t.same(days, [
    { date: '2026-11-23', workouts: 1, sets: 1, reps: 5, volume_kg: 550 },
    { date: '2026-11-25', workouts: 1, sets: 1, reps: 3, volume_kg: 322.5 },
  ]);
  const exerciseDaysIn = (schema: string) =>
    db.slonik.any(sql.type(z.object({ exercise_id: z.string(), date: z.string(), sets: z.number(), volume_kg: z.number(), heaviest_kg: z.number(), best_kg: z.number(), best_reps: z.number(), prior_best_e1rm: z.number().nullable() }))`
      SELECT exercise_id, date::text, sets, volume_kg, heaviest_kg, best_kg, best_reps, prior_best_e1rm FROM ${sql.identifier([schema, 'exercise_days'])}
      WHERE user_id = ${userId} ORDER BY date, exercise_id`);
  const exerciseDays = await exerciseDaysIn('gym');
  t.same(
    exerciseDays,
    [
      { exercise_id: squat, date: '2026-11-23', sets: 1, volume_kg: 550, heaviest_kg: 110, best_kg: 110, best_reps: 5, prior_best_e1rm: null },
      { exercise_id: squat, date: '2026-11-25', sets: 1, volume_kg: 322.5, heaviest_kg: 107.5, best_kg: 107.5, best_reps: 3, prior_best_e1rm: 110 * (1 + 5 / 30) },
    ],
    "Monday's row is gone, Wednesday's squat knows Monday's heavier best",
  );
  const totals = await db.slonik.any(sql.type(z.object({ exercise_id: z.string(), last_date: z.string(), sets: z.number(), volume_kg: z.number(), heaviest_kg: z.number(), best_date: z.string() }))`
    SELECT exercise_id, last_date::text, sets, volume_kg, heaviest_kg, best_date::text FROM gym.exercise_totals WHERE user_id = ${userId}`);
  t.same(totals, [{ exercise_id: squat, last_date: '2026-11-25', sets: 2, volume_kg: 872.5, heaviest_kg: 110, best_date: '2026-11-23' }], 'the row has no totals left');

  // a batch that changes nothing a total is made of leaves the rows as they are
  const before = await db.slonik.oneFirst(
    sql.type(z.object({ xmin: z.string() }))`SELECT xmin::text FROM gym.day_totals WHERE user_id = ${userId} AND date = '2026-11-23'`,
  );
  t.not(before, untouched, 'the second batch rewrote Monday');
  await applyBatch([event(monday, 'workout-notes-changed', { notes: 'felt strong' }), tick(monday, mondaySquat, squat, 110, 5)]);
  const after = await db.slonik.oneFirst(
    sql.type(z.object({ xmin: z.string() }))`SELECT xmin::text FROM gym.day_totals WHERE user_id = ${userId} AND date = '2026-11-23'`,
  );
  t.equal(after, before, 'the same tick again: Monday left alone');

  // a rebuild of the same log computes the same days, the best before each included
  await db.slonik.query(sql.unsafe`CREATE SCHEMA gym_rebuilt_days`);
  await db.slonik.transaction((tx) => gymProjection.migrate(tx, 'gym_rebuilt_days'));
  await db.slonik.transaction((tx) => gymProjection.apply(tx, 'gym_rebuilt_days', [...first, ...second], { bulk: true }));
  for (const step of gymProjection.completeBulk ?? []) await db.slonik.transaction((tx) => step(tx, 'gym_rebuilt_days'));
  t.same(await exerciseDaysIn('gym_rebuilt_days'), exerciseDays, 'rebuilt: the same days and prior bests');
});

t.test("a day's best set is the highest estimate, then the earliest workout of the day, then the lowest set number, live and rebuilt", async (t) => {
  const db = await connectTestDatabase(t, 2);
  const userId = randomUUID();
  const squat = randomUUID();
  const [later, earlier] = [randomUUID(), randomUUID()];
  const event = eventMaker(userId);
  const tick = (workout: string, setNumber: number, kg: number, reps: number) =>
    event(workout, 'set-ticked', { setId: randomUUID(), exerciseId: squat, setNumber, kg, reps, unit: 'kg', rpe: null, madeAt: null });
  // the workout logged first started later; three sets tie at 100 × 5
  const events = [
    event(later, 'workout-started', { userId, planDayId: null, date: '2026-11-24', startedAt: '2026-11-24T10:00:00.000Z' }),
    tick(later, 1, 100, 5),
    tick(later, 2, 100, 5),
    event(earlier, 'workout-started', { userId, planDayId: null, date: '2026-11-24', startedAt: '2026-11-24T09:00:00.000Z' }),
    tick(earlier, 1, 90, 7),
    tick(earlier, 4, 100, 5),
    tick(earlier, 3, 100, 5),
    tick(earlier, 5, 100, 0),
  ];
  const best = async (schema: string) =>
    db.slonik.one(sql.type(z.object({ best_workout_id: z.string(), best_started_at: z.string(), best_set_number: z.number(), best_kg: z.number(), best_reps: z.number(), heaviest_kg: z.number(), sets: z.number() }))`
      SELECT best_workout_id, best_started_at, best_set_number, best_kg, best_reps, heaviest_kg, sets FROM ${sql.identifier([schema, 'exercise_days'])} WHERE user_id = ${userId}`);
  const expected = { best_workout_id: earlier, best_started_at: '2026-11-24T09:00:00.000Z', best_set_number: 3, best_kg: 100, best_reps: 5, heaviest_kg: 100, sets: 6 };

  await db.slonik.query(sql.unsafe`CREATE SCHEMA gym`);
  await db.slonik.transaction((tx) => gymProjection.migrate(tx, 'gym'));
  for (const step of gymProjection.completeBulk ?? []) await db.slonik.transaction((tx) => step(tx, 'gym'));
  for (const batch of [events.slice(0, 3), events.slice(3)]) await db.slonik.transaction((tx) => gymProjection.apply(tx, 'gym', batch));
  t.same(await best('gym'), expected, 'live: set 3 of the workout started first');

  await db.slonik.query(sql.unsafe`CREATE SCHEMA gym_rebuilt`);
  await db.slonik.transaction((tx) => gymProjection.migrate(tx, 'gym_rebuilt'));
  await db.slonik.transaction((tx) => gymProjection.apply(tx, 'gym_rebuilt', events, { bulk: true }));
  for (const step of gymProjection.completeBulk ?? []) await db.slonik.transaction((tx) => step(tx, 'gym_rebuilt'));
  t.same(await best('gym_rebuilt'), expected, 'rebuilt: the same set');
});

t.test("a workout's finish and notes land as the log orders them, whether in its start's batch or not", async (t) => {
  const db = await connectTestDatabase(t, 2);
  const userId = randomUUID();
  const event = eventMaker(userId);
  const [finishedOnce, reopened, restarted] = [randomUUID(), randomUUID(), randomUUID()];
  const start = (workout: string, at: string) => event(workout, 'workout-started', { userId, planDayId: null, date: '2026-11-23', startedAt: at });
  const before = [start(restarted, '2026-11-23T07:00:00.000Z')];
  const log = [
    start(finishedOnce, '2026-11-23T18:00:00.000Z'),
    event(finishedOnce, 'workout-notes-changed', { notes: 'heavy' }),
    event(finishedOnce, 'workout-finished', { at: '2026-11-23T19:00:00.000Z' }),
    start(reopened, '2026-11-23T20:00:00.000Z'),
    event(reopened, 'workout-finished', { at: '2026-11-23T21:00:00.000Z' }),
    event(reopened, 'workout-reopened', {}),
    // a start begins a workout afresh, as the workout's own fold does: what came before it is gone
    event(restarted, 'workout-notes-changed', { notes: 'early' }),
    event(restarted, 'workout-finished', { at: '2026-11-23T08:00:00.000Z' }),
    start(restarted, '2026-11-23T09:00:00.000Z'),
  ];
  const expected = [
    { id: finishedOnce, finished_at: '2026-11-23T19:00:00.000Z', notes: 'heavy' },
    { id: reopened, finished_at: null, notes: '' },
    { id: restarted, finished_at: null, notes: '' },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  const workoutsIn = (schema: string) =>
    db.slonik.any(sql.type(z.object({ id: z.string(), finished_at: z.string().nullable(), notes: z.string() }))`
      SELECT id, finished_at, notes FROM ${sql.identifier([schema, 'workouts'])} ORDER BY id COLLATE "C"`);
  for (const [schema, batches] of [
    ['gym_one_batch', [before, log]],
    ['gym_event_by_event', [...before, ...log].map((one) => [one])],
  ] as const) {
    await db.slonik.query(sql.unsafe`CREATE SCHEMA ${sql.identifier([schema])}`);
    await db.slonik.transaction((tx) => gymProjection.migrate(tx, schema));
    for (const batch of batches) await db.slonik.transaction((tx) => gymProjection.apply(tx, schema, batch));
    t.same(await workoutsIn(schema), expected, schema);
  }
});
