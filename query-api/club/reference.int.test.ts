// The reference check of the club's read side (issue 35): random sequences of commands go through the
// real command routes, then every GET route of the club service is asked and compared with the club
// folded in memory by ./reference.ts (written from spec 002 Part A, not from the SQL), also after a
// rebuild of the projection. A mismatch names the shortest sequence fast-check found and the requests
// its run made.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import { startTestSystem } from '../../testing/harness.ts';
import { readCheckParameters } from '../../testing/read-check.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { clubProjection } from '../../projections/club/index.ts';
import {
  changeRules,
  type Club,
  type Court,
  newClub,
  type NightState,
  nightAnswer,
  nightsAnswer,
  type OpenBody,
  type Outcome,
  playerAnswer,
  playersAnswer,
  type Round,
  scheduleAnswer,
  settingsAnswer,
  type Snapshot,
  stepAddLevel,
  stepAddPlayer,
  stepAddSlot,
  stepAddVenue,
  stepChangeClub,
  stepChangePlayer,
  stepChangeSlot,
  stepChangeVenue,
  stepDeleteNight,
  stepDeletePlayer,
  stepOpenNight,
  stepRemoveLevel,
  stepRemoveSlot,
  stepRenameLevel,
  stepReorderLevels,
  stepRestore,
  stepSave,
  stepSetStatus,
  type Timer,
  todayAnswer,
  versionsAnswer,
  weekdayOf,
} from '../../testing/club/reference.ts';

// the club's clock, moved on one second per command, so every time a command stamps is known
let clockMs = Date.parse('2026-11-01T08:00:00.000Z');
const system = await startTestSystem(t, {}, { now: () => new Date(clockMs) });
const app = system.apps.club!;

type Answer = { status: number; body: unknown };
type Login = { id: string; username: string; canChangePassword: boolean; cookie: string };

async function inject(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: object): Promise<Answer> {
  const response = await app.inject({ method, url, headers: cookie === null ? {} : { cookie }, ...(payload === undefined ? {} : { payload }) });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: response.statusCode, body };
}

/** The session cookie of a sign-in through the route. */
async function signIn(username: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-real-ip': '198.51.100.35' }, payload: { username, password: 'a long password' } });
  const sid = response.cookies.find((cookie) => cookie.name === 'club_sid');
  if (response.statusCode !== 200 || !sid) throw new Error(`login failed: ${response.body}`);
  return `club_sid=${sid.value}`;
}

/** A club login as the server-side script makes one, signed in. */
async function login(username: string, canChangePassword: boolean): Promise<Login> {
  const account = await system.core.accounts.create('club', username, 'a long password', { canChangePassword });
  return { id: account.id, username, canChangePassword, cookie: await signIn(username) };
}

// a login that lives across sequences: it reads and writes beside each sequence's own
const other = await login('reference-other', true);
let logins = 0;
// each sequence has a login of its own; the next one is made (two argon2 hashes) while a sequence runs
const nextLogin = (): Promise<Login> => {
  const made = login(`reference-${++logins}`, false);
  // awaited by the next sequence or at the end; a failure meanwhile is not an unhandled rejection
  made.catch(() => undefined);
  return made;
};
let pendingLogin = nextLogin();

// ---- the commands a sequence is made of: small records that shrink, resolved against the run ----

const LEVEL_NAMES = ['Strong', 'Middle', 'Weak', 'strong', ' Coach '] as const;
const VENUE_NAMES = ['Hall', 'Annex', 'Gym', 'hall'] as const;
const PERSON_NAMES = ['Ada', 'ben', 'Cleo', 'Dev', 'eve', 'Finn', 'Gus', 'Hana'] as const;
const STARTS = ['18:00', '19:00', '19:30', '20:00'] as const;
const ENDS = ['19:30', '21:00', '21:30', '22:00'] as const;
const ROUND_LENGTHS = [60, 600, 720, 900, 3600] as const;
/** the first run's nights fall in three weeks from Monday 2 November 2026, every later run's four weeks on */
const FIRST_DATE = '2026-11-02';
const DAYS = 21;
/** four-week windows from FIRST_DATE before dates reach the year 2999 */
const WINDOWS = 12_000;

/** sequences of the file's run: 60 unless `npm run check:reads` asks for more */
const RUNS = readCheckParameters(60).numRuns;
/**
 * A rebuild replays the whole log, which every sequence makes longer: about one sequence in eight
 * rebuilds in a run of 60, and the same few rebuilds in a longer run (every other step is that much likelier).
 */
const often = (weight: number): number => weight * Math.max(1, Math.round(RUNS / 60));

const by = fc.constantFrom(0, 1);
/** an index into what the run has made; -1 names something that does not exist */
const ref = fc.oneof({ arbitrary: fc.nat(30), weight: 9 }, { arbitrary: fc.constant(-1), weight: 1 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const stepArbitrary = fc.oneof(
  { weight: often(4), arbitrary: fc.record({ kind: fc.constant('addLevel' as const), by, name: fc.constantFrom(...LEVEL_NAMES), isCoach: fc.boolean() }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('renameLevel' as const), by, level: ref, name: fc.constantFrom(...LEVEL_NAMES) }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('reorderLevels' as const), by, keys: fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }), drop: fc.boolean() }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('removeLevel' as const), by, level: ref }) },
  {
    weight: often(3),
    arbitrary: fc.record({
      kind: fc.constant('addVenue' as const),
      by,
      name: fc.constantFrom(...VENUE_NAMES),
      sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
      active: maybe(fc.boolean()),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changeVenue' as const),
      by,
      venue: ref,
      name: maybe(fc.constantFrom(...VENUE_NAMES)),
      sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
      active: maybe(fc.boolean()),
    }),
  },
  {
    weight: often(5),
    arbitrary: fc.record({
      kind: fc.constant('addSlot' as const),
      by,
      venue: ref,
      weekday: fc.integer({ min: 0, max: 6 }),
      start: fc.constantFrom(...STARTS),
      end: fc.constantFrom(...ENDS),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changeSlot' as const),
      by,
      slot: ref,
      weekday: maybe(fc.integer({ min: 0, max: 6 })),
      start: maybe(fc.constantFrom(...STARTS)),
      end: maybe(fc.constantFrom(...ENDS)),
    }),
  },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('removeSlot' as const), by, slot: ref }) },
  {
    weight: often(4),
    arbitrary: fc.record({
      kind: fc.constant('addPlayer' as const),
      by,
      player: fc.nat(12),
      name: fc.constantFrom(...PERSON_NAMES),
      level: maybe(ref),
      guest: fc.boolean(),
    }),
  },
  {
    weight: often(2),
    arbitrary: fc.record({
      kind: fc.constant('changePlayer' as const),
      by,
      player: ref,
      name: maybe(fc.constantFrom(...PERSON_NAMES)),
      level: fc.option(maybe(ref), { nil: undefined }),
      guest: maybe(fc.boolean()),
      archived: maybe(fc.boolean()),
    }),
  },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('deletePlayer' as const), by, player: ref }) },
  {
    weight: often(6),
    arbitrary: fc.record({
      kind: fc.constant('openNight' as const),
      by,
      venue: ref,
      day: fc.nat(DAYS - 1),
      start: maybe(fc.constantFrom(...STARTS)),
      end: maybe(fc.constantFrom(...ENDS)),
      courts: maybe(fc.integer({ min: 0, max: 5 })),
      roundLengthSec: maybe(fc.constantFrom(...ROUND_LENGTHS)),
      id: fc.constantFrom('server', 'fresh', 'known'),
      night: fc.nat(10),
      /** a weekly slot whose weekday gives the date (the start and end then default to it) */
      slot: maybe(fc.nat(10)),
    }),
  },
  {
    weight: often(20),
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      by,
      night: ref,
      base: fc.constantFrom('current', 'current', 'current', 'current', 'current', 'older', 'newer'),
      snapshotId: fc.boolean(),
      /** who of the night's people stay, a bit each */
      keep: fc.oneof({ weight: 3, arbitrary: fc.constant(255) }, { weight: 1, arbitrary: fc.nat(255) }),
      add: fc.array(fc.nat(16), { maxLength: 6 }),
      relevel: maybe(fc.nat(6)),
      draw: fc.boolean(),
      rotate: fc.nat(7),
      file: fc.nat(2),
      dropRound: fc.constantFrom(false, false, false, true),
      reverseRounds: fc.boolean(),
      timer: fc.constantFrom('keep', 'start', 'pause', 'clear', 'old-build'),
      courts: maybe(fc.integer({ min: 1, max: 5 })),
      endTime: maybe(fc.constantFrom(...ENDS)),
      roundLengthSec: maybe(fc.constantFrom(...ROUND_LENGTHS)),
      invalid: fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('unknown-level', 'court-out-of-range', 'round-twice', 'moved-date', 'person-twice', 'not-on-sheet', 'name-not-on-court', 'blank-name', 'sitting-out-on-court'),
        },
      ),
    }),
  },
  {
    weight: often(3),
    // the last save sent again: its answer was lost (same), the phone changed it since (newer), or a copy it gave up on arrives late (older)
    arbitrary: fc.record({ kind: fc.constant('resend' as const), by, changed: fc.boolean(), order: fc.constantFrom('same', 'newer', 'older') }),
  },
  {
    weight: often(4),
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      by,
      night: ref,
      version: fc.nat(8),
      expected: fc.constantFrom('current', 'current', 'older'),
      snapshotId: fc.boolean(),
      again: fc.boolean(),
    }),
  },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('close' as const), by, night: ref }) },
  { weight: often(2), arbitrary: fc.record({ kind: fc.constant('reopen' as const), by, night: ref }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('deleteNight' as const), by, night: ref }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('check' as const), by, day: fc.nat(DAYS - 1), span: fc.nat(DAYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rebuild' as const) }) },
  { weight: often(1), arbitrary: fc.record({ kind: fc.constant('signOutAndIn' as const) }) },
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer S> ? S : never;

/** What a club has before its nights: venues with weekly slots, levels, people; commands like any other. */
const setupArbitrary = fc
  .record({
    venues: fc.array(
      fc.record({
        name: fc.constantFrom(...VENUE_NAMES),
        sortOrder: maybe(fc.integer({ min: -1, max: 3 })),
        active: maybe(fc.boolean()),
        slots: fc.array(fc.record({ weekday: fc.integer({ min: 0, max: 6 }), start: fc.constantFrom(...STARTS), end: fc.constantFrom(...ENDS) }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    levels: fc.array(fc.record({ name: fc.constantFrom(...LEVEL_NAMES), isCoach: fc.boolean() }), { maxLength: 3 }),
    people: fc.array(fc.record({ name: fc.constantFrom(...PERSON_NAMES), level: maybe(fc.nat(3)), guest: fc.boolean() }), { maxLength: 8 }),
    nights: fc.array(fc.record({ slot: fc.nat(5), day: fc.nat(DAYS - 1), courts: maybe(fc.integer({ min: 1, max: 4 })) }), { minLength: 1, maxLength: 2 }),
  })
  .map(({ venues, levels, people, nights }): Step[] => [
    ...venues.flatMap((venue, index): Step[] => [
      { kind: 'addVenue', by: 0, name: venue.name, sortOrder: venue.sortOrder, active: venue.active },
      ...venue.slots.map((slot): Step => ({ kind: 'addSlot', by: 0, venue: index, ...slot })),
    ]),
    ...levels.map((level): Step => ({ kind: 'addLevel', by: 1, ...level })),
    ...people.map((person, index): Step => ({ kind: 'addPlayer', by: 0, player: index, ...person })),
    ...nights.map(
      (night): Step => ({ kind: 'openNight', by: 1, venue: 0, day: night.day, start: null, end: null, courts: night.courts, roundLengthSec: null, id: 'server', night: 0, slot: night.slot }),
    ),
  ]);
type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

const clubArbitrary = fc.record({
  defaultCourts: fc.integer({ min: 1, max: 5 }),
  roundLengthSec: fc.constantFrom(...ROUND_LENGTHS),
  canChangePassword: fc.boolean(),
});

// ---- one run of a sequence ----

/** the GET routes (as the OpenAPI document names them) the checks have compared */
const checkedRoutes = new Set<string>();
let runs = 0;
let venuesInClub = 0;

type Run = {
  readonly no: number;
  readonly club: Club;
  /** the sequence's own login, and the one that lives across sequences */
  users: [Login, Login];
  /** venue names start with it: the public schedule has no ids */
  readonly prefix: string;
  readonly levelIds: string[];
  readonly venueIds: string[];
  readonly slotIds: string[];
  /** every id this run used for a person, created or not */
  readonly playerIds: string[];
  /** every night id this run was answered with or sent */
  readonly nightIds: string[];
  /** each night as last known, kept after it is deleted so a later save can still name it */
  readonly lastKnown: Map<string, NightState>;
  lastPut: { id: string; body: Snapshot } | null;
  made: number;
  readonly log: string[];
};

class Mismatch extends Error {}

const json = (value: unknown): string => JSON.stringify(value);
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function fail(run: Run, what: string, expected: unknown, actual: unknown): never {
  throw new Mismatch(
    `${what}\n  expected: ${json(expected)}\n  actual:   ${json(actual)}\n  the run's requests (newest last):\n    ${run.log.slice(-60).join('\n    ')}`,
  );
}

function same(run: Run, what: string, actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(plain(actual), plain(expected))) fail(run, what, expected, actual);
}

const tick = (): string => {
  clockMs += 1000;
  return new Date(clockMs).toISOString();
};

async function send(run: Run, user: 0 | 1 | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<Answer> {
  const answer = await inject(method, url, user === null ? null : run.users[user].cookie, payload);
  if (method !== 'GET') run.log.push(`${user === null ? 'anonymous' : run.users[user].username} ${method} ${url}${payload ? ` ${json(payload)}` : ''} → ${answer.status}`);
  return answer;
}

/** The status a command answered, and its error code where the API fixes one. */
function sameOutcome(run: Run, what: string, answer: Answer, outcome: Outcome): void {
  const code = (answer.body as { code?: unknown } | null)?.code;
  if (answer.status !== outcome.status || (outcome.code !== undefined && code !== outcome.code)) {
    fail(run, `${what}: the answer's status`, outcome, { status: answer.status, body: answer.body });
  }
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (index < 0 || list.length === 0 ? undefined : list[index % list.length]);
const made = (run: Run, letter: string): string => `${letter}${run.no.toString(36).padStart(5, '0')}x${(run.made++).toString(36).padStart(3, '0')}`;
/**
 * A day of the run's own three weeks: each run has four weeks of its own (Monday to Sunday, from 2 November
 * 2026 on), so the Calendar and Today of one run do not grow with the nights of every run before it.
 */
const dayOf = (run: Run, day: number): string =>
  new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + (28 * (run.no % WINDOWS) + day) * 86_400_000).toISOString().slice(0, 10);
/** an instant of the night as a phone writes it: club-local with its offset */
const instant = (date: string, minutes: number): string => `${date}T${String(18 + Math.floor(minutes / 60) % 6).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01:00`;

/** Only this run's venues: the club's other venues belong to other sequences. */
const ownSettings = (run: Run, body: unknown): unknown => {
  const settings = body as { venues?: Array<{ id: string }> };
  return { ...settings, venues: (settings.venues ?? []).filter((venue) => run.venueIds.includes(venue.id)) };
};

const missingId = (run: Run): string => made(run, 'm');

async function settingsCommand(run: Run, user: 0 | 1, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object | undefined, step: (answer: Answer) => Outcome): Promise<void> {
  const answer = await send(run, user, method, url, payload);
  const outcome = step(answer);
  sameOutcome(run, `${method} ${url}`, answer, outcome);
  if (outcome.status < 300) same(run, `${method} ${url}: the settings it answers`, ownSettings(run, answer.body), settingsAnswer(run.club));
}

/** The id the answer's settings hold that the run did not know (a level, venue or slot just made). */
function newIdIn(
  answer: Answer,
  known: readonly string[],
  list: (settings: { levels: Array<{ id: string }>; venues: Array<{ id: string; name: string; slots: Array<{ id: string }> }> }) => string[],
): string | undefined {
  if (answer.status !== 201) return undefined;
  return list(answer.body as Parameters<typeof list>[0]).find((id) => !known.includes(id));
}

function buildSnapshot(run: Run, night: NightState, step: StepOf<'save'>): Snapshot {
  const club = run.club;
  const levelAt = (index: number): string | null => pick([...club.levels.map((level) => level.id), null], index) ?? null;
  const people: Snapshot['people'] = night.people
    .filter((_, index) => index >= 8 || (step.keep & (1 << index)) !== 0)
    .map((person) => ({ id: person.playerId, name: person.name, levelId: person.levelId }));
  for (const index of step.add) {
    if (index < run.playerIds.length) {
      const id = run.playerIds[index]!;
      if (people.some((person) => person.id === id)) continue;
      const player = club.players.get(id);
      // a phone may hold another name for someone: the server never renames from a snapshot
      people.push({ id, name: player ? (index % 2 === 0 ? player.name : `${player.name} Jr`) : `Back ${index}`, levelId: player?.levelId ?? null });
    } else {
      const id = made(run, 'p');
      run.playerIds.push(id);
      people.push({ id, name: PERSON_NAMES[index % PERSON_NAMES.length]!, levelId: levelAt(index), guest: index % 3 === 0 });
    }
  }
  if (step.relevel !== null && people[0]) people[0].levelId = levelAt(step.relevel);

  const courts = step.courts ?? night.courts;
  const present = new Set(people.map((person) => person.id));
  /** courts drawn from the sheet, turned by `turn` */
  const draw = (turn: number): Court[] => {
    const ids = people.map((person) => person.id);
    const cut = turn % Math.max(1, ids.length);
    const turned = [...ids.slice(cut), ...ids.slice(0, cut)];
    return Array.from({ length: Math.min(Math.floor(turned.length / 4), courts) }, (_, index) => {
      const [a, b, c, d] = turned.slice(index * 4, index * 4 + 4) as [string, string, string, string];
      return { court: index + 1, teamA: [a, d], teamB: [b, c] };
    });
  };
  const nameKnown = (id: string): string => people.find((person) => person.id === id)?.name ?? night.people.find((person) => person.playerId === id)?.name ?? ` Left ${id.slice(-4)} `;
  let rounds: Round[] = structuredClone(night.rounds);
  let timer: Timer | null = structuredClone(night.timer);
  const nextNumber = (): number => Math.max(0, ...rounds.map((round) => round.number)) + 1;
  // rounds played since the last save (a phone offline for a while files several): the first on the
  // line-up in play, the next ones on courts drawn from the sheet
  let inPlay = night.lineUp;
  for (let played = 0; played < step.file; played++) {
    const lineUp = played === 0 && inPlay.length > 0 ? inPlay : draw(step.rotate + played);
    if (lineUp.length === 0) break;
    const filed = rounds.some((round) => round.number === timer?.roundNumber);
    const number = timer !== null && !filed ? timer.roundNumber : nextNumber();
    const filedRound: Round = { number, startedAt: timer?.roundStartedAt ?? instant(night.date, 5 * number), endedAt: instant(night.date, 5 * number + 4), lineUp: structuredClone(lineUp) };
    // a phone files each player's name with the round; one on an older build files none
    if ((step.rotate + played) % 3 !== 0) {
      const playing = lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);
      // and, since issue 34, who sat it out: those here and not on its courts
      const sittingOut = people.map((person) => person.id).filter((id) => !playing.includes(id));
      filedRound.names = Object.fromEntries([...playing, ...sittingOut].map((id) => [id, nameKnown(id)]));
      if (sittingOut.length > 0) filedRound.sittingOut = sittingOut;
    }
    rounds.push(filedRound);
    timer = { roundNumber: number + 1, durationSec: step.roundLengthSec ?? night.roundLengthSec, startedAt: null, roundStartedAt: null, pausedRemainingSec: null };
    inPlay = lineUp;
  }
  if (step.dropRound) rounds = rounds.slice(1);
  if (step.reverseRounds) rounds.reverse();

  const lineUp = step.draw
    ? draw(step.rotate)
    : inPlay.filter((entry) => entry.court <= courts && [...entry.teamA, ...entry.teamB].every((id) => present.has(id)));

  // who sits out the round in play (issue 34): all off court, one of them, or not sent (an older build)
  const offCourt = people.map((person) => person.id).filter((id) => !lineUp.some((entry) => [...entry.teamA, ...entry.teamB].includes(id)));
  const sittingOut = step.rotate % 3 === 0 ? undefined : step.rotate % 3 === 1 ? offCourt : offCourt.slice(0, 1);

  let oldBuild = false;
  const now = instant(night.date, 3 * (rounds.length + 1));
  if (step.timer === 'start' || step.timer === 'old-build') {
    const base = timer ?? { roundNumber: nextNumber(), durationSec: night.roundLengthSec, startedAt: null, roundStartedAt: null, pausedRemainingSec: null };
    timer = base.startedAt !== null ? base : { ...base, startedAt: now, roundStartedAt: base.roundStartedAt ?? now, pausedRemainingSec: null };
    oldBuild = step.timer === 'old-build';
  } else if (step.timer === 'pause' && timer?.startedAt) {
    timer = { ...timer, startedAt: null, pausedRemainingSec: 100.5 };
  } else if (step.timer === 'clear') {
    timer = null;
  }
  if (timer !== null && rounds.some((round) => round.number === timer!.roundNumber)) timer = { ...timer, roundNumber: nextNumber() };

  const version = step.base === 'current' ? night.version : step.base === 'older' && night.version > 1 ? night.version - 1 : night.version + 1;
  const snapshot: Snapshot = {
    version,
    venueId: night.venueId,
    date: night.date,
    startTime: night.startTime,
    endTime: step.endTime !== null && step.endTime > night.startTime ? step.endTime : night.endTime,
    courts,
    roundLengthSec: step.roundLengthSec ?? night.roundLengthSec,
    people,
    lineUp,
    timer: timer !== null && oldBuild ? (({ roundStartedAt: _left, ...rest }) => rest)(timer) : timer,
    rounds,
    ...(sittingOut === undefined ? {} : { sittingOut }),
    // a phone on an older build sends its snapshot id without an order
    ...(step.snapshotId ? { snapshotId: made(run, 's'), ...(oldBuild ? {} : { snapshotSeq: 10 }) } : {}),
  };
  return breakRuleOne(run, snapshot, step.invalid);
}

/** One fault that spec rule 1 refuses with 400, whatever the version. */
function breakRuleOne(run: Run, snapshot: Snapshot, fault: StepOf<'save'>['invalid']): Snapshot {
  const someone = (): string => snapshot.people[0]?.id ?? made(run, 'g');
  const ghosts = (): [string, string, string, string] => [made(run, 'g'), made(run, 'g'), made(run, 'g'), made(run, 'g')];
  switch (fault) {
    case null:
      return snapshot;
    case 'unknown-level':
      return { ...snapshot, people: [...snapshot.people, { id: made(run, 'p'), name: 'Nobody', levelId: 'no-such-level' }] };
    case 'court-out-of-range': {
      const [a, b, c, d] = ghosts();
      return { ...snapshot, rounds: [...snapshot.rounds, { number: 900, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [{ court: 20, teamA: [a, b], teamB: [c, d] }] }] };
    }
    case 'round-twice': {
      const round = { number: 901, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [] };
      return { ...snapshot, rounds: [...snapshot.rounds, round, round] };
    }
    case 'moved-date':
      return { ...snapshot, date: snapshot.date === dayOf(run, 0) ? dayOf(run, 1) : dayOf(run, 0) };
    case 'person-twice': {
      const id = someone();
      return { ...snapshot, people: [...snapshot.people.filter((person) => person.id !== id), { id, name: 'Twice', levelId: null }, { id, name: 'Twice', levelId: null }] };
    }
    case 'name-not-on-court':
    case 'blank-name': {
      const [a, b, c, d] = ghosts();
      const names = fault === 'blank-name' ? { [a]: '   ' } : { [a]: 'Ada', [made(run, 'g')]: 'Nobody on court' };
      return { ...snapshot, rounds: [...snapshot.rounds, { number: 902, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], names }] };
    }
    case 'sitting-out-on-court': {
      const [a, b, c, d] = snapshot.people.map((person) => person.id);
      if (!a || !b || !c || !d) return { ...snapshot, sittingOut: [made(run, 'g')] };
      return { ...snapshot, courts: Math.max(1, snapshot.courts), lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], sittingOut: [a] };
    }
    case 'not-on-sheet': {
      const [a, b, c, d] = ghosts();
      return { ...snapshot, lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], courts: Math.max(1, snapshot.courts) };
    }
    default:
      return fault satisfies never;
  }
}

async function runStep(run: Run, step: Step): Promise<void> {
  const club = run.club;
  if (step.kind === 'check') return checkReads(run, step.by, dayOf(run, step.day), dayOf(run, Math.min(DAYS + 7, step.day + step.span)));
  if (step.kind === 'rebuild') {
    await rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: clubProjection, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    run.log.push('rebuild of the club projection');
    return checkReads(run, 0, dayOf(run, 0), dayOf(run, DAYS - 1));
  }
  if (step.kind === 'signOutAndIn') {
    // the sequence's own login signs out (its cookie no longer lets anyone in) and back in
    const signedOut = run.users[0];
    sameOutcome(run, 'POST /api/auth/logout', await send(run, 0, 'POST', '/api/auth/logout'), { status: 200 });
    checkedRoutes.add('/api/auth/me');
    const me = await inject('GET', '/api/auth/me', signedOut.cookie);
    if (me.status !== 401) fail(run, 'GET /api/auth/me with the cookie signed out', 401, me);
    run.users = [{ ...signedOut, cookie: await signIn(signedOut.username) }, run.users[1]];
    run.log.push(`${signedOut.username} signed in again`);
    return;
  }
  const user = step.by as 0 | 1;
  const at = tick();
  switch (step.kind) {
    case 'addLevel':
      return settingsCommand(run, user, 'POST', '/api/levels', { name: step.name, isCoach: step.isCoach }, (answer) => {
        const id = newIdIn(answer, run.levelIds, (settings) => settings.levels.map((level) => level.id));
        if (id !== undefined) run.levelIds.push(id);
        return stepAddLevel(club, step, id);
      });
    case 'renameLevel': {
      const id = pick(club.levels, step.level)?.id ?? missingId(run);
      return settingsCommand(run, user, 'PATCH', `/api/levels/${id}`, { name: step.name }, () => stepRenameLevel(club, id, step.name));
    }
    case 'reorderLevels': {
      const order = club.levels.map((level, index) => ({ id: level.id, key: step.keys[index] ?? index })).sort((a, b) => a.key - b.key).map((entry) => entry.id);
      const sent = step.drop ? order.slice(1) : order;
      return settingsCommand(run, user, 'PUT', '/api/levels/order', { order: sent }, () => stepReorderLevels(club, sent));
    }
    case 'removeLevel': {
      const id = pick(club.levels, step.level)?.id ?? missingId(run);
      return settingsCommand(run, user, 'DELETE', `/api/levels/${id}`, undefined, () => stepRemoveLevel(club, id));
    }
    case 'addVenue': {
      const body = { name: `${run.prefix}${step.name}`, ...(step.sortOrder === null ? {} : { sortOrder: step.sortOrder }), ...(step.active === null ? {} : { active: step.active }) };
      return settingsCommand(run, user, 'POST', '/api/venues', body, (answer) => {
        // the club's other venues are other sequences': the new one is the one of the name sent
        const id = newIdIn(answer, run.venueIds, (settings) => settings.venues.filter((venue) => venue.name === body.name.trim()).map((venue) => venue.id));
        if (id !== undefined) {
          run.venueIds.push(id);
          venuesInClub += 1;
        }
        return stepAddVenue(club, body, id);
      });
    }
    case 'changeVenue': {
      const id = pick(run.venueIds, step.venue) ?? missingId(run);
      const body = {
        ...(step.name === null ? {} : { name: `${run.prefix}${step.name}` }),
        ...(step.sortOrder === null ? {} : { sortOrder: step.sortOrder }),
        ...(step.active === null ? {} : { active: step.active }),
      };
      return settingsCommand(run, user, 'PATCH', `/api/venues/${id}`, body, () => stepChangeVenue(club, id, body));
    }
    case 'addSlot': {
      const venueId = pick(run.venueIds, step.venue) ?? missingId(run);
      const body = { weekday: step.weekday, start: step.start, end: step.end };
      return settingsCommand(run, user, 'POST', `/api/venues/${venueId}/slots`, body, (answer) => {
        const id = newIdIn(answer, run.slotIds, (settings) => settings.venues.filter((venue) => venue.id === venueId).flatMap((venue) => venue.slots.map((slot) => slot.id)));
        if (id !== undefined) run.slotIds.push(id);
        return stepAddSlot(club, venueId, body, id);
      });
    }
    case 'changeSlot': {
      const id = pick(club.slots, step.slot)?.id ?? missingId(run);
      const body = { ...(step.weekday === null ? {} : { weekday: step.weekday }), ...(step.start === null ? {} : { start: step.start }), ...(step.end === null ? {} : { end: step.end }) };
      return settingsCommand(run, user, 'PATCH', `/api/slots/${id}`, body, () => stepChangeSlot(club, id, body));
    }
    case 'removeSlot': {
      const id = pick(club.slots, step.slot)?.id ?? missingId(run);
      return settingsCommand(run, user, 'DELETE', `/api/slots/${id}`, undefined, () => stepRemoveSlot(club, id));
    }
    case 'addPlayer': {
      if (step.player >= run.playerIds.length) run.playerIds.push(made(run, 'p'));
      const id = run.playerIds[Math.min(step.player, run.playerIds.length - 1)]!;
      const levelId = step.level === null ? null : (pick(club.levels, step.level)?.id ?? 'no-such-level');
      const body = { id, name: step.name, levelId, guest: step.guest };
      const answer = await send(run, user, 'POST', '/api/players', body);
      const outcome = stepAddPlayer(club, body, at);
      sameOutcome(run, 'POST /api/players', answer, outcome);
      if (outcome.status < 300) same(run, 'POST /api/players: the person it answers', answer.body, playerAnswer(club.players.get(id)!));
      return;
    }
    case 'changePlayer': {
      const id = pick(run.playerIds, step.player) ?? missingId(run);
      const body = {
        ...(step.name === null ? {} : { name: step.name }),
        ...(step.level === undefined ? {} : { levelId: step.level === null ? null : (pick(club.levels, step.level)?.id ?? 'no-such-level') }),
        ...(step.guest === null ? {} : { guest: step.guest }),
        ...(step.archived === null ? {} : { archived: step.archived }),
      };
      const answer = await send(run, user, 'PATCH', `/api/players/${id}`, body);
      const outcome = stepChangePlayer(club, id, body);
      sameOutcome(run, 'PATCH /api/players/:id', answer, outcome);
      if (outcome.status < 300) same(run, 'PATCH /api/players/:id: the person it answers', answer.body, playerAnswer(club.players.get(id)!));
      return;
    }
    case 'deletePlayer': {
      const id = pick(run.playerIds, step.player) ?? missingId(run);
      const answer = await send(run, user, 'DELETE', `/api/players/${id}`);
      sameOutcome(run, 'DELETE /api/players/:id', answer, stepDeletePlayer(club, id));
      return;
    }
    case 'openNight': {
      const venueId = pick(run.venueIds, step.venue) ?? 'no-such-venue';
      const clientId = step.id === 'server' ? undefined : step.id === 'fresh' ? made(run, 'n') : (pick(run.nightIds, step.night) ?? made(run, 'n'));
      const slot = step.slot === null ? undefined : pick(club.slots, step.slot);
      // asked for a slot's night when the club has no slot: a night from 19:00 to 21:00
      const start = step.slot !== null && !slot ? (step.start ?? '19:00') : step.start;
      const end = step.slot !== null && !slot ? (step.end ?? '21:00') : step.end;
      const body: OpenBody = {
        venueId: slot?.venueId ?? venueId,
        date: slot ? dayOf(run, ((slot.weekday - weekdayOf(FIRST_DATE) + 7) % 7) + 7 * (step.day % 3)) : dayOf(run, step.day),
        ...(clientId === undefined ? {} : { id: clientId }),
        ...(start === null ? {} : { startTime: start }),
        ...(end === null ? {} : { endTime: end }),
        ...(step.courts === null ? {} : { courts: step.courts }),
        ...(step.roundLengthSec === null ? {} : { roundLengthSec: step.roundLengthSec }),
      };
      const answer = await send(run, user, 'POST', '/api/sessions', body);
      const answeredId = answer.status === 201 ? (answer.body as { id?: string }).id : undefined;
      const outcome = stepOpenNight(club, body, at, answeredId);
      sameOutcome(run, 'POST /api/sessions', answer, outcome);
      if (outcome.id !== undefined) {
        if (!run.nightIds.includes(outcome.id)) run.nightIds.push(outcome.id);
        const night = club.nights.get(outcome.id)!;
        run.lastKnown.set(outcome.id, structuredClone(night));
        same(run, 'POST /api/sessions: the night it answers', answer.body, nightAnswer(club, night));
      }
      return;
    }
    case 'save': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const known = club.nights.get(id) ?? run.lastKnown.get(id);
      if (!known) return;
      const body = buildSnapshot(run, known, step);
      run.lastPut = { id, body };
      return save(run, user, id, body, at);
    }
    case 'resend': {
      if (run.lastPut === null) return;
      const { id, body } = run.lastPut;
      const changed: Snapshot = step.changed ? { ...body, endTime: body.endTime === '22:00' ? '21:30' : '22:00' } : body;
      const seq = body.snapshotSeq === undefined || step.order === 'same' ? body.snapshotSeq : body.snapshotSeq + (step.order === 'newer' ? 1 : -1);
      const again: Snapshot = seq === undefined ? changed : { ...changed, snapshotSeq: seq };
      run.lastPut = { id, body: again };
      return save(run, user, id, again, at);
    }
    case 'restore': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const night = club.nights.get(id);
      const newest = night?.version ?? 1;
      const from = step.version === 8 ? newest + 5 : 1 + (step.version % newest);
      const body = { expectedVersion: step.expected === 'current' || newest === 1 ? newest : newest - 1, ...(step.snapshotId ? { snapshotId: made(run, 's') } : {}) };
      for (let sent = 0; sent < (step.again ? 2 : 1); sent++) {
        const url = `/api/sessions/${id}/versions/${from}/restore`;
        const answer = await inject('POST', url, run.users[user].cookie, body);
        run.log.push(`${run.users[user].username} POST ${url} ${json(body)} → ${answer.status}`);
        const outcome = stepRestore(club, id, from, body, at);
        await sameNightOutcome(run, `POST ${url}`, id, answer, outcome);
      }
      return;
    }
    case 'close':
    case 'reopen': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const url = `/api/sessions/${id}/${step.kind}`;
      const answer = await send(run, user, 'POST', url);
      await sameNightOutcome(run, `POST ${url}`, id, answer, stepSetStatus(club, id, step.kind === 'close' ? 'closed' : 'open', at));
      return;
    }
    case 'deleteNight': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const answer = await send(run, user, 'DELETE', `/api/sessions/${id}`);
      sameOutcome(run, 'DELETE /api/sessions/:id', answer, stepDeleteNight(club, id));
      return;
    }
    default:
      return step satisfies never;
  }
}

async function save(run: Run, user: 0 | 1, id: string, body: Snapshot, at: string): Promise<void> {
  const answer = await send(run, user, 'PUT', `/api/sessions/${id}`, body);
  const outcome = stepSave(run.club, id, body, at);
  sameOutcome(run, 'PUT /api/sessions/:id', answer, outcome);
  const night = run.club.nights.get(id);
  if (night) run.lastKnown.set(id, structuredClone(night));
  if (outcome.status === 200) same(run, 'PUT /api/sessions/:id: the version it answers', answer.body, { version: outcome.version });
  if (outcome.status === 409 && night) same(run, "PUT /api/sessions/:id: the server's copy in the 409", (answer.body as { current?: unknown }).current, nightAnswer(run.club, night));
}

/** A night's command answers the night (200) or, for a conflict, the server's copy as {current}. */
async function sameNightOutcome(run: Run, what: string, id: string, answer: Answer, outcome: Outcome): Promise<void> {
  sameOutcome(run, what, answer, outcome);
  const night = run.club.nights.get(id);
  if (night) run.lastKnown.set(id, structuredClone(night));
  if (outcome.status === 200 && night) same(run, `${what}: the night it answers`, answer.body, nightAnswer(run.club, night));
  if (outcome.status === 409 && night) same(run, `${what}: the server's copy in the 409`, (answer.body as { current?: unknown }).current, nightAnswer(run.club, night));
}

// ---- the reads ----

async function read(run: Run, user: 0 | 1 | null, route: string, url: string): Promise<Answer> {
  checkedRoutes.add(route);
  return send(run, user, 'GET', url);
}

async function expectRead(run: Run, user: 0 | 1 | null, route: string, url: string, expected: { status: number; body?: unknown }, filter: (body: unknown) => unknown = (body) => body): Promise<void> {
  const answer = await read(run, user, route, url);
  if (answer.status !== expected.status) fail(run, `GET ${url}: the status`, expected.status, { status: answer.status, body: answer.body });
  if (expected.body !== undefined) same(run, `GET ${url}`, filter(answer.body), expected.body);
}

const ownPlayers = (run: Run) => (body: unknown) => ({ players: ((body as { players?: Array<{ id: string }> }).players ?? []).filter((player) => run.playerIds.includes(player.id)) });
const ownNights = (run: Run) => (body: unknown) => ({ sessions: ((body as { sessions?: Array<{ venueId: string }> }).sessions ?? []).filter((night) => run.venueIds.includes(night.venueId)) });
const ownToday = (run: Run) => (body: unknown) => {
  const today = body as { slots?: Array<{ venueId: string }>; sessions?: Array<{ venueId: string }> };
  return { ...today, slots: (today.slots ?? []).filter((slot) => run.venueIds.includes(slot.venueId)), sessions: (today.sessions ?? []).filter((night) => run.venueIds.includes(night.venueId)) };
};
const ownSchedule = (run: Run) => (body: unknown) => ({ venues: ((body as { venues?: Array<{ name: string }> }).venues ?? []).filter((venue) => venue.name.startsWith(run.prefix)) });

/** Every GET route of the club, compared with the reference: by `user`, and across logins where the data is the club's. */
async function checkReads(run: Run, user: 0 | 1, from: string, to: string): Promise<void> {
  const club = run.club;
  const reader = (1 - user) as 0 | 1;
  for (const [index, login] of run.users.entries()) {
    await expectRead(run, index as 0 | 1, '/api/auth/me', '/api/auth/me', { status: 200, body: { id: login.id, username: login.username, canChangePassword: login.canChangePassword } });
  }
  await expectRead(run, null, '/api/auth/me', '/api/auth/me', { status: 401 });
  await expectRead(run, user, '/api/settings', '/api/settings', { status: 200, body: settingsAnswer(club) }, (body) => ownSettings(run, body));
  await expectRead(run, null, '/api/public/schedule', '/api/public/schedule', { status: 200, body: scheduleAnswer(club) }, ownSchedule(run));

  await expectRead(run, reader, '/api/players', '/api/players', { status: 200, body: playersAnswer(club, false) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=false', { status: 200, body: playersAnswer(club, false) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=true', { status: 200, body: playersAnswer(club, true) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=yes', { status: 400 });
  for (const id of run.playerIds) {
    const player = club.players.get(id);
    await expectRead(run, reader, '/api/players/{id}', `/api/players/${id}`, player ? { status: 200, body: playerAnswer(player) } : { status: 404 });
  }

  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${from}&to=${to}`, from <= to ? { status: 200, body: nightsAnswer(club, from, to) } : { status: 400 }, ownNights(run));
  const [first, last] = [dayOf(run, -1), dayOf(run, DAYS + 7)];
  await expectRead(run, reader, '/api/sessions', `/api/sessions?from=${first}&to=${last}`, { status: 200, body: nightsAnswer(club, first, last) }, ownNights(run));
  // at most 366 days, both ends counted
  const [yearFrom, yearTo, tooFar] = [dayOf(run, -300), dayOf(run, 65), dayOf(run, 66)];
  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${yearFrom}&to=${yearTo}`, { status: 200, body: nightsAnswer(club, yearFrom, yearTo) }, ownNights(run));
  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${yearFrom}&to=${tooFar}`, { status: 400 });
  for (const id of run.nightIds) {
    const night = club.nights.get(id);
    await expectRead(run, reader, '/api/sessions/{id}', `/api/sessions/${id}`, night ? { status: 200, body: nightAnswer(club, night) } : { status: 404 });
    await checkVersions(run, user, id);
  }
  const dates = new Set([...club.nights.values()].map((night) => night.date));
  // a date of each weekday with a slot, so that every slot is asked for
  const weekdays = new Set([...dates].map(weekdayOf));
  for (let day = 0; day < 7; day++) {
    if (!weekdays.has(weekdayOf(dayOf(run, day))) && club.slots.some((slot) => slot.weekday === weekdayOf(dayOf(run, day)))) dates.add(dayOf(run, day));
  }
  if (dates.size === 0) dates.add(dayOf(run, 0));
  for (const date of dates) await expectRead(run, user, '/api/today', `/api/today?date=${date}`, { status: 200, body: todayAnswer(club, date) }, ownToday(run));
  await expectRead(run, user, '/api/today', '/api/today?date=2026-02-30', { status: 400 });
}

async function checkVersions(run: Run, user: 0 | 1, id: string): Promise<void> {
  const night = run.club.nights.get(id);
  const url = `/api/sessions/${id}/versions`;
  if (!night) {
    await expectRead(run, user, '/api/sessions/{id}/versions', url, { status: 404 });
    await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/1`, { status: 404 });
    return;
  }
  const answer = await read(run, user, '/api/sessions/{id}/versions', url);
  const listed = answer.body as { versions?: Array<{ recordedAt: string; changes: string[] }> };
  if (answer.status !== 200 || !Array.isArray(listed.versions)) fail(run, `GET ${url}`, 200, answer);
  const versions = listed.versions;
  same(run, `GET ${url}`, { ...listed, versions: versions.map(({ recordedAt: _at, changes: _changes, ...version }) => version) }, versionsAnswer(night));
  const times = versions.map((version) => version.recordedAt);
  if (!times.every((time) => !Number.isNaN(Date.parse(time)))) fail(run, `GET ${url}: recordedAt is an instant`, 'ISO 8601 instants', times);
  if (times.some((time, index) => index > 0 && Date.parse(time) > Date.parse(times[index - 1]!))) fail(run, `GET ${url}: newest first`, 'recordedAt not increasing', times);
  const oldestFirst = [...versions].reverse();
  night.versions.forEach((version, index) => {
    const changes = oldestFirst[index]?.changes ?? [];
    for (const rule of changeRules(index === 0 ? null : night.versions[index - 1]!.night, version.night)) {
      if (!rule.holds(changes)) fail(run, `GET ${url}: what changed in version ${version.version}`, rule.says, changes);
    }
  });
  for (const version of night.versions) {
    await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/${version.version}`, { status: 200, body: nightAnswer(run.club, version.night) });
  }
  await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/${night.version + 1}`, { status: 404 });
  await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/0`, { status: 400 });
}

// ---- a sequence, start to end ----

/**
 * Leaves no level, no active venue and no one listed in People behind: the next sequence starts its
 * levels from none, and the club's lists do not grow with every sequence (its people become guests,
 * who are never listed). After a sequence that passed the reference says who is who; after one that
 * failed the routes do.
 */
async function cleanUp(run: Run, trusted: boolean): Promise<void> {
  const problems: string[] = [];
  const listed = (player: { levelId: string | null; guest: boolean }): boolean => player.levelId !== null || !player.guest;
  const people = trusted
    ? [...run.club.players.values()].filter(listed).map((player) => player.id)
    : await (async () => {
        const found: string[] = [];
        for (const id of run.playerIds) {
          const player = await inject('GET', `/api/players/${id}`, other.cookie);
          if (player.status === 200 && listed(player.body as { levelId: string | null; guest: boolean })) found.push(id);
        }
        return found;
      })();
  for (const id of people) {
    const answer = await inject('PATCH', `/api/players/${id}`, other.cookie, { levelId: null, guest: true });
    if (answer.status !== 200) problems.push(`PATCH /api/players/${id} → ${answer.status}`);
  }
  const levels = trusted ? run.club.levels : ((await inject('GET', '/api/settings', other.cookie)).body as { levels: Array<{ id: string }> }).levels;
  for (const level of levels) {
    const answer = await inject('DELETE', `/api/levels/${level.id}`, other.cookie);
    if (answer.status !== 200) problems.push(`DELETE /api/levels/${level.id} → ${answer.status} ${json(answer.body)}`);
  }
  const active = trusted ? run.club.venues.filter((venue) => venue.active).map((venue) => venue.id) : run.venueIds;
  for (const id of active) {
    const answer = await inject('PATCH', `/api/venues/${id}`, other.cookie, { active: false });
    if (answer.status !== 200) problems.push(`PATCH /api/venues/${id} → ${answer.status}`);
  }
  if (problems.length > 0) throw new Error(`cleaning up after sequence ${run.no} failed: ${problems.join('; ')}`);
}

async function runSequence(start: { defaultCourts: number; roundLengthSec: number; canChangePassword: boolean }, steps: readonly Step[]): Promise<void> {
  const no = ++runs;
  const account = await pendingLogin;
  pendingLogin = nextLogin();
  // the permission is the account's, set by the server-side script that makes accounts (spec: Authentication)
  await system.core.accounts.setCanChangePassword(account.id, start.canChangePassword);
  const own = { ...account, canChangePassword: start.canChangePassword };
  const run: Run = {
    no,
    club: newClub({ defaultCourts: start.defaultCourts, roundLengthSec: start.roundLengthSec }, venuesInClub),
    users: [own, other],
    prefix: `R${no} `,
    levelIds: [],
    venueIds: [],
    slotIds: [],
    playerIds: [],
    nightIds: [],
    lastKnown: new Map(),
    lastPut: null,
    made: 0,
    log: [],
  };
  let failed = true;
  try {
    tick();
    const body = { defaultCourts: start.defaultCourts, roundLengthSec: start.roundLengthSec };
    await settingsCommand(run, 0, 'PUT', '/api/settings/club', body, () => stepChangeClub(run.club, body));
    for (const step of steps) await runStep(run, step);
    await checkReads(run, 0, dayOf(run, 0), dayOf(run, DAYS - 1));
    failed = false;
  } finally {
    // a failed sequence still cleans up, so the sequences fast-check shrinks to start as this one did
    await cleanUp(run, !failed).catch((error: unknown) => {
      if (!failed) throw error;
    });
  }
}

t.test('every GET route of the club answers what the commands sent imply, also after a rebuild', async (t) => {
  const property = fc.asyncProperty(clubArbitrary, setupArbitrary, fc.array(stepArbitrary, { minLength: 4, maxLength: 14 }), (start, setup, steps) =>
    runSequence(start, [...setup, ...steps]),
  );
  // Shrinking a failure replays whole sequences and can outlast the file's time limit (TAP_TIMEOUT,
  // which `npm run check:reads` raises): stop in time to report the shortest sequence found so far.
  // Running out of time before all sequences ran fails too, saying how many did, rather than passing.
  const budgetMs = Number(process.env.TAP_TIMEOUT ?? 180) * 1000 - 30_000;
  try {
    await fc.assert(property, { ...readCheckParameters(RUNS), plugins: [fc.interruptAfterTimeLimit(budgetMs, { failOnInterrupt: true })] });
  } finally {
    await pendingLogin;
  }
  t.pass(`${runs} sequences`);
});

t.test('the check covers every GET route of the OpenAPI document', async (t) => {
  const document = (await inject('GET', '/api/openapi.json', null)).body as { paths: Record<string, Record<string, unknown>> };
  const gets = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([path]) => path);
  const cannot: Record<string, string> = {
    '/api/health': 'liveness: answers {status: ok} whatever the club holds',
    '/api/health/ready': "readiness: the projections' positions in the whole log, not the club's data",
  };
  t.same(gets.filter((path) => !checkedRoutes.has(path) && !(path in cannot)), [], 'every GET route is checked or named with its reason');
  t.same(Object.keys(cannot).filter((path) => !gets.includes(path)), [], 'the routes named as not checked exist');
  t.same([...checkedRoutes].filter((path) => !gets.includes(path)), [], 'the checked routes exist');
});
