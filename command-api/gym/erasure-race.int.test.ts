// Issue 35, point 9: an erasure must win the race with the user's other device. The device starts
// workouts on new dates (each a new stream) through another process while DELETE /api/me runs;
// afterwards nothing of the user may be in the log or the read tables, nor come back in a rebuild.
import t from 'tap';
import { describeEvents, eventsNaming, openPeer, tally } from '../../testing/erasure-race.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { whereFound } from '../../testing/where-found.ts';
import { until } from '../../testing/until.ts';
import { gymProjection } from '../../projections/gym/index.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { gymClient, PASSWORD } from '../../testing/gym/client.ts';

const TRIALS = 10;
const LANES = 3;
const DAY_MS = 86_400_000;

const system = await startTestSystem(t);
const gym = gymClient(system.apps.gym!);
const pg = system.core.db.pg;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** a new date for each write of a lane: every start is a workout stream of its own */
const dateOf = (lane: number, index: number): string => new Date(Date.UTC(2000, 0, 1) + (lane * 3000 + index) * DAY_MS).toISOString().slice(0, 10);

const caughtUp = async (): Promise<void> => {
  if (!(await system.core.progress.waitFor(['gym'], await system.core.store.headPosition(), 10_000))) throw new Error('the gym projection is behind');
};

t.test(`DELETE /api/me wins against a second device starting workouts through another process (${TRIALS} trials)`, async (t) => {
  const peer = await openPeer(t, system);
  const device = gymClient(peer.apps.gym!);
  const erased: string[] = [];
  const leaks: string[] = [];
  const answers: string[] = [];
  // someone who stays, so that the rebuild has something to replay
  const keeper = await gym.signup('keeper@example.org');
  t.equal((await gym.call('POST', '/api/sessions', { sid: keeper.sid, payload: { date: '2026-11-24', planDayId: null } })).statusCode, 201, 'a keeper starts a workout');

  for (let trial = 0; trial < TRIALS; trial++) {
    const email = `race-${trial}@example.org`;
    const { user, sid } = await gym.signup(email);
    const second = (await device.login(email)).sid!;
    let started = 0;
    let done = false;
    const lane = async (lane: number): Promise<void> => {
      for (let index = 0; !done; index++) {
        const res = await device.call('POST', '/api/sessions', { sid: second, payload: { date: dateOf(lane, index), planDayId: null } });
        answers.push(res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json<{ code: string }>().code}`);
        if (res.statusCode === 201) started++;
      }
    };
    const lanes = Array.from({ length: LANES }, (_, index) => lane(index));
    await until('the device to start a workout', () => started > 0);
    const res = await gym.call('DELETE', '/api/me', { sid, payload: { password: PASSWORD } });
    done = true;
    await Promise.all(lanes);
    t.equal(res.statusCode, 200, `trial ${trial}: erased (${res.body})`);
    erased.push(user.id);

    await caughtUp();
    const events = await eventsNaming(pg, user.id);
    const columns = await whereFound(pg, user.id);
    if (events.length > 0 || columns.length > 0) leaks.push(`trial ${trial}: ${events.length} events (${describeEvents(events)}), found in ${columns.join(', ') || 'no table'}`);
  }

  t.comment(`the device's answers: ${tally(answers)}`);
  t.ok(answers.includes('201'), 'the device started workouts');
  t.ok(answers.includes('401 UNAUTHENTICATED'), 'and was turned away once erased');
  t.same(answers.filter((answer) => answer.startsWith('5')), [], 'never a 5xx');
  t.same(leaks, [], 'no trial left an event or a row of the erased user');

  const report = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: gymProjection, log: silent });
  t.ok(report.events > 0, `the rebuild replayed ${report.events} events`);
  for (const id of erased) {
    t.same(describeEvents(await eventsNaming(pg, id)), '', `no event names ${id}`);
    t.same(await whereFound(pg, id), [], `the rebuild brought back nothing of ${id}`);
  }
});
