import t from 'tap';
import { channelsFor, claimNotification, dailyJobName, dailyRunsStream, dayBounds, dueRunDay, localDate, notificationAggregate, shardLabel, userShards } from './notification.ts';

t.test('the calendar of the noon run in Asia/Amman (UTC+3)', async (t) => {
  t.equal(localDate(new Date('2026-09-30T21:30:00Z')), '2026-10-01', 'past local midnight');
  t.equal(dueRunDay(new Date('2026-09-30T08:59:00Z')), '2026-09-29', 'before noon: yesterday');
  t.equal(dueRunDay(new Date('2026-09-30T09:00:00Z')), '2026-09-30', 'from noon on: today');
  const { start, end } = dayBounds('2026-09-30');
  t.equal(start.toISOString(), '2026-09-29T21:00:00.000Z');
  t.equal(end.toISOString(), '2026-09-30T21:00:00.000Z');
  const elsewhere = dayBounds('2026-03-29', 'Europe/London');
  t.equal(elsewhere.end.getTime() - elsewhere.start.getTime(), 23 * 3600_000, 'a DST day is 23 hours long');
});

t.test('a notification is claimed once; a failed one may be claimed again', async (t) => {
  const key = { userId: 'u', episodeId: 1, kind: 'episode-airing' as const, channel: 'email' as const, showId: 2, now: '2026-09-30T09:00:00.000Z' };
  const claimed = claimNotification(notificationAggregate.initialState, { ...key, notificationId: 'n1' });
  t.equal(claimed.length, 1);
  let state = notificationAggregate.evolve(notificationAggregate.initialState, claimed[0]!);
  t.same(claimNotification(state, { ...key, notificationId: 'n2' }), [], 'taken');
  state = notificationAggregate.evolve(state, { type: 'notification-failed', data: { notificationId: 'n1', reason: 'x', at: key.now } });
  t.equal(claimNotification(state, { ...key, notificationId: 'n3' }).length, 1, 'after a failure');
  state = notificationAggregate.evolve(state, { type: 'notification-sent', data: { notificationId: 'n3', at: key.now } });
  t.same(claimNotification(state, { ...key, notificationId: 'n4' }), [], 'sent');
});

t.test('an airing episode goes out on the switched-on channels, never to someone who watched it', async (t) => {
  const tracker = { emailOn: true, pushOn: true, hasDevice: true, notify: true, watched: false };
  t.same(channelsFor(tracker), ['email', 'push']);
  t.same(channelsFor({ ...tracker, watched: true }), [], 'already watched: no notice on any channel');
  t.same(channelsFor({ ...tracker, notify: false }), [], 'the show is turned off');
  t.same(channelsFor({ ...tracker, emailOn: false }), ['push']);
  t.same(channelsFor({ ...tracker, hasDevice: false }), ['email'], 'push needs a device on file');
  t.same(channelsFor({ ...tracker, pushOn: false }), ['email']);
});

t.test('a day in one part keeps the names it always had; in parts, each part has its own', async (t) => {
  const [whole] = userShards(1);
  t.same(whole, { index: 0, count: 1 });
  t.equal(dailyRunsStream(whole!), 'shows.daily-runs', 'the record of completed days written before parts existed still counts');
  t.equal(dailyRunsStream(null), 'shows.daily-runs');
  t.equal(dailyJobName(whole!), 'shows-daily-notifications', 'the stored Agenda job is the same one');
  const parts = userShards(3);
  t.same(parts.map((part) => part.index), [0, 1, 2]);
  t.same(parts.map(dailyRunsStream), ['shows.daily-runs-1-of-3', 'shows.daily-runs-2-of-3', 'shows.daily-runs-3-of-3']);
  t.same(parts.map(dailyJobName), ['shows-daily-notifications-1-of-3', 'shows-daily-notifications-2-of-3', 'shows-daily-notifications-3-of-3']);
  t.same(parts.map(shardLabel), ['1-of-3', '2-of-3', '3-of-3'], 'as the log lines name the parts');
  t.equal(shardLabel(whole!), null);
});
