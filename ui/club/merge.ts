// Two phones on one night (issue 32): when this phone's save is refused because another phone saved
// first, the three copies are merged rather than one thrown away. Pure: no browser, no time.
//
// base   the night as it was at the version this phone's unsent change started from
// theirs the server's copy (`current` of the 409)
// mine   this phone's copy
import type { FinishedRound } from '../../domain/club/rounds.ts';
import type { LineUp } from '../../domain/club/shuffle.ts';
import { type Night, type NightPerson, sittingOutOf } from './night.ts';

export type NightMerge = {
  /** on top of theirs.version: what this phone saves next */
  readonly night: Night;
  /** sentences: what of the other phone's changes is now in this phone's copy */
  readonly merged: readonly string[];
  /** sentences: what of this phone's changes was not kept, and why */
  readonly notApplied: readonly string[];
};

/** JSON with every object's keys in order, so two copies compare by content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

const onCourt = (lineUp: LineUp, id: string): boolean => lineUp.some((entry) => entry.teamA.includes(id) || entry.teamB.includes(id));
const sameLevel = (a: NightPerson, b: NightPerson): boolean => a.levelId === b.levelId;
/** a round's identity: everything but its number, which the merge may change */
const roundKey = (round: FinishedRound): string => canonical({ ...round, number: 0 });
const byStart = (a: FinishedRound, b: FinishedRound): number =>
  a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.endedAt < b.endedAt ? -1 : a.endedAt > b.endedAt ? 1 : a.number - b.number;

/**
 * Someone the other side put on court or in a newly filed round since base: removing them on this
 * side alone would leave that side's sheet or round naming nobody, so they stay.
 */
function playedSince(side: Night, base: Night, id: string): boolean {
  const filedInBase = new Set(base.rounds.map(roundKey));
  return (onCourt(side.lineUp, id) && !onCourt(base.lineUp, id)) || side.rounds.some((round) => !filedInBase.has(roundKey(round)) && onCourt(round.lineUp, id));
}

function mergePeople(base: Night, theirs: Night, mine: Night, merged: string[], notApplied: string[]): NightPerson[] {
  const inBase = new Map(base.people.map((person) => [person.id, person]));
  const inTheirs = new Map(theirs.people.map((person) => [person.id, person]));
  const inMine = new Map(mine.people.map((person) => [person.id, person]));
  const people: NightPerson[] = [];
  for (const their of theirs.people) {
    const before = inBase.get(their.id);
    const own = inMine.get(their.id);
    if (before && !own) {
      // removed on this phone only
      if (playedSince(theirs, base, their.id)) {
        notApplied.push(`${their.name} was not taken off: the other phone put them on court since.`);
        people.push(their);
      } else {
        merged.push(`${their.name} left (taken off on this phone).`);
      }
      continue;
    }
    if (!before) {
      if (!own) merged.push(`${their.name} was added on the other phone.`);
    }
    if (!own) {
      people.push(their);
      continue;
    }
    const theirsChanged = before ? !sameLevel(their, before) : false;
    const mineChanged = before ? !sameLevel(own, before) : !sameLevel(own, their);
    if (mineChanged && !theirsChanged) {
      people.push({ ...their, levelId: own.levelId, levelName: own.levelName, levelRank: own.levelRank });
    } else {
      if (mineChanged && theirsChanged && !sameLevel(own, their)) {
        notApplied.push(`${their.name}’s level ${own.levelName ?? 'none'} was not applied: the other phone set ${their.levelName ?? 'no level'}.`);
      } else if (theirsChanged && !sameLevel(own, their)) {
        merged.push(`${their.name}’s level is ${their.levelName ?? 'none'} now (set on the other phone).`);
      }
      people.push(their);
    }
  }
  for (const own of mine.people) {
    if (inTheirs.has(own.id)) continue;
    if (!inBase.has(own.id)) {
      people.push(own);
      continue;
    }
    // in base and here, gone from theirs: removed on the other phone only
    if (playedSince(mine, base, own.id)) {
      merged.push(`${own.name} stays: the other phone took them off, but this phone put them on court since.`);
      people.push(own);
    } else {
      merged.push(`${own.name} left (taken off on the other phone).`);
    }
  }
  // the order people came in: the other phone's, this phone's newcomers after; when only this
  // phone changed who is here, its own order (someone who left and came back is at the end)
  const order = (night: Night) => night.people.map((present) => present.id).join('\n');
  if (order(theirs) !== order(base)) return people;
  const position = new Map(mine.people.map((present, index) => [present.id, index]));
  return people.sort((a, b) => (position.get(a.id) ?? -1) - (position.get(b.id) ?? -1));
}

/** Both sides' filed rounds, in order of start; numbers rise with the start, so none is used twice. */
function mergeRounds(base: Night, theirs: Night, mine: Night, merged: string[]): FinishedRound[] {
  const filedBefore = new Set(base.rounds.map(roundKey));
  const theirKeys = new Set(theirs.rounds.map(roundKey));
  const mineAdded = mine.rounds.filter((round) => !filedBefore.has(roundKey(round)) && !theirKeys.has(roundKey(round)));
  const mineKeys = new Set(mine.rounds.map(roundKey));
  for (const round of theirs.rounds) {
    if (!filedBefore.has(roundKey(round)) && !mineKeys.has(roundKey(round))) merged.push(`Round ${round.number} was filed on the other phone.`);
  }
  const fromMine = new Set(mineAdded.map(roundKey));
  const all = [...theirs.rounds, ...mineAdded].sort(byStart);
  let last = 0;
  return all.map((round) => {
    const number = round.number > last ? round.number : last + 1;
    last = number;
    if (number === round.number) return round;
    merged.push(`Round ${round.number} ${fromMine.has(roundKey(round)) ? 'filed on this phone' : 'from the other phone'} is round ${number} now: both phones filed a round ${round.number}.`);
    return { ...round, number };
  });
}

/** A field each side replaces whole: the side that changed it, and the server's when both did. */
function pick<T>(base: T, theirs: T, mine: T, whenBoth: string, notApplied: string[]): { readonly value: T; readonly mine: boolean } {
  const mineChanged = !same(mine, base);
  const theirsChanged = !same(theirs, base);
  if (mineChanged && !theirsChanged) return { value: mine, mine: true };
  if (mineChanged && theirsChanged && !same(mine, theirs)) notApplied.push(whenBoth);
  return { value: theirs, mine: false };
}

/** A line-up the server takes: courts within the night, everyone present, nobody twice. */
function fits(lineUp: LineUp, courts: number, people: readonly NightPerson[]): boolean {
  const present = new Set(people.map((person) => person.id));
  const seen = new Set<string>();
  const courtsSeen = new Set<number>();
  return lineUp.every((entry) => {
    if (entry.court > courts || courtsSeen.has(entry.court)) return false;
    courtsSeen.add(entry.court);
    return [...entry.teamA, ...entry.teamB].every((id) => {
      if (!present.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  });
}

export function mergeNights(base: Night, theirs: Night, mine: Night): NightMerge {
  const merged: string[] = [];
  const notApplied: string[] = [];
  const people = mergePeople(base, theirs, mine, merged, notApplied);
  const rounds = mergeRounds(base, theirs, mine, merged);
  const courts = pick(base.courts, theirs.courts, mine.courts, `Courts ${mine.courts} was not applied: the other phone set ${theirs.courts}.`, notApplied);
  const endTime = pick(base.endTime, theirs.endTime, mine.endTime, `The end time ${mine.endTime} was not applied: the other phone set ${theirs.endTime}.`, notApplied);
  const roundLengthSec = pick(base.roundLengthSec, theirs.roundLengthSec, mine.roundLengthSec, 'The round length from this phone was not applied: the other phone changed it too.', notApplied);
  let lineUp = pick(base.lineUp, theirs.lineUp, mine.lineUp, 'The line-up from this phone was not applied: the other phone changed the courts too.', notApplied);
  if (!fits(lineUp.value, courts.value, people)) {
    // only this phone's line-up can fail here (theirs was saved with theirs' people), when the
    // other phone took someone off or a court away meanwhile
    notApplied.push('The line-up from this phone was not applied: it names people or courts the other phone took away.');
    lineUp = { value: fits(theirs.lineUp, courts.value, people) ? theirs.lineUp : [], mine: false };
  } else if (!lineUp.mine && !same(theirs.lineUp, mine.lineUp) && !same(theirs.lineUp, base.lineUp)) {
    merged.push('The line-up is the other phone’s.');
  }
  const timerPick = pick(base.timer, theirs.timer, mine.timer, 'The round timer from this phone was not applied: the other phone changed it too.', notApplied);
  if (!timerPick.mine && !same(theirs.timer, mine.timer) && !same(theirs.timer, base.timer)) merged.push('The round timer is the other phone’s.');
  let timer = timerPick.value;
  // the round in play must not carry a number already filed
  const highest = rounds.reduce((max, round) => Math.max(max, round.number), 0);
  if (timer !== null && timer.roundNumber <= highest) timer = { ...timer, roundNumber: highest + 1 };
  // who sits out goes whole, like the line-up; never someone gone, nor someone on the merged courts
  const sitting = pick(sittingOutOf(base), sittingOutOf(theirs), sittingOutOf(mine), 'Who sits out from this phone was not applied: the other phone changed it too.', notApplied);
  const present = new Set(people.map((person) => person.id));
  const sittingOut = sitting.value.filter((id) => present.has(id) && !onCourt(lineUp.value, id));
  const night: Night = {
    ...theirs,
    courts: courts.value,
    endTime: endTime.value,
    roundLengthSec: roundLengthSec.value,
    people,
    lineUp: lineUp.value,
    timer,
    rounds,
    sittingOut,
  };
  return { night, merged, notApplied };
}

/**
 * A stand-in for base when this phone kept no copy of it (a copy kept by an older build): what both
 * hold is taken as shared, so people and rounds of either side stay, and the server's line-up and
 * timer win unless this phone's are the same.
 */
export function assumedBase(theirs: Night, mine: Night): Night {
  const mineIds = new Set(mine.people.map((person) => person.id));
  const mineRounds = new Set(mine.rounds.map(roundKey));
  return {
    ...theirs,
    people: theirs.people.filter((person) => mineIds.has(person.id)),
    rounds: theirs.rounds.filter((round) => mineRounds.has(roundKey(round))),
    lineUp: mine.lineUp,
    timer: mine.timer,
    sittingOut: sittingOutOf(mine),
  };
}

/** Whether two copies hold the same night (what a save sends), whatever their versions. */
export function sameNightContent(a: Night, b: Night): boolean {
  return (['courts', 'endTime', 'roundLengthSec', 'people', 'lineUp', 'timer', 'rounds'] as const).every((key) => same(a[key], b[key])) && same(sittingOutOf(a), sittingOutOf(b));
}
