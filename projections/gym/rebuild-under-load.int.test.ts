// An operator rebuilds the gym projection of a log of tens of thousands of events while people keep
// reading and ticking sets: no read fails or sees a half-built table, and no write is lost.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { workoutIdOf } from '../../command-api/gym/workout-ids.ts';
import { trainingUser } from '../../testing/gym/training-client.ts';
import { workoutStream } from '../../domain/gym/workout.ts';
import { addDays } from '../../domain/shared/calendar.ts';
import type { NewEvent } from '../../infra/eventstore/port.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { rebuildProjection } from '../runtime/rebuild.ts';
import { gymProjection } from './index.ts';

const WORKOUTS = 500;
const SETS = 40;
const FIRST_DATE = '2024-01-01';
const LAST_DATE = addDays(FIRST_DATE, WORKOUTS - 1);
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const system = await startTestSystem(t);
const app = system.apps.gym!;

t.test('a rebuild of 20 000+ events under continuous reads and writes: zero failed reads, zero lost writes, reads answer the old tables', async (t) => {
  const me = await trainingUser(app, 'rebuild-load@example.org');
  const squat = await me.exercise('Squat');
  const userId = me.user.id as string;

  // a long history written as an older release wrote it (schema version 1), straight to the log
  const metadata = { userId, correlationId: 'seed', causationId: 'seed', schemaVersion: 1 };
  const seeded: string[] = [];
  for (let day = 0; day < WORKOUTS; day++) {
    const date = addDays(FIRST_DATE, day);
    const workoutId = workoutIdOf(userId, null, date);
    const events: NewEvent[] = [{ id: randomUUID(), type: 'workout-started', data: { userId, planDayId: null, date, startedAt: `${date}T18:00:00.000Z` }, metadata }];
    for (let set = 1; set <= SETS; set++) {
      events.push({ id: randomUUID(), type: 'set-ticked', data: { setId: randomUUID(), exerciseId: squat, setNumber: set, kg: 60 + (day % 40), reps: 5 }, metadata });
    }
    await system.core.store.append(workoutStream(workoutId), events, 'no_stream');
    seeded.push(workoutId);
  }
  const caughtUp = async () => t.ok(await system.core.progress.waitFor(['gym'], await system.core.store.headPosition(), 60_000), 'the projector caught up');
  await caughtUp();

  let rebuilding = false;
  let finished = false;
  const failures: string[] = [];
  let readsDuringRebuild = 0;
  let ticksDuringRebuild = 0;
  let progressCalls = 0;

  /** A read is right only if it sees the whole seeded history: a half-built table would show less. */
  async function reader(index: number): Promise<number> {
    let reads = 0;
    for (let i = index; !finished; i++) {
      const during = rebuilding;
      const list = await me.call('GET', `/api/sessions?from=${FIRST_DATE}&to=${LAST_DATE}`);
      const one = await me.call('GET', `/api/sessions/${seeded[(i * 37) % WORKOUTS]}`);
      if (list.statusCode !== 200) failures.push(`list ${list.statusCode} ${list.body}`);
      else {
        const workouts = list.json() as Array<{ setCount: number }>;
        if (workouts.length !== WORKOUTS || workouts.some((workout) => workout.setCount !== SETS)) failures.push(`list of ${workouts.length} workouts`);
      }
      if (one.statusCode !== 200) failures.push(`workout ${one.statusCode} ${one.body}`);
      else if ((one.json() as { sets: unknown[] }).sets.length !== SETS) failures.push(`workout of ${(one.json() as { sets: unknown[] }).sets.length} sets`);
      reads += 2;
      if (during && rebuilding) readsDuringRebuild += 2;
    }
    return reads;
  }

  /** Ticks sets one after another on workouts of its own; every acknowledged tick must survive. */
  async function writer(index: number): Promise<Array<{ workoutId: string; setNumber: number; kg: number }>> {
    const acknowledged: Array<{ workoutId: string; setNumber: number; kg: number }> = [];
    for (let n = 0; !finished; n++) {
      const workoutId = await me.workout(addDays('2026-01-01', index * 100 + Math.floor(n / 50)));
      const setNumber = (n % 50) + 1;
      const kg = 100 + n;
      const during = rebuilding;
      const res = await me.call('POST', `/api/sessions/${workoutId}/sets`, { exerciseId: squat, setNumber, kg, reps: 3 });
      if (res.statusCode === 201) acknowledged.push({ workoutId, setNumber, kg });
      else failures.push(`tick ${res.statusCode} ${res.body}`);
      if (during && rebuilding) ticksDuringRebuild++;
    }
    return acknowledged;
  }

  const readers = [0, 1].map(reader);
  const writers = [0, 1].map(writer);
  await new Promise((resolve) => setTimeout(resolve, 200));
  rebuilding = true;
  const report = await rebuildProjection({
    pool: system.core.db.slonik,
    store: system.core.store,
    projection: gymProjection,
    log: silentLog,
    // small batches: the rebuild takes long enough for many reads and writes to fall inside it
    batchSize: 500,
    onProgress: () => void progressCalls++,
  });
  rebuilding = false;
  await new Promise((resolve) => setTimeout(resolve, 200));
  finished = true;
  const reads = (await Promise.all(readers)).reduce((sum, count) => sum + count, 0);
  const ticks = (await Promise.all(writers)).flat();
  await caughtUp();

  t.ok(report.events >= WORKOUTS * (SETS + 1), `the rebuild replayed ${report.events} events`);
  t.ok(progressCalls >= 40, `in ${progressCalls} batches`);
  t.ok(readsDuringRebuild >= 10, `${readsDuringRebuild} of ${reads} reads began and ended while it ran`);
  t.ok(ticksDuringRebuild >= 5, `${ticksDuringRebuild} of ${ticks.length} acknowledged ticks began and ended while it ran`);
  t.same(failures, [], 'no read failed or saw a partial table, and no tick was refused');

  const stored = new Map<string, number>();
  for (const workoutId of new Set(ticks.map((tick) => tick.workoutId))) {
    for (const set of (await me.ok('GET', `/api/sessions/${workoutId}`)).sets as Array<{ setNumber: number; kg: number }>) stored.set(`${workoutId}/${set.setNumber}`, set.kg);
  }
  const lost = ticks.filter((tick) => stored.get(`${tick.workoutId}/${tick.setNumber}`) !== tick.kg);
  t.same(lost, [], `all ${ticks.length} acknowledged ticks are in the rebuilt tables`);
  const history = await me.ok('GET', `/api/sessions?from=${FIRST_DATE}&to=${LAST_DATE}`);
  t.equal(history.length, WORKOUTS, 'and the seeded history is whole');
  const [first] = (await me.ok('GET', `/api/sessions/${seeded[0]}`)).sets as Array<{ kg: number; unit: string | null; rpe: number | null }>;
  t.same([first!.kg, first!.unit, first!.rpe], [60, null, null], 'version 1 ticks rebuilt as version 2: no unit or RPE was recorded');
});
