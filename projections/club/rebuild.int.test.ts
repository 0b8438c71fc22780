// Operators rebuild the club projection after a schema change: every screen must read the same after.
import t from 'tap';
import { clubClient, cuid } from '../../testing/club/client.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { rebuildProjection } from '../runtime/rebuild.ts';
import { clubProjection } from './index.ts';

const system = await startTestSystem(t);
const { ok } = await clubClient(system);

type Settings = { levels: Array<{ id: string; name: string }>; venues: Array<{ id: string; name: string; slots: Array<{ id: string }> }> };

t.test('a rebuilt club projection answers every GET exactly as before', async (t) => {
  await ok('PUT', '/api/settings/club', { defaultCourts: 4, roundLengthSec: 900 });
  for (const name of ['Strong', 'Middle', 'Weak']) await ok('POST', '/api/levels', { name }, 201);
  let settings = await ok<Settings>('POST', '/api/levels', { name: 'Coach', isCoach: true }, 201);
  const weak = settings.levels.find((level) => level.name === 'Weak')!.id;
  await ok('DELETE', `/api/levels/${weak}`);
  settings = await ok<Settings>('POST', '/api/venues', { name: 'Hall', sortOrder: 2 }, 201);
  const hall = settings.venues[0]!.id;
  await ok('POST', '/api/venues', { name: 'Old gym', active: false }, 201);
  settings = await ok<Settings>('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '19:00', end: '21:00' }, 201);
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 1, start: '18:00', end: '20:00' }, 201);
  await ok('PATCH', `/api/slots/${settings.venues.find((venue) => venue.id === hall)!.slots[0]!.id}`, { end: '21:30' });
  const levels = settings.levels.filter((level) => level.name !== 'Weak').map((level) => level.id);

  const people = Array.from({ length: 8 }, (_, index) => ({ id: cuid(`rb${index}`), name: `Person ${index}`, levelId: levels[index % levels.length]! }));
  await ok('POST', '/api/players', { ...people[0], guest: false }, 201);
  await ok('PATCH', `/api/players/${people[0]!.id}`, { name: 'Renamed', archived: true });
  const spare = await ok<{ id: string }>('POST', '/api/players', { id: cuid('spare'), name: 'Spare' }, 201);
  await ok('DELETE', `/api/players/${spare.id}`);

  const nights: string[] = [];
  for (const date of ['2026-11-05', '2026-11-12', '2026-11-19']) {
    let night = await ok<{ id: string; version: number }>('POST', '/api/sessions', { venueId: hall, date }, 201);
    nights.push(night.id);
    const base = { venueId: hall, date, startTime: '19:00', endTime: '21:30', courts: 4, roundLengthSec: 900 };
    const lineUp = [{ court: 1, teamA: [people[0]!.id, people[3]!.id], teamB: [people[1]!.id, people[2]!.id] }];
    for (let save = 0; save < 3; save++) {
      const rounds = Array.from({ length: save }, (_, index) => ({
        number: index + 1,
        startedAt: `${date}T19:${String(index * 15).padStart(2, '0')}:00+01:00`,
        endedAt: `${date}T19:${String(index * 15 + 12).padStart(2, '0')}:00+01:00`,
        lineUp,
      }));
      const timer = { roundNumber: save + 1, durationSec: 900, startedAt: null, pausedRemainingSec: 300 };
      const saved = await ok<{ version: number }>('PUT', `/api/sessions/${night.id}`, { ...base, version: night.version, people: people.slice(0, 4 + save * 2), lineUp, timer, rounds });
      night = { ...night, version: saved.version };
    }
  }
  // a restore is one more save: the rebuilt tables hold the restored night
  await ok('POST', `/api/sessions/${nights[2]}/versions/2/restore`, { expectedVersion: 4 });
  await ok('POST', `/api/sessions/${nights[0]}/close`);
  await ok('POST', `/api/sessions/${nights[1]}/close`);
  await ok('POST', `/api/sessions/${nights[1]}/reopen`);
  const mistake = await ok<{ id: string }>('POST', '/api/sessions', { venueId: hall, date: '2026-11-26' }, 201);
  await ok('DELETE', `/api/sessions/${mistake.id}`);

  const urls = [
    '/api/settings',
    '/api/public/schedule',
    '/api/players',
    '/api/players?archived=true',
    ...people.map((person) => `/api/players/${person.id}`),
    '/api/sessions?from=2026-11-01&to=2026-11-30',
    ...nights.map((id) => `/api/sessions/${id}`),
    ...nights.map((id) => `/api/sessions/${id}/versions/2`),
    '/api/today?date=2026-11-19',
    '/api/today?date=2026-11-16',
  ];
  const read = () => Promise.all(urls.map((url) => ok('GET', url)));
  const before = await read();
  const report = await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: clubProjection, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  t.ok(report.events > 30, `replayed ${report.events} events`);
  const after = await read();
  for (const [index, url] of urls.entries()) t.same(after[index], before[index], url);
});
