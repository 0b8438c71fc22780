// Issue 35, point 9, for shows: the user's other device claims a new username on every write (each
// a stream of its own) through another process while DELETE /api/auth/me runs, and has a show's
// tracking under way, its TV data held back until the erasure has answered; afterwards nothing of
// the user may be in the log or the read tables, nor come back in a rebuild.
import t from 'tap';
import { describeEvents, eventsNaming, openPeer, tally } from '../../testing/erasure-race.ts';
import { whereFound } from '../../testing/where-found.ts';
import { until } from '../../testing/until.ts';
import { showsProjection } from '../../projections/shows/index.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

const TRIALS = 10;
const LANES = 3;
const PASSWORD = 'a long enough password';
// Slow Horses, as the stand-in has it recorded
const SHOW = 8167;

const { system, app, tvmaze } = await startShowsSystem(t, {});
const pg = system.core.db.pg;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const caughtUp = async (): Promise<void> => {
  if (!(await system.core.progress.waitFor(['shows'], await system.core.store.headPosition(), 10_000))) throw new Error('the shows projection is behind');
};

t.test(`DELETE /api/auth/me wins against a second device claiming usernames through another process (${TRIALS} trials)`, async (t) => {
  const peer = await openPeer(t, system);
  const erased: Array<{ readonly id: string; readonly names: string }> = [];
  const leaks: string[] = [];
  const answers: string[] = [];
  const tracks: string[] = [];
  // someone who stays, so that the rebuild has something to replay
  const keeper = await showsUser(app, 'keeper@example.org');
  t.equal((await keeper.call('POST', '/api/shows/track', { showId: SHOW })).statusCode, 201, 'a keeper tracks the show');

  for (let trial = 0; trial < TRIALS; trial++) {
    const email = `race-${trial}@example.org`;
    // every name the device claims starts with this, so a search for it finds them all
    const names = `racer${trial}x`;
    const gone = await showsUser(app, email);
    const login = await peer.apps.shows!.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': `192.0.2.${trial + 1}` }, payload: { email, password: PASSWORD } });
    const second = login.cookies.find((cookie) => cookie.name === 'sid')!.value;
    let claimed = 0;
    let done = false;
    const lane = async (lane: number): Promise<void> => {
      for (let index = 0; !done; index++) {
        const res = await peer.apps.shows!.inject({
          method: 'PATCH',
          url: '/api/auth/preferences',
          headers: { cookie: `sid=${second}` },
          payload: { username: `${names}${lane}y${index}` },
        });
        answers.push(res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json<{ code: string }>().code}`);
        if (res.statusCode === 200) claimed++;
      }
    };
    const lanes = Array.from({ length: LANES }, (_, index) => lane(index));
    let release: () => void = () => undefined;
    tvmaze.hold = { until: new Promise<void>((resolve) => (release = resolve)), when: (request) => request.startsWith(`/shows/${SHOW}`) };
    const asked = tvmaze.requests.length;
    const tracking = peer.apps.shows!.inject({ method: 'POST', url: '/api/shows/track', headers: { cookie: `sid=${second}` }, payload: { showId: SHOW } });
    await until('the device to claim a name and ask for the show', () => claimed > 0 && tvmaze.requests.slice(asked).some((request) => request.startsWith(`/shows/${SHOW}`)));
    const res = await app.inject({ method: 'DELETE', url: '/api/auth/me', headers: { cookie: `sid=${gone.sid}`, 'x-real-ip': '192.0.2.200' }, payload: { password: PASSWORD } });
    done = true;
    tvmaze.hold = null;
    release();
    const tracked = await tracking;
    tracks.push(`${tracked.statusCode} ${tracked.statusCode < 300 ? '' : tracked.json<{ code: string }>().code}`.trim());
    await Promise.all(lanes);
    t.equal(res.statusCode, 204, `trial ${trial}: erased (${res.body})`);
    erased.push({ id: gone.id, names });

    await caughtUp();
    const events = [...(await eventsNaming(pg, gone.id)), ...(await eventsNaming(pg, names))];
    const columns = [...(await whereFound(pg, gone.id)), ...(await whereFound(pg, names))];
    if (events.length > 0 || columns.length > 0) leaks.push(`trial ${trial}: ${events.length} events (${describeEvents(events)}), found in ${columns.join(', ') || 'no table'}`);
  }

  t.comment(`the device's answers: ${tally(answers)}; the held tracks: ${tally(tracks)}`);
  t.same(tracks, Array.from({ length: TRIALS }, () => '401 UNAUTHENTICATED'), 'a tracking that passed its session check before the erasure is refused at its append');
  t.ok(answers.includes('200'), 'the device claimed names');
  t.ok(answers.includes('401 UNAUTHENTICATED'), 'and was turned away once erased');
  t.same(answers.filter((answer) => answer.startsWith('5') && answer !== '503 NOT_READY'), [], 'never a 5xx but a wait for the read side');
  t.same(leaks, [], 'no trial left an event or a row of the erased user');

  const report = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: showsProjection, log: silent });
  t.ok(report.events > 0, `the rebuild replayed ${report.events} events`);
  for (const { id, names } of erased) {
    t.same(describeEvents([...(await eventsNaming(pg, id)), ...(await eventsNaming(pg, names))]), '', `no event names ${id} or a name it claimed`);
    t.same([...(await whereFound(pg, id)), ...(await whereFound(pg, names))], [], `the rebuild brought back nothing of ${id}`);
  }
});
