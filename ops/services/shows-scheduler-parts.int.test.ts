// The daily job in parts (DAILY_JOB_SHARDS): two schedulers starting after a missed noon share the
// day's parts; every tracker is told once, each part by exactly its own users, and each part's
// completion is recorded apart, so that a restart runs none again.
import t from 'tap';
import { fold } from '../../domain/shared/aggregate.ts';
import { DAILY_RUNS_STREAM, dailyRunsAggregate, dailyRunsStream, userShards } from '../../domain/shows/notification.ts';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';
import { createShowsRuntime, startShowsScheduler } from './shows.ts';

const PARTS = 3;
const USERS = 12;
// 12:30 in Amman on 2026-09-30: Slow Horses (45039) S6E3 airs that day, and noon has passed
const clock = new Date('2026-09-30T09:30:00.000Z');
const { system, app, postmark } = await startShowsSystem(t, { now: () => clock, mail: true, env: { DAILY_JOB_SHARDS: String(PARTS) } });

const users: Array<{ readonly id: string }> = [];
for (let i = 0; i < USERS; i++) {
  const user = await showsUser(app, `tracker-${i}@example.org`);
  await user.call('POST', '/api/shows/track', { showId: 45039 });
  users.push(user);
}

const lastRunOf = async (stream: string) => fold(dailyRunsAggregate, await system.core.store.readStream(stream)).lastDay;

/** each part's users, by the rule the job states (the hash of the id, modulo the parts), counted apart from it */
async function usersByPart(): Promise<number[]> {
  const counts = Array.from({ length: PARTS }, () => 0);
  for (const user of users) {
    const { rows } = await system.core.db.pg.query<{ part: number }>('SELECT (abs(hashtext($1)::bigint) % $2)::int AS part', [user.id, PARTS]);
    counts[rows[0]!.part]! += 1;
  }
  return counts;
}

type Done = { readonly shard?: string; readonly sent: number };

async function twoSchedulersStart(): Promise<Done[]> {
  const done: Done[] = [];
  const log = (entry: object, message: string): void => {
    if (message === 'daily shows job done') done.push(entry as Done);
  };
  const schedulers = await Promise.all([0, 1].map(async () => startShowsScheduler(system.core, await createShowsRuntime(system.core, log), () => undefined)));
  await Promise.all(schedulers.map((scheduler) => scheduler.caughtUp));
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  return done;
}

t.test('two schedulers after a missed noon: each part run once, every tracker told once', async (t) => {
  const done = await twoSchedulersStart();
  t.same(
    done.map((run) => run.shard).sort(),
    [1, 2, 3].map((part) => `${part}-of-3`),
    'each part ran once, between the two',
  );
  const expected = await usersByPart();
  for (const [index, count] of expected.entries()) {
    t.equal(done.find((run) => run.shard === `${index + 1}-of-${PARTS}`)?.sent, count, `part ${index + 1} told its ${count} users`);
  }
  const told = postmark.received.map((mail) => mail.body.To).sort();
  t.same(told, users.map((_, i) => `tracker-${i}@example.org`).sort(), 'one mail to each tracker');
  for (const shard of userShards(PARTS)) t.equal(await lastRunOf(dailyRunsStream(shard)), '2026-09-30', `part ${shard.index + 1} recorded its day`);
  t.equal(await lastRunOf(DAILY_RUNS_STREAM), null, 'no whole-day record: the parts are the record');
  const jobs = await system.core.db.pg.query<{ name: string }>('SELECT name FROM agenda_jobs ORDER BY name');
  t.same(jobs.rows.map((row) => row.name), [1, 2, 3].map((part) => `shows-daily-notifications-${part}-of-3`), 'a scheduled job per part');
});

t.test('a restart the same day runs no part again', async (t) => {
  const done = await twoSchedulersStart();
  t.same(done, [], 'nothing ran');
  t.equal(postmark.received.length, USERS, 'no mail more');
});
