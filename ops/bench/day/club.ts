// Ten clubs, each with a night open on two phones that both save it every few seconds (PUT of the
// whole snapshot with the version the phone holds). A 409 is answered as the app does: read the
// night and save again. Both phones are logged in over HTTP as the club's login.
import { logIn } from '../../../testing/sign-in.ts';
import { arrivals, send, at, type Step } from './open-loop.ts';
import { PASSWORD } from './seed.ts';

const PEOPLE = 12;
const COURTS = 3;

type Phone = { readonly cookie: string; readonly night: Night; version: number; saves: number; last: Promise<void> };
type Night = { readonly id: string; readonly date: string; readonly venueId: string; readonly levelId: string; readonly club: number };

export type ClubDay = { readonly base: string; readonly phones: readonly Phone[] };

async function json(base: string, cookie: string, method: string, url: string, body?: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${url}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** each club's login on two phones, a level, a venue and tonight's night open */
export async function openClubNights(base: string, clubs: readonly string[]): Promise<ClubDay> {
  const phones: Phone[] = [];
  let levelId: string | null = null;
  for (const [club, username] of clubs.entries()) {
    const sessions = [await logIn('club', base, { username, password: PASSWORD }), await logIn('club', base, { username, password: PASSWORD })];
    const cookie = sessions[0]!.cookie;
    // the levels and venues are the deployment's, shared by its logins: one level, a hall per club
    levelId ??= ((await json(base, cookie, 'POST', '/api/levels', { name: 'Strong' })).levels as Array<{ id: string }>)[0]!.id;
    const venues = (await json(base, cookie, 'POST', '/api/venues', { name: `Hall ${club + 1}` })).venues as Array<{ id: string; name: string }>;
    const venueId = venues.find((venue) => venue.name === `Hall ${club + 1}`)!.id;
    const opened = await json(base, cookie, 'POST', '/api/sessions', { venueId, date: '2026-11-26', startTime: '19:00', endTime: '22:00', courts: COURTS });
    const night: Night = { id: opened.id as string, date: opened.date as string, venueId, levelId, club };
    for (const session of sessions) phones.push({ cookie: session.cookie, night, version: opened.version as number, saves: 0, last: Promise.resolve() });
  }
  return { base, phones };
}

/** the night as this phone holds it after `saves` saves: the line-up moved round by one each time */
function snapshot(phone: Phone): object {
  const { night } = phone;
  const ids = Array.from({ length: PEOPLE }, (_, i) => `dayclub${night.club}p${i}`);
  const lineUp = Array.from({ length: COURTS }, (_, court) => {
    const four = [0, 1, 2, 3].map((seat) => ids[(court * 4 + seat + phone.saves) % PEOPLE]!);
    return { court: court + 1, teamA: [four[0], four[3]], teamB: [four[1], four[2]] };
  });
  const now = new Date().toISOString();
  return {
    version: phone.version, venueId: night.venueId, date: night.date, startTime: '19:00', endTime: '22:00', courts: COURTS, roundLengthSec: 720,
    people: ids.map((id, i) => ({ id, name: `Player ${night.club}-${i}`, levelId: night.levelId })),
    lineUp, timer: { roundNumber: 1, durationSec: 720, startedAt: now, roundStartedAt: now, pausedRemainingSec: null }, rounds: [],
  };
}

async function save(step: Step, day: ClubDay, phone: Phone, scheduledAt: number): Promise<void> {
  const route = 'club PUT /api/sessions/:id';
  const url = `${day.base}/api/sessions/${phone.night.id}`;
  const headers = { cookie: phone.cookie };
  phone.saves++;
  let answer = await send(step, route, scheduledAt, url, { method: 'PUT', headers, body: snapshot(phone) }, { expected: [409] });
  if (answer?.status === 409) {
    step.recorder.of(route).conflicts++;
    // as the app: read the server's copy, then save again on top of it
    const read = await send(step, 'club GET /api/sessions/:id', performance.now(), url, { method: 'GET', headers });
    if (!read) return;
    phone.version = (read.body as { version: number }).version;
    answer = await send(step, route, performance.now(), url, { method: 'PUT', headers, body: snapshot(phone) }, { expected: [409] });
    if (answer?.status === 409) step.recorder.of(route).conflicts++;
  }
  if (answer?.status === 200) phone.version = (answer.body as { version: number }).version;
}

/** the clubs' share of the step: every phone saves as a Poisson stream; a phone's saves go one after another */
export async function clubTraffic(step: Step, day: ClubDay, share: number): Promise<void> {
  const perPhone = (share * step.rate) / day.phones.length;
  await Promise.all(day.phones.map(async (phone) => {
    const saves = arrivals(step, perPhone, 0, step.seconds * 1000).map((ms) => at(step, ms).then(async () => {
      // a phone holds one copy: this save goes after its last one, its latency still from its own time
      const previous = phone.last;
      let done!: () => void;
      phone.last = new Promise((resolve) => (done = resolve));
      await previous;
      await save(step, day, phone, step.t0 + ms);
      done();
    }));
    await Promise.all(saves);
  }));
}
