// The open night as a phone holds it, and every change the Session screen makes to it. Pure: the
// time, the random source and new ids come in as arguments, so each rule is tested in node.
import { endRoundOfNight, type FinishedRound, nextRoundNumber, removePersonFromNight } from '../../domain/club/rounds.ts';
import type { Random } from '../../domain/club/random.ts';
import { COURT_MATE_WEIGHT, type CourtEntry, type LineUp, OPPONENT_WEIGHT, PARTNER_WEIGHT, type PersonId, shuffle, swapPeople } from '../../domain/club/shuffle.ts';
import { chooseSitOuts, sitOutRecords, sitOutsNeeded } from '../../domain/club/sit-out.ts';
import { newTimer, pause, resume, start, type Timer, timerStatus } from '../../domain/club/timer.ts';

export type NightPerson = {
  readonly id: string;
  readonly name: string;
  readonly levelId: string | null;
  readonly levelName: string | null;
  readonly levelRank: number | null;
  readonly guest: boolean;
};

/** GET /api/sessions/:id; what PUT takes back is `snapshotOf` it. */
export type Night = {
  readonly id: string;
  readonly venueId: string;
  readonly venueName: string | null;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly courts: number;
  readonly roundLengthSec: number;
  readonly status: 'open' | 'closed';
  /** the server's version this copy builds on */
  readonly version: number;
  readonly people: readonly NightPerson[];
  readonly lineUp: LineUp;
  readonly timer: Timer | null;
  readonly rounds: readonly FinishedRound[];
  /** who sits out the round in play, in the order they came; absent in a copy kept by an older build (nobody) */
  readonly sittingOut?: readonly string[];
  /**
   * People's name of each person on a filed round who is no longer among the night's people: the
   * server's answer for rounds filed without names (older builds); absent in a copy kept from before
   */
  readonly playerNames?: Readonly<Record<string, string>>;
};

export type Level = { readonly id: string; readonly name: string; readonly rank: number; readonly isCoach: boolean };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A night from the server (or a portal's page pretending to be one): checked before it is believed. */
export function isNight(value: unknown, id?: string): value is Night {
  return (
    isObject(value) &&
    typeof value['id'] === 'string' &&
    (id === undefined || value['id'] === id) &&
    typeof value['version'] === 'number' &&
    typeof value['date'] === 'string' &&
    typeof value['courts'] === 'number' &&
    Array.isArray(value['people']) &&
    Array.isArray(value['lineUp']) &&
    Array.isArray(value['rounds'])
  );
}

/**
 * The body of PUT /api/sessions/:id. `snapshotId` names the phone's change on top of `version`, so a
 * send after a lost answer is known as its own; `snapshotSeq` rises with each change under that id,
 * so a copy the phone gave up on, arriving late, is known as older than the one saved before it.
 */
export function snapshotOf(night: Night, snapshotId: string, snapshotSeq?: number) {
  return {
    version: night.version,
    venueId: night.venueId,
    date: night.date,
    startTime: night.startTime,
    endTime: night.endTime,
    courts: night.courts,
    roundLengthSec: night.roundLengthSec,
    people: night.people.map(({ id, name, levelId, guest }) => ({ id, name, levelId, guest })),
    lineUp: night.lineUp,
    timer: night.timer,
    rounds: night.rounds,
    sittingOut: sittingOutOf(night),
    snapshotId,
    ...(snapshotSeq === undefined ? {} : { snapshotSeq }),
  };
}

/** A cuid as the server takes it: a lowercase letter, then lowercase letters and digits. */
export function newId(randomBytes: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `c${Array.from(randomBytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * The opening rule (spec 002 "Snapshot save"): the server's copy of a night replaces this phone's
 * only when the phone has none, or has nothing unsent, no save on its way, and a version no newer.
 */
export function takeServerCopy(local: { readonly version: number; readonly unsent: boolean; readonly inFlight: boolean } | null, serverVersion: number): boolean {
  return local === null || (!local.unsent && !local.inFlight && serverVersion >= local.version);
}

export function personWithLevel(person: { id: string; name: string; levelId: string | null; guest: boolean }, levels: readonly Level[]): NightPerson {
  const level = levels.find((candidate) => candidate.id === person.levelId);
  return { id: person.id, name: person.name, levelId: level?.id ?? null, levelName: level?.name ?? null, levelRank: level?.rank ?? null, guest: person.guest };
}

export function addPerson(night: Night, person: NightPerson): Night {
  if (night.people.some((present) => present.id === person.id)) return night;
  return { ...night, people: [...night.people, person] };
}

/** Tonight's level of someone who came: the server copies it for this night only (People keeps theirs). */
export function setLevel(night: Night, personId: string, levelId: string | null, levels: readonly Level[]): Night {
  // the same level again keeps the night's copy, also of a level the club has removed since
  return {
    ...night,
    people: night.people.map((person) => (person.id === personId && person.levelId !== levelId ? personWithLevel({ ...person, levelId }, levels) : person)),
  };
}

export function setCourts(night: Night, courts: number): Night {
  if (!Number.isInteger(courts) || courts < 1 || courts > 20) return night;
  // a court taken away takes its game off the sheet; the people stay at the night
  return { ...night, courts, lineUp: night.lineUp.filter((entry) => entry.court <= courts) };
}

// the name goes with each person so a round filed now keeps it, whoever leaves later
const presentPeople = (night: Night) => night.people.map((person) => ({ id: person.id, rank: person.levelRank, name: person.name }));

/** Who sits out the round in play: nobody in a copy from before sitting out existed. */
export const sittingOutOf = (night: Pick<Night, 'sittingOut'>): readonly string[] => night.sittingOut ?? [];

/** Those the shuffle draws from: everyone here but those sitting out. */
const playingPeople = (night: Night) => {
  const out = new Set(sittingOutOf(night));
  return presentPeople(night).filter((person) => !out.has(person.id));
};

const onCourt = (lineUp: LineUp, personId: PersonId): boolean => lineUp.some((entry) => entry.teamA.includes(personId) || entry.teamB.includes(personId));

/** Once the round in play has started, those on court are playing it: who sits out changes for the others only. */
export function roundStarted(night: Night): boolean {
  return night.timer !== null && night.lineUp.length > 0 && (night.timer.roundStartedAt !== null || timerStatus(night.timer) !== 'stopped');
}

/** Whether this person can be marked as sitting out, or back in, now. */
export function canSitOut(night: Night, personId: PersonId): boolean {
  return !(roundStarted(night) && onCourt(night.lineUp, personId));
}

/**
 * Sets who sits out, kept in the order people came. Someone on the sheet of a round not yet started
 * takes the sheet off (the draw was made with them; Shuffle draws again); a started round's players
 * are left as they are.
 */
export function setSittingOut(night: Night, ids: readonly PersonId[]): Night {
  const chosen = new Set(ids.filter((id) => canSitOut(night, id)));
  const sittingOut = night.people.filter((person) => chosen.has(person.id)).map((person) => person.id);
  const lineUp = sittingOut.some((id) => onCourt(night.lineUp, id)) ? [] : night.lineUp;
  const same = sittingOut.length === sittingOutOf(night).length && sittingOut.every((id, index) => sittingOutOf(night)[index] === id);
  return same && lineUp === night.lineUp ? night : { ...night, sittingOut, lineUp };
}

/** One person in or out, by hand. */
export function toggleSittingOut(night: Night, personId: PersonId): Night {
  const now = sittingOutOf(night);
  return setSittingOut(night, now.includes(personId) ? now.filter((id) => id !== personId) : [...now, personId]);
}

/** "Choose who sits out": as many as the courts leave over, fairly (domain/club/sit-out.ts). */
export function chooseSittingOut(night: Night, random: Random): Night {
  // once the round has started, only those off court can be chosen; the rest are playing
  const candidates = night.people.map((person) => person.id).filter((id) => canSitOut(night, id));
  const count = sitOutsNeeded(night.people.length, night.courts);
  return setSittingOut(night, chooseSitOuts({ people: candidates, count, rounds: night.rounds, random }));
}

export const SOMEONE_WHO_LEFT = 'Someone who left';

/** Who is on the sheet: someone here tonight by name; anyone else is someone who left. */
export function nameOnSheet(night: Pick<Night, 'people'>, personId: string): string {
  return night.people.find((person) => person.id === personId)?.name ?? SOMEONE_WHO_LEFT;
}

/**
 * Who played in a filed round: the name filed with it; for a round filed without (an older build),
 * the name tonight, then People's; "Someone who left" only when nobody knows them any more.
 */
export function nameInRound(night: Pick<Night, 'people' | 'playerNames'>, round: FinishedRound, personId: string): string {
  return round.names?.[personId] ?? night.people.find((person) => person.id === personId)?.name ?? night.playerNames?.[personId] ?? SOMEONE_WHO_LEFT;
}
const courtNumbers = (night: Night) => Array.from({ length: night.courts }, (_, index) => index + 1);

export type Shuffled = { readonly ok: true; readonly night: Night } | { readonly ok: false; readonly reason: string };

/**
 * Rule 7: the whole line-up is replaced, hand swaps included. The round in play keeps its number.
 * Those sitting out are left out of the draw; the rules are the spec's for those playing.
 */
export function shuffleNight(night: Night, random: Random): Shuffled {
  const playing = playingPeople(night);
  const result = shuffle({ people: playing, courts: courtNumbers(night), history: night.rounds.map((round) => round.lineUp), random });
  if (!result.ok) return { ok: false, reason: refusalText(result.reason, sitOutsNeeded(playing.length, night.courts), playing.length) };
  const timer = night.timer ?? newTimer(nextRoundNumber(night.rounds, null), night.roundLengthSec);
  return { ok: true, night: { ...night, lineUp: result.lineUp, timer } };
}

/**
 * Next round: the courts as they stand are filed, then a new line-up is drawn for the next number.
 * When the people here do not fill whole courts, who sits out is chosen again first, fairly: a night
 * of 13 runs on Next round alone. (Shuffle keeps the spec's refusal and says to choose.)
 */
export function nextRound(night: Night, random: Random, now: string): Shuffled {
  const reason = nextRoundBlocked(night);
  if (reason) return { ok: false, reason };
  const ended = endRound(night, now);
  return shuffleNight(chooseSittingOut(ended, random), random);
}

/** Why Next round cannot run, or null; shown beside the disabled button. */
export function nextRoundBlocked(night: Night): string | null {
  if (!night.people.some((person) => person.levelRank !== null)) return 'Nobody here has a level yet: give people a level to draw by strength.';
  return null;
}

function refusalText(reason: string, sitOuts: number, playing: number): string {
  if (reason === 'no one has a level') return 'Nobody here has a level yet: give people a level to draw by strength.';
  // more people or courts are one way; fewer playing is the other, when enough are left for a court
  if (sitOuts > 0 && sitOuts < playing) return `Cannot shuffle: ${reason}, or ${sitOuts} more to sit out (Choose who sits out).`;
  return `Cannot shuffle: ${reason}.`;
}

export function swap(night: Night, a: PersonId, b: PersonId): Night {
  return { ...night, lineUp: swapPeople(night.lineUp, a, b) };
}

const timerOf = (night: Night): Timer => night.timer ?? newTimer(nextRoundNumber(night.rounds, null), night.roundLengthSec);

export function startTimer(night: Night, now: string): Night {
  return { ...night, timer: start(timerOf(night), now) };
}

export function pauseTimer(night: Night, now: string): Night {
  return night.timer === null ? night : { ...night, timer: pause(night.timer, now) };
}

export function resumeTimer(night: Night, now: string): Night {
  return night.timer === null ? night : { ...night, timer: resume(night.timer, now) };
}

/**
 * The courts as they stand are filed, with who sat the round out (everyone here and off court); who
 * sits out was for that round, so it is cleared: the next is chosen again (Next round does it).
 */
export function endRound(night: Night, now: string): Night {
  const ended = endRoundOfNight({ people: presentPeople(night), lineUp: night.lineUp, timer: night.timer, rounds: night.rounds }, now);
  if (ended.rounds === night.rounds) return night;
  return { ...night, lineUp: ended.lineUp, timer: ended.timer, rounds: ended.rounds, sittingOut: [] };
}

/** Someone leaving: a round they are playing in is filed as it stood, then the courts are cleared. */
export function removePerson(night: Night, personId: PersonId, now: string): Night {
  const state = removePersonFromNight({ people: presentPeople(night), lineUp: night.lineUp, timer: night.timer, rounds: night.rounds }, personId, now);
  const filed = state.rounds !== night.rounds;
  const sittingOut = filed ? [] : sittingOutOf(night).filter((id) => id !== personId);
  return { ...night, people: night.people.filter((person) => person.id !== personId), lineUp: state.lineUp, timer: state.timer, rounds: state.rounds, sittingOut };
}

export const timerRunning = (night: Night): boolean => night.timer !== null && timerStatus(night.timer) === 'running';

export type CourtWhy = { readonly court: number; readonly score: number; readonly partners: number; readonly opponents: number; readonly courtMates: number };

/**
 * "Why this line-up": the variety score of each court and what it counts, against the rounds
 * already filed tonight. Each pair on a court now is counted once per earlier round they shared a
 * court: partners both times, opponents both times, or court-mates (the role changed).
 */
export function whyLineUp(night: Night): CourtWhy[] {
  const roleIn = (entry: CourtEntry, a: PersonId, b: PersonId): 'partners' | 'opponents' | null => {
    const inA = (id: PersonId) => entry.teamA.includes(id);
    const inB = (id: PersonId) => entry.teamB.includes(id);
    if ((inA(a) && inA(b)) || (inB(a) && inB(b))) return 'partners';
    if ((inA(a) && inB(b)) || (inB(a) && inA(b))) return 'opponents';
    return null;
  };
  return night.lineUp.map((entry) => {
    const players = [...entry.teamA, ...entry.teamB];
    let partners = 0;
    let opponents = 0;
    let courtMates = 0;
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) {
        const [a, b] = [players[i]!, players[j]!];
        const now = roleIn(entry, a, b);
        for (const round of night.rounds) {
          for (const earlier of round.lineUp) {
            const then = roleIn(earlier, a, b);
            if (then === null) continue;
            if (then !== now) courtMates++;
            else if (then === 'partners') partners++;
            else opponents++;
          }
        }
      }
    }
    return { court: entry.court, score: PARTNER_WEIGHT * partners + OPPONENT_WEIGHT * opponents + COURT_MATE_WEIGHT * courtMates, partners, opponents, courtMates };
  });
}

export type SitOutWhy = { readonly id: PersonId; readonly name: string; readonly times: number; readonly lastRound: number | null };

/** "Why this line-up", for those sitting out: how often each sat out tonight before, and when last. */
export function whySittingOut(night: Night): SitOutWhy[] {
  const records = sitOutRecords(night.rounds);
  return sittingOutOf(night).map((id) => ({ id, name: nameOnSheet(night, id), times: records.get(id)?.times ?? 0, lastRound: records.get(id)?.lastRound ?? null }));
}

/**
 * A refusal in words for the person at the night: the server's message names the field first
 * ("body.people[0].levelId: Ana's level no longer exists; pick another"), which the API keeps for
 * its callers and the screen leaves out.
 */
export function refusalWords(message: string): string {
  return message.replace(/^(?:body|params|querystring)(?:\.[\w$]+|\[\d+\])*: /, '');
}

/** A time of day as the club writes it, HH:mm on the 24-hour clock, whatever the phone's own setting. */
export function clubTime(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** 125 seconds as "2:05". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The client's own date, club-local as the spec wants: never converted to UTC. */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export { WEEKDAYS } from '../shared/weekdays.ts';
