// A version of a night answers in the shape of GET /api/sessions/{id}, rounds by number included,
// however the phone ordered them: the newest version is the night as it is now.
import t from 'tap';
import { clubClient, cuid } from '../../testing/club/client.ts';
import { startTestSystem } from '../../testing/harness.ts';

const system = await startTestSystem(t);
const { ok } = await clubClient(system);

t.test('rounds saved out of order come by number in the version as in the night', async (t) => {
  const settings = await ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
  const hall = settings.venues[0]!.id;
  const night = await ok<{ id: string; version: number }>('POST', '/api/sessions', { venueId: hall, date: '2026-11-04', startTime: '19:00', endTime: '21:00', courts: 1 }, 201);
  const people = ['a', 'b', 'c', 'd'].map((name) => ({ id: cuid(name), name, levelId: null }));
  const lineUp = [{ court: 1, teamA: [people[0]!.id, people[3]!.id], teamB: [people[1]!.id, people[2]!.id] }];
  const round = (number: number) => ({ number, startedAt: `2026-11-04T19:${number}0:00+01:00`, endedAt: `2026-11-04T19:${number}5:00+01:00`, lineUp });
  await ok('PUT', `/api/sessions/${night.id}`, {
    version: night.version,
    venueId: hall,
    date: '2026-11-04',
    startTime: '19:00',
    endTime: '21:00',
    courts: 1,
    roundLengthSec: 600,
    people,
    lineUp,
    timer: null,
    rounds: [round(2), round(1)],
  });
  const now = await ok<{ rounds: Array<{ number: number }> }>('GET', `/api/sessions/${night.id}`);
  const newest = await ok<{ rounds: Array<{ number: number }> }>('GET', `/api/sessions/${night.id}/versions/2`);
  t.same(now.rounds.map((filed) => filed.number), [1, 2], 'the night');
  t.same(newest.rounds.map((filed) => filed.number), [1, 2], 'its newest version');
  t.same(newest, now, 'the newest version is the night as it is');
});
