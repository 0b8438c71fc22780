// The demo club: a login made as `npm run ops -- club:user add` makes one, then through the club's
// routes as its app sends them: defaults, levels, a venue and its weekly slots, twenty people, and
// the last two nights played round by round (the app's own shuffle, timer and saves, each save a
// version of the night), then closed.
import { randomBytes, randomUUID } from 'node:crypto';
import { recordAccountCreated } from '../../command-api/club/user.ts';
import { passwordOf } from '../../domain/accounts/credentials.ts';
import { createRandom, type Random, shuffled } from '../../domain/club/random.ts';
import { type SettingsDocument, settingsDocumentSchema } from '../../domain/club/settings.ts';
import { addDays, weekdayOf } from '../../domain/shared/calendar.ts';
import type { Core } from '../../command-api/shared/core.ts';
import { addPerson, endRound, isNight, type Night, newId, nextRound, personWithLevel, removePerson, setCourts, shuffleNight, snapshotOf, startTimer } from '../../ui/club/night.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, type SeedOutcome } from './accounts.ts';
import { type ServiceAddress, serviceClient, type ServiceClient } from './http.ts';
import type { Pages } from './pages.ts';

export const DEMO_LEVELS = ['Advanced', 'Intermediate', 'Improver', 'Beginner'] as const;
export const DEMO_VENUE = 'Riverside Sports Hall';
/** Tuesday and Thursday evenings (0 = Sunday) */
export const DEMO_SLOTS = [
  { weekday: 2, start: '19:30', end: '22:00' },
  { weekday: 4, start: '19:00', end: '21:30' },
] as const;
/** the club's twenty, by level */
export const DEMO_PEOPLE: readonly { readonly name: string; readonly level: (typeof DEMO_LEVELS)[number] }[] = [
  ...['Priya Sharma', 'Tom Whitaker', 'Mei Lin', 'Daniel Okafor'].map((name) => ({ name, level: 'Advanced' as const })),
  ...['Sophie Hartley', 'Ravi Patel', 'Hannah Kowalski', "James O'Neill", 'Aisha Rahman', 'Lukas Becker'].map((name) => ({ name, level: 'Intermediate' as const })),
  ...['Grace Thompson', 'Omar Haddad', 'Chloe Martin', 'Ben Carter', 'Yuki Tanaka'].map((name) => ({ name, level: 'Improver' as const })),
  ...['Ella Murphy', 'Sam Rivera', 'Noah Fischer', 'Zara Ahmed', 'Oliver Grant'].map((name) => ({ name, level: 'Beginner' as const })),
];
const COURTS = 3;
/** who came to each night, oldest first: everyone plays every round, four to a court */
const TURNOUTS = [16, 12] as const;
const ROUND_LENGTH_SEC = 15 * 60;
/** between one round's end and the next one's start: shaking hands, finding the shuttles */
const CHANGE_OVER_SEC = 2 * 60;
/** rounds a night: about two and a quarter hours of play */
const ROUNDS = 8;

export type ClubDemo = SeedOutcome & { readonly pages: Pages };

/** What `club:user add` does: a login that may not change its own password, recorded in the log. */
async function addLogin(core: Pick<Core, 'accounts' | 'commands'>): Promise<void> {
  const password = passwordOf(DEMO_LOGINS.club).parse(DEMO_PASSWORD);
  const account = await core.accounts.create('club', DEMO_LOGINS.club, password, { canChangePassword: false });
  await recordAccountCreated(core.commands, account, randomUUID());
}

/** The demo club, unless the demo login signs in: then an earlier run made it. */
export async function seedClub(address: ServiceAddress, core: Pick<Core, 'accounts' | 'commands'>, today: string): Promise<ClubDemo> {
  const club = serviceClient(address);
  const credentials = { username: DEMO_LOGINS.club, password: DEMO_PASSWORD };
  const signedIn = (await club.call('POST', '/api/auth/login', credentials)).status === 200;
  if (!signedIn) {
    if (await core.accounts.findByLogin('club', DEMO_LOGINS.club)) throw new Error(`a club login ${DEMO_LOGINS.club} exists with another password; remove it (npm run ops -- club:user remove ${DEMO_LOGINS.club}) to have the demo club`);
    await addLogin(core);
    await club.send('POST', '/api/auth/login', credentials);
    await addClub(club, today);
  }
  return { app: 'club', state: signedIn ? 'already there' : 'added', login: DEMO_LOGINS.club, password: DEMO_PASSWORD, pages: await pagesOf(club, today) };
}

async function addClub(club: ServiceClient, today: string): Promise<void> {
  await club.send('PUT', '/api/settings/club', { defaultCourts: COURTS, roundLengthSec: ROUND_LENGTH_SEC });
  for (const name of DEMO_LEVELS) await club.send('POST', '/api/levels', { name });
  let settings: SettingsDocument = settingsDocumentSchema.parse(await club.send('POST', '/api/venues', { name: DEMO_VENUE }));
  const venue = settings.venues.find((candidate) => candidate.name === DEMO_VENUE);
  if (!venue) throw new Error(`the club did not keep the venue ${DEMO_VENUE}`);
  for (const slot of DEMO_SLOTS) settings = settingsDocumentSchema.parse(await club.send('POST', `/api/venues/${venue.id}/slots`, slot));
  const levels = settings.levels;
  const people = [];
  for (const person of DEMO_PEOPLE) {
    const levelId = levels.find((level) => level.name === person.level)?.id ?? null;
    people.push(await club.send<{ id: string; name: string; levelId: string | null; guest: boolean }>('POST', '/api/players', { id: newId(randomBytes(20)), name: person.name, levelId }));
  }
  for (const [index, date] of lastSlotDates(today, TURNOUTS.length).entries()) {
    const opened = await club.send('POST', '/api/sessions', { venueId: venue.id, date });
    if (!isNight(opened)) throw new Error(`opening the night of ${date} answered ${JSON.stringify(opened)}`);
    const everyone = people.map((person) => personWithLevel(person, levels));
    await playNight(club, opened, everyone, TURNOUTS[index]!, index === 0, createRandom(20_251_100 + index));
  }
}

/** The dates of the club's last `count` slots before `today`, oldest first. */
export function lastSlotDates(today: string, count: number): string[] {
  const dates: string[] = [];
  for (let date = addDays(today, -1); dates.length < count; date = addDays(date, -1)) {
    if (DEMO_SLOTS.some((slot) => slot.weekday === weekdayOf(date))) dates.unshift(date);
  }
  return dates;
}

/** The instant of a club-local time on the night's date, `seconds` later. */
const instant = (night: Night, time: string, seconds: number): string => new Date(new Date(`${night.date}T${time}:00`).getTime() + seconds * 1000).toISOString();

/**
 * A night as the desk's phone runs it: who came is added and the courts set for them, each round is
 * drawn by Next round and timed, and every change is saved whole on the version before it. With
 * `swap`, someone goes home before the last two rounds and someone who came late takes their place.
 */
async function playNight(club: ServiceClient, opened: Night, everyone: Night['people'], turnout: number, swap: boolean, random: Random): Promise<void> {
  let night = opened;
  const save = async (): Promise<void> => {
    const { version } = await club.send<{ version: number }>('PUT', `/api/sessions/${night.id}`, snapshotOf(night, newId(randomBytes(20))));
    night = { ...night, version };
  };
  const [came, late] = ((order) => [order.slice(0, turnout), order[turnout]])(shuffled(random, everyone));
  for (const person of came) night = addPerson(night, person);
  night = setCourts(night, turnout / 4);
  await save();
  const roundStart = (round: number): string => instant(night, night.startTime, round * (ROUND_LENGTH_SEC + CHANGE_OVER_SEC));
  const drawn = shuffleNight(night, random);
  if (!drawn.ok) throw new Error(drawn.reason);
  night = startTimer(drawn.night, roundStart(0));
  await save();
  for (let round = 1; round < ROUNDS; round += 1) {
    const ended = instant(night, night.startTime, round * (ROUND_LENGTH_SEC + CHANGE_OVER_SEC) - CHANGE_OVER_SEC);
    if (swap && late && round === ROUNDS - 2) {
      // the round the leaver played in is filed as it stood
      night = addPerson(removePerson(night, came[0]!.id, ended), late);
    }
    const next = nextRound(night, random, ended);
    if (!next.ok) throw new Error(next.reason);
    night = startTimer(next.night, roundStart(round));
    await save();
  }
  night = endRound(night, instant(night, night.startTime, ROUNDS * (ROUND_LENGTH_SEC + CHANGE_OVER_SEC) - CHANGE_OVER_SEC));
  await save();
  await club.send('POST', `/api/sessions/${night.id}/close`);
}

/** The last night played and one of its earlier versions, for the screens that show them. */
async function pagesOf(club: ServiceClient, today: string): Promise<Pages> {
  const { sessions: nights } = await club.send<{ sessions: { id: string; rounds: number }[] }>('GET', `/api/sessions?from=${addDays(today, -60)}&to=${today}`);
  const last = nights.filter((night) => night.rounds > 0).at(-1) ?? nights.at(-1);
  return last ? { app: { id: last.id, version: '4' } } : {};
}
