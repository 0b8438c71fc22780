// Test support for the club nights' command tests (command-api/club/night-lifecycle and night-saves):
// a test system with the club set up as both use it: two courts of 600 s, levels Strong and Middle,
// the Hall with a Thursday 19:00–21:30 slot and the inactive Annex, and eight people for the night's
// sheet. Imported only by tests.
import type { Test } from 'tap';
import { startTestSystem } from '../harness.ts';
import { clubClient, cuid, type Night } from './client.ts';

export type Settings = {
  club: { defaultCourts: number; roundLengthSec: number };
  levels: Array<{ id: string; name: string; rank: number }>;
  venues: Array<{ id: string; name: string }>;
};
export type Person = { id: string; name: string; levelId: string | null; levelName: string | null; levelRank: number | null; guest: boolean };
type Today = { slots: Array<{ venueId: string; start: string; sessionId: string | null }> };

export async function startNightsTest(t: Test) {
  const system = await startTestSystem(t);
  const { call, ok } = await clubClient(system);

  await ok('PUT', '/api/settings/club', { defaultCourts: 2, roundLengthSec: 600 });
  await ok('POST', '/api/levels', { name: 'Strong' }, 201);
  await ok('POST', '/api/levels', { name: 'Middle' }, 201);
  let settings = await ok<Settings>('POST', '/api/venues', { name: 'Hall' }, 201);
  const level = (name: string) => settings.levels.find((candidate) => candidate.name === name)!.id;
  const hall = settings.venues[0]!.id;
  // Thursday 19:00–21:30
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '19:00', end: '21:30' }, 201);
  settings = await ok<Settings>('POST', '/api/venues', { name: 'Annex', active: false }, 201);
  const annex = settings.venues.find((venue) => venue.name === 'Annex')!.id;

  const people = Array.from({ length: 8 }, (_, index) => ({
    id: cuid(`n${index}`),
    name: `Player ${index}`,
    levelId: index < 4 ? level('Strong') : level('Middle'),
  }));
  const ids = people.map((person) => person.id);
  const court1 = { court: 1, teamA: [ids[0], ids[7]], teamB: [ids[3], ids[4]] };
  const court2 = { court: 2, teamA: [ids[1], ids[6]], teamB: [ids[2], ids[5]] };

  async function openNight(date: string, extra: object = {}): Promise<Night> {
    return ok<Night>('POST', '/api/sessions', { venueId: hall, date, ...extra }, 201);
  }
  /** the night Today shows in the Hall's slot of that date */
  const todayNight = async (date: string): Promise<string | null> => (await ok<Today>('GET', `/api/today?date=${date}`)).slots.find((slot) => slot.venueId === hall)?.sessionId ?? null;

  return { system, call, ok, level, hall, annex, people, ids, court1, court2, openNight, todayNight };
}
