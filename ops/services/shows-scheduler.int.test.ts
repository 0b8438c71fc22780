import t from 'tap';
import { fold } from '../../domain/shared/aggregate.ts';
import { DAILY_RUNS_STREAM, dailyRunsAggregate } from '../../domain/shows/notification.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';
import { createShowsRuntime, startShowsScheduler } from './shows.ts';

// the clock the scheduler's catch-up reads; Agenda itself only ever sees noon far away
let clock = new Date('2026-09-30T09:30:00.000Z');
const { system, app, postmark } = await startShowsSystem(t, { now: () => clock, mail: true });
const log = () => undefined;
const runtime = await createShowsRuntime(system.core);

const lastRun = async () => fold(dailyRunsAggregate, await system.core.store.readStream(DAILY_RUNS_STREAM)).lastDay;

async function restart(): Promise<void> {
  const scheduler = await startShowsScheduler(system.core, runtime, log);
  await scheduler.caughtUp;
  await scheduler.stop();
}

const alice = await showsUser(app, 'alice@example.org');
await alice.call('POST', '/api/shows/track', { showId: 45039 });

t.test('a start after noon with no run that day runs the missed job', async (t) => {
  await restart();
  t.equal(await lastRun(), '2026-09-30');
  t.same(postmark.received.map((mail) => mail.body.To), ['alice@example.org'], "the day's episode was notified");
  const jobs = await system.core.db.pg.query('SELECT * FROM agenda_jobs');
  t.equal(jobs.rowCount, 1, 'the daily job is stored with Agenda');
  t.match(JSON.stringify(jobs.rows[0]), /0 12 \* \* \*/);
  t.match(JSON.stringify(jobs.rows[0]), /Asia\/Amman/);
  const next = new Date(jobs.rows[0].next_run_at);
  t.same([next.getUTCHours(), next.getUTCMinutes()], [9, 0], 'Agenda computed its next run for 12:00 in Amman (09:00 UTC)');
});

t.test('a restart the same day runs nothing again', async (t) => {
  await restart();
  t.equal(postmark.received.length, 1);
});

t.test('across the next noon: nothing before it, the missed run after it', async (t) => {
  clock = new Date('2026-10-01T08:00:00.000Z'); // 11:00 in Amman
  await restart();
  t.equal(await lastRun(), '2026-09-30', 'before noon the due run is yesterday, done');
  clock = new Date('2026-10-01T10:00:00.000Z'); // 13:00 in Amman, the process was down at noon
  await restart();
  t.equal(await lastRun(), '2026-10-01', 'caught up');
  t.equal(postmark.received.length, 1, 'nothing airs that day');
});

t.test('a stop during the catch-up does not wait for the whole run, and leaves the day to the next start', async (t) => {
  clock = new Date('2026-10-07T10:00:00.000Z'); // 13:00 in Amman; S6E4 aired at noon
  const scheduler = await startShowsScheduler(system.core, runtime, log);
  await scheduler.stop();
  t.equal(await lastRun(), '2026-10-01', 'stopped before any send: the day is still open');
  t.equal(postmark.received.length, 1);
  await restart();
  t.equal(await lastRun(), '2026-10-07', 'the next start ran it');
  t.same(postmark.received.map((mail) => mail.body.To), ['alice@example.org', 'alice@example.org'], 'once for each episode');
});
