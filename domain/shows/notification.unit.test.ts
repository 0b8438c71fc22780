import t from 'tap';
import { channelsFor, claimNotification, dayBounds, dueRunDay, localDate, notificationAggregate } from './notification.ts';

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
