// The versions of a club night, read from its stream: the log is the history. Every event that
// changes the night is one version, with the night as it stood right after it and, in a few words,
// what changed against the version before. Pure: the caller reads the stream.
import type { StoredEvent } from '../shared/aggregate.ts';
import { assertNever } from '../shared/events.ts';
import type { CourtEntry, LineUp } from './shuffle.ts';
import { type Night, nightAggregate, type NightEvent, type NightPerson, type NightState, type SnapshotPerson } from './night.ts';
import type { Level } from './settings.ts';
import { type Timer, timerStatus } from './timer.ts';

export type NightVersionKind = 'opened' | 'saved' | 'restored' | 'closed' | 'reopened';

export type NightVersion = {
  /** the night's version right after the event: the number a save names as the one it builds on */
  readonly version: number;
  readonly recordedAt: string;
  readonly kind: NightVersionKind;
  /** for a restore, the older version it put back */
  readonly restoredFrom: number | null;
  readonly night: Night;
  /** short phrases, in a fixed order; "No change" when a save changed nothing that shows */
  readonly changes: readonly string[];
};

/** A stored event of a night's stream with the time the log recorded it (ISO 8601). */
export type RecordedNightEvent = StoredEvent & { readonly recordedAt: string };

function kindOf(event: NightEvent): { readonly kind: NightVersionKind; readonly restoredFrom: number | null } | null {
  switch (event.type) {
    case 'session-opened':
      return { kind: 'opened', restoredFrom: null };
    case 'snapshot-saved':
      return event.data.restoredFrom === undefined ? { kind: 'saved', restoredFrom: null } : { kind: 'restored', restoredFrom: event.data.restoredFrom };
    case 'session-closed':
      return { kind: 'closed', restoredFrom: null };
    case 'session-reopened':
      return { kind: 'reopened', restoredFrom: null };
    case 'session-deleted':
      return null;
    default:
      return assertNever(event);
  }
}

/**
 * Every version of the night the stream holds now, oldest first, folded the way the command side
 * folds it (the aggregate's parse and evolve, one event at a time). A night deleted and opened again
 * under the same id is a new night: its versions start again at 1, so only the last one's are listed.
 * Empty when the night was never opened or is deleted.
 */
export function nightVersions(events: readonly RecordedNightEvent[]): NightVersion[] {
  let state: NightState = nightAggregate.initialState;
  let versions: NightVersion[] = [];
  for (const recorded of events) {
    const event = nightAggregate.parse(recorded.type, recorded.data, recorded.metadata.schemaVersion);
    const before = event.type === 'session-opened' ? null : state;
    state = nightAggregate.evolve(state, event);
    const kind = kindOf(event);
    if (state === null || kind === null) {
      versions = [];
      continue;
    }
    if (kind.kind === 'opened') versions = [];
    versions.push({ version: state.version, recordedAt: recorded.recordedAt, ...kind, night: state, changes: changesBetween(before, state) });
  }
  return versions;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "Ada", "Ada and Ben", "Ada, Ben and Cleo"; past four, "Ada, Ben, Cleo, Dev and 3 more". */
/**
 * As a save's rule 4, the people a restored version names exist whether or not the restore wins: those
 * the club does not know (deleted from People since) come back, with that night's level while the club
 * still has it.
 */
export function peopleRestoredBy(restored: Night, levels: readonly Level[], known: ReadonlySet<string>): SnapshotPerson[] {
  const levelIds = new Set(levels.map((level) => level.id));
  return restored.people
    .filter((person) => !known.has(person.playerId))
    .map((person) => ({ id: person.playerId, name: person.name, levelId: person.levelId !== null && levelIds.has(person.levelId) ? person.levelId : null, guest: false }));
}

export function listOf(names: readonly string[]): string {
  const SHOWN = 4;
  if (names.length > SHOWN) return `${names.slice(0, SHOWN).join(', ')} and ${names.length - SHOWN} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** 600 as "10 min", 630 as "10 min 30 s". */
const duration = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

const sameCourt = (a: CourtEntry, b: CourtEntry): boolean =>
  a.court === b.court && a.teamA[0] === b.teamA[0] && a.teamA[1] === b.teamA[1] && a.teamB[0] === b.teamB[0] && a.teamB[1] === b.teamB[1];
const sameLineUp = (a: LineUp, b: LineUp): boolean => a.length === b.length && a.every((entry, index) => sameCourt(entry, b[index]!));

/** Where each person on court plays: court and side (the order inside a team changes no game). */
function places(lineUp: LineUp): Map<string, string> {
  const where = new Map<string, string>();
  for (const entry of lineUp) {
    for (const id of entry.teamA) where.set(id, `${entry.court}A`);
    for (const id of entry.teamB) where.set(id, `${entry.court}B`);
  }
  return where;
}

function lineUpChange(before: LineUp, after: LineUp, nameOf: (id: string) => string, roundFiled: boolean): string | null {
  if (sameLineUp(before, after)) return null;
  if (after.length === 0) return roundFiled ? null : 'Courts cleared';
  const drawn = `New line-up on ${plural(after.length, 'court')}`;
  if (before.length === 0) return drawn;
  const then = places(before);
  const now = places(after);
  const moved = [...then].filter(([id, place]) => now.get(id) !== place).map(([id]) => id);
  const samePeople = then.size === now.size && [...now.keys()].every((id) => then.has(id));
  if (samePeople && moved.length === 0) return null;
  if (samePeople && moved.length === 2 && then.get(moved[0]!) === now.get(moved[1]!) && then.get(moved[1]!) === now.get(moved[0]!)) {
    return `Swapped ${nameOf(moved[0]!)} and ${nameOf(moved[1]!)}`;
  }
  return drawn;
}

function timerChange(before: Timer | null, after: Timer | null): string | null {
  if (after === null) return before === null ? null : 'Round timer cleared';
  const status = timerStatus(after);
  const round = `Round ${after.roundNumber}`;
  if (before === null || before.roundNumber !== after.roundNumber) {
    // the next round's timer is set up stopped whenever a round is filed: worth a word only once it runs
    if (status === 'running') return `${round} started`;
    if (status === 'paused') return `${round} started and paused`;
    return null;
  }
  const was = timerStatus(before);
  if (was === status) return before.durationSec === after.durationSec ? null : `${round} lasts ${duration(after.durationSec)} (was ${duration(before.durationSec)})`;
  if (status === 'running') return was === 'paused' ? `${round} resumed` : `${round} started`;
  if (status === 'paused') return `${round} paused`;
  return `${round} timer reset`;
}

/**
 * What changed that plays no game: the order of people or on the sheet, a timer's anchor, a filed
 * round's names. Said only when nothing else is, so that no version reads as no change.
 */
function quietChanges(before: Night, after: Night): string[] {
  const ids = (night: Night) => night.people.map((person) => person.playerId).join('\n');
  if (ids(before) !== ids(after)) return ['Order of people changed'];
  if (!sameLineUp(before.lineUp, after.lineUp)) return ['Order on the sheet changed'];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.sittingOut, after.sittingOut)) return ['Order of those sitting out changed'];
  if (!same(before.timer, after.timer)) return ['Round timer adjusted'];
  if (!same(before.rounds, after.rounds)) return ['Finished rounds adjusted'];
  return [];
}

/** Who sits out the round in play, when that changed: "Ada sits out", "Ada and Ben sit out", "Nobody sits out". */
function sittingOutChange(before: readonly string[], after: readonly string[], nameOf: (id: string) => string): string | null {
  const had = new Set(before);
  if (had.size === after.length && after.every((id) => had.has(id))) return null;
  if (after.length === 0) return 'Nobody sits out';
  return `${listOf(after.map(nameOf))} ${after.length === 1 ? 'sits' : 'sit'} out`;
}

const levelText = (person: NightPerson): string => person.levelName ?? 'no level';

/**
 * What changed from one version of a night to the next, in short phrases: opened, closed or
 * reopened; people added or removed and levels of the night changed; courts, end time and round
 * length; rounds finished, removed or changed; the round timer started, paused, resumed or reset;
 * a new line-up, a hand swap or the courts cleared; who sits out. `before` null: the night was opened, and what it was opened with is said.
 */
export function changesBetween(before: Night | null, after: Night): string[] {
  if (before === null) {
    return [`${plural(after.courts, 'court')}, ${after.startTime}–${after.endTime}, rounds of ${duration(after.roundLengthSec)}`];
  }
  const changes: string[] = [];
  const names = new Map([...before.people, ...after.people].map((person) => [person.playerId, person.name]));
  const nameOf = (id: string): string => names.get(id) ?? 'someone who left';

  if (before.status !== after.status) changes.push(after.status === 'closed' ? 'Night closed' : 'Night reopened');

  const had = new Map(before.people.map((person) => [person.playerId, person]));
  const has = new Map(after.people.map((person) => [person.playerId, person]));
  const added = after.people.filter((person) => !had.has(person.playerId)).map((person) => person.name);
  const removed = before.people.filter((person) => !has.has(person.playerId)).map((person) => person.name);
  if (added.length > 0) changes.push(`Added ${listOf(added)}`);
  if (removed.length > 0) changes.push(`Removed ${listOf(removed)}`);
  for (const person of after.people) {
    const earlier = had.get(person.playerId);
    if (earlier && earlier.name !== person.name) changes.push(`${earlier.name} is ${person.name} now`);
    if (earlier && earlier.levelId !== person.levelId) {
      changes.push(`${person.name} ${person.levelName === null ? 'has no level' : `plays as ${person.levelName}`} (was ${levelText(earlier)})`);
    }
  }

  if (before.courts !== after.courts) changes.push(`${plural(after.courts, 'court')} (was ${before.courts})`);
  if (before.endTime !== after.endTime) changes.push(`Ends at ${after.endTime} (was ${before.endTime})`);
  if (before.roundLengthSec !== after.roundLengthSec) changes.push(`Rounds last ${duration(after.roundLengthSec)} (was ${duration(before.roundLengthSec)})`);

  const filedBefore = new Map(before.rounds.map((round) => [round.number, round]));
  const filedAfter = new Map(after.rounds.map((round) => [round.number, round]));
  let roundFiled = false;
  for (const round of [...after.rounds].sort((a, b) => a.number - b.number)) {
    const earlier = filedBefore.get(round.number);
    if (!earlier) {
      roundFiled = true;
      changes.push(`Round ${round.number} finished`);
    } else if (earlier.startedAt !== round.startedAt || earlier.endedAt !== round.endedAt || !sameLineUp(earlier.lineUp, round.lineUp)) {
      changes.push(`Round ${round.number} changed`);
    }
  }
  const gone = before.rounds.filter((round) => !filedAfter.has(round.number)).map((round) => round.number);
  if (gone.length > 0) changes.push(`${gone.length === 1 ? 'Round' : 'Rounds'} ${listOf(gone.sort((a, b) => a - b).map(String))} taken off the finished rounds`);

  const timer = timerChange(before.timer, after.timer);
  if (timer !== null) changes.push(timer);
  const lineUp = lineUpChange(before.lineUp, after.lineUp, nameOf, roundFiled);
  if (lineUp !== null) changes.push(lineUp);
  const sittingOut = sittingOutChange(before.sittingOut, after.sittingOut, nameOf);
  if (sittingOut !== null) changes.push(sittingOut);

  if (changes.length === 0) changes.push(...quietChanges(before, after));
  // only a save from before saves that change nothing made no version (they are in the log for good)
  return changes.length === 0 ? ['No change'] : changes;
}
