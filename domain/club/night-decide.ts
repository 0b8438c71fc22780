import { assertNever, DomainError } from '../shared/events.ts';
import type { Night, NightDetails, NightEvent, NightPerson, NightState, Snapshot, SnapshotPerson } from './night.ts';
import type { Level, Venue } from './settings.ts';
import type { LineUp } from './shuffle.ts';

// ---- rule 1: what is refused before the version is claimed ----

const invalid = (field: string, reason: string): DomainError => new DomainError('INVALID_SNAPSHOT', `body.${field}: ${reason}`);

export type ClubLists = { readonly venues: readonly Venue[]; readonly levels: readonly Level[] };

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Refuses a snapshot that does not fit the club, the night or itself, naming the first offending
 * field and, in words a person at the night can act on, whom or what it is about: an unknown venue
 * or level, a venue, date or start other than the night's (its slot key names them), a court the
 * night does not have, a round number twice, a person twice on the sheet or on court without having
 * come, someone both on court and sitting out, a round's name for someone it did not have. A person
 * keeps the level copied for them that night even when the club has since removed it; a filed round
 * may use any court the night has had that evening.
 */
export function checkSnapshot(snapshot: Snapshot, club: ClubLists, night: Night): void {
  if (!club.venues.some((venue) => venue.id === snapshot.venueId)) throw invalid('venueId', "this night's venue no longer exists");
  for (const field of ['venueId', 'date', 'startTime'] as const) {
    if (snapshot[field] !== night.openedAs[field]) throw invalid(field, `the night was opened with ${night.openedAs[field]}; a save cannot move it`);
  }
  if (snapshot.startTime >= snapshot.endTime) throw invalid('endTime', `the night must end after it starts (${snapshot.startTime})`);
  const levelIds = new Set(club.levels.map((level) => level.id));
  const copied = new Map(night.people.map((person) => [person.playerId, person.levelId]));
  const names = new Map<string, string>();
  snapshot.people.forEach((person, index) => {
    if (names.has(person.id)) throw invalid(`people[${index}].id`, `${person.name} is listed twice among tonight's people`);
    names.set(person.id, person.name);
    if (person.levelId !== null && !levelIds.has(person.levelId) && copied.get(person.id) !== person.levelId) {
      throw invalid(`people[${index}].levelId`, `${person.name}'s level no longer exists; pick another`);
    }
  });
  const nameOf = (id: string, filed?: Readonly<Record<string, string>>): string => filed?.[id] ?? names.get(id) ?? 'someone who left';
  const courtsSeen = new Set<number>();
  const onCourt = new Set<string>();
  snapshot.lineUp.forEach((entry, index) => {
    if (entry.court > snapshot.courts) throw invalid(`lineUp[${index}].court`, `court ${entry.court} is on the sheet, but the night has ${plural(snapshot.courts, 'court')}`);
    if (courtsSeen.has(entry.court)) throw invalid(`lineUp[${index}].court`, `court ${entry.court} is on the sheet twice`);
    courtsSeen.add(entry.court);
    for (const id of [...entry.teamA, ...entry.teamB]) {
      if (!names.has(id)) throw invalid(`lineUp[${index}]`, `someone on court ${entry.court} is not among tonight's people`);
      if (onCourt.has(id)) throw invalid(`lineUp[${index}]`, `${nameOf(id)} is on court twice`);
      onCourt.add(id);
    }
  });
  const sittingOut = new Set<string>();
  (snapshot.sittingOut ?? []).forEach((id, index) => {
    if (!names.has(id)) throw invalid(`sittingOut[${index}]`, "someone sitting out is not among tonight's people");
    if (sittingOut.has(id)) throw invalid(`sittingOut[${index}]`, `${nameOf(id)} is listed twice as sitting out`);
    if (onCourt.has(id)) throw invalid(`sittingOut[${index}]`, `${nameOf(id)} is on court and sitting out at once`);
    sittingOut.add(id);
  });
  const mostCourts = Math.max(night.mostCourts, snapshot.courts);
  const numbers = new Set<number>();
  snapshot.rounds.forEach((round, index) => {
    if (numbers.has(round.number)) throw invalid(`rounds[${index}].number`, `round ${round.number} is filed twice`);
    numbers.add(round.number);
    const roundCourts = new Set<number>();
    round.lineUp.forEach((entry, courtIndex) => {
      if (entry.court > mostCourts) {
        throw invalid(`rounds[${index}].lineUp[${courtIndex}].court`, `round ${round.number} is on court ${entry.court}, but the night has had at most ${plural(mostCourts, 'court')}`);
      }
      if (roundCourts.has(entry.court)) throw invalid(`rounds[${index}].lineUp[${courtIndex}].court`, `round ${round.number} has court ${entry.court} twice`);
      roundCourts.add(entry.court);
    });
    const played = new Set(round.lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]));
    const satOut = new Set<string>();
    (round.sittingOut ?? []).forEach((id, place) => {
      if (played.has(id)) throw invalid(`rounds[${index}].sittingOut[${place}]`, `${nameOf(id, round.names)} both played and sat out round ${round.number}`);
      if (satOut.has(id)) throw invalid(`rounds[${index}].sittingOut[${place}]`, `${nameOf(id, round.names)} is listed twice as sitting out round ${round.number}`);
      satOut.add(id);
    });
    // a name for someone the round does not have would be kept for nobody: a phone's mistake, refused
    for (const id of Object.keys(round.names ?? {})) {
      if (!played.has(id) && !satOut.has(id)) throw invalid(`rounds[${index}].names.${id}`, `round ${round.number} names ${nameOf(id, round.names)}, who neither played it nor sat it out`);
    }
  });
  if (snapshot.timer !== null && numbers.has(snapshot.timer.roundNumber)) {
    throw invalid('timer.roundNumber', `round ${snapshot.timer.roundNumber} is already filed; the timer must be on a later round`);
  }
}

/**
 * Each person with their level of that night. Someone already in the night with the same level keeps
 * the copy made then (name and rank included), so renaming or removing a level rewrites no history;
 * a newcomer, or a level changed on the phone, takes the level as the club has it now.
 */
export function copyLevels(people: readonly SnapshotPerson[], levels: readonly Level[], night: readonly NightPerson[] = []): NightPerson[] {
  return people.map((person) => {
    const copy = night.find((candidate) => candidate.playerId === person.id && candidate.levelId === person.levelId);
    if (copy) return { playerId: person.id, name: person.name, levelId: copy.levelId, levelName: copy.levelName, levelRank: copy.levelRank };
    const level = person.levelId === null ? undefined : levels.find((candidate) => candidate.id === person.levelId);
    return {
      playerId: person.id,
      name: person.name,
      levelId: level?.id ?? null,
      levelName: level?.name ?? null,
      levelRank: level?.rank ?? null,
    };
  });
}

// ---- decisions ----

export type NightCommand =
  | ({ readonly type: 'open-session'; readonly at: string } & NightDetails)
  | { readonly type: 'save-snapshot'; readonly snapshot: Snapshot; readonly club: ClubLists; readonly at: string }
  | {
      readonly type: 'restore-version';
      /** the night as it stood right after version `from` (nightVersions folds it from the stream) */
      readonly restored: Night;
      readonly from: number;
      /** the version the phone holds: the newest it knows; another is a conflict, as for a save */
      readonly expectedVersion: number;
      /** the phone's id for its change on top of `expectedVersion`, as a save's: a restore sent again after its answer was lost is its own */
      readonly snapshotId?: string | undefined;
      readonly at: string;
    }
  | { readonly type: 'close-session'; readonly at: string }
  | { readonly type: 'reopen-session'; readonly at: string }
  | { readonly type: 'delete-session'; readonly at: string };

/**
 * The phone's copy cannot be taken as it is: it was not made on the latest version
 * (VERSION_CONFLICT), or the night is closed (SESSION_CLOSED). The phone is answered with the
 * server's copy, so it can show it (spec 002 "Snapshot save").
 */
export class StaleCopy extends DomainError {}

const existing = (state: NightState): Night => {
  if (state === null) throw new DomainError('SESSION_NOT_FOUND', 'no such night');
  return state;
};

const sameNight = (night: Night, details: NightDetails): boolean =>
  night.openedAs.venueId === details.venueId && night.openedAs.date === details.date && night.openedAs.startTime === details.startTime;

/**
 * The same phone's change as the save that made the night's current version (same id, same starting
 * version), sent again because that save's answer was lost: nothing else moved the version since.
 */
export function followsOwnLastSave(snapshot: Snapshot, night: Night): boolean {
  const last = night.lastSave;
  return snapshot.snapshotId !== undefined && last !== null && last.snapshotId === snapshot.snapshotId && last.version === night.version && last.basedOn === snapshot.version;
}

/**
 * A copy of the save that made the current version, or of an earlier send of that change, arriving
 * late or again (the phone gave up on it, or sent it once more): its order is not above the saved one.
 * The same content is answered with the version it made; other content is refused as a conflict
 * with the server's copy, so that a phone whose count went back (its last IndexedDB write lost) merges
 * onto the newer night instead of taking its older copy for saved.
 */
/**
 * Rule 4: the people a save adds to the club whether or not its copy wins, given what the save came
 * to (`refusal`, or null): those the club does not know, unless the save is a late copy of one
 * already taken or is refused before its version is looked at (a night that is not there, rule 1).
 */
export function peopleAddedBy(snapshot: Snapshot, night: NightState, refusal: unknown, known: ReadonlySet<string>): readonly SnapshotPerson[] {
  if (night === null || isOlderCopy(snapshot, night)) return [];
  if (refusal !== null && !(refusal instanceof StaleCopy)) return [];
  return snapshot.people.filter((person) => !known.has(person.id));
}

export function isOlderCopy(snapshot: Snapshot, night: Night): boolean {
  const seq = night.lastSave?.seq ?? null;
  return followsOwnLastSave(snapshot, night) && snapshot.snapshotSeq !== undefined && seq !== null && snapshot.snapshotSeq <= seq;
}

const NIGHT_CONTENT = ['venueId', 'date', 'startTime', 'endTime', 'courts', 'roundLengthSec', 'people', 'lineUp', 'timer', 'rounds', 'sittingOut'] as const;
/** a save's event leaves out an empty sittingOut, as older builds' saves do: both are nobody */
type NightContent = Omit<Pick<Night, (typeof NIGHT_CONTENT)[number]>, 'sittingOut'> & { readonly sittingOut?: readonly string[] | undefined };
/** JSON with every object's keys in order: two copies of a night compare as text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
const sameContent = (a: NightContent, b: NightContent): boolean =>
  NIGHT_CONTENT.every((key) => (key === 'sittingOut' ? canonical(a.sittingOut ?? []) === canonical(b.sittingOut ?? []) : canonical(a[key]) === canonical(b[key])));

/** A line-up as an event holds it (the folded night's is read-only). */
const lineUpCopy = (lineUp: LineUp) =>
  lineUp.map((entry) => ({ court: entry.court, teamA: [entry.teamA[0], entry.teamA[1]] as [string, string], teamB: [entry.teamB[0], entry.teamB[1]] as [string, string] }));

export function decideNight(command: NightCommand, state: NightState): NightEvent[] {
  switch (command.type) {
    case 'open-session': {
      const { type: _type, at, ...details } = command;
      if (state !== null) {
        if (sameNight(state, details)) return [];
        throw new DomainError('SESSION_ID_TAKEN', 'id: another night already has this id');
      }
      return [{ type: 'session-opened', data: { ...details, openedAt: at } }];
    }
    case 'save-snapshot': {
      const night = existing(state);
      const { snapshot } = command;
      if (isOlderCopy(snapshot, night)) {
        // a repeat of what was saved: the version it made is its answer, whatever the club changed since
        const repeated = { ...snapshot, people: copyLevels(snapshot.people, command.club.levels, night.people) };
        if (sameContent(repeated, night)) return [];
        // older content: the phone that sent it gave up on it, or lost count; either way it must not hear Saved
        throw new StaleCopy('VERSION_CONFLICT', `version ${snapshot.version} is not the latest (${night.version}): a later copy of this change was saved first`);
      }
      // rule 1 again, under the version: the handler checked a copy read a moment earlier
      checkSnapshot(snapshot, command.club, night);
      // after a save of its own whose answer was lost, the phone still starts from the version before
      // it: the current version is its own, so its copy is the latest
      const ownLast = followsOwnLastSave(snapshot, night);
      // rule 2: the phone's copy must be the latest
      if (snapshot.version !== night.version && !ownLast) {
        throw new StaleCopy('VERSION_CONFLICT', `version ${snapshot.version} is not the latest (${night.version}): the night was changed on another phone`);
      }
      const { version: _version, people: _people, snapshotSeq, sittingOut, ...rest } = snapshot;
      const people = copyLevels(snapshot.people, command.club.levels, night.people);
      const saved = {
        ...rest,
        ...(sittingOut === undefined || sittingOut.length === 0 ? {} : { sittingOut }),
        ...(snapshotSeq === undefined ? {} : { snapshotSeq }),
        version: night.version + 1,
        people,
        savedAt: command.at,
      };
      // the same snapshot again: the version it made is its answer
      if (ownLast && sameContent(saved, night)) return [];
      if (night.status === 'closed') throw new StaleCopy('SESSION_CLOSED', 'the night is closed; reopen it to change it');
      // a save that changes nothing makes no version: the history lists changes, and the phone's
      // copy is the latest as it is (a closed night still answers closed, above, so the phone learns it)
      if (sameContent(saved, night)) return [];
      return [{ type: 'snapshot-saved', data: saved }];
    }
    case 'restore-version': {
      const night = existing(state);
      const { restored, from, expectedVersion, snapshotId } = command;
      // sent again after its answer was lost: the version it made is the answer, as for a save
      if (snapshotId !== undefined && night.lastSave?.snapshotId === snapshotId && night.lastSave.version === night.version && night.lastSave.basedOn === expectedVersion) {
        return [];
      }
      // the same checks as a save: the phone's copy must be the latest, and the night open. A night
      // deleted and opened again under the same id since the versions were read is another night.
      if (expectedVersion !== night.version || restored.openedAt !== night.openedAt) {
        throw new StaleCopy('VERSION_CONFLICT', `version ${expectedVersion} is not the latest (${night.version}): the night was changed on another phone`);
      }
      if (from >= night.version) throw new DomainError('NOT_AN_OLDER_VERSION', `params.version: ${from} is not older than the night's newest version (${night.version})`);
      if (night.status === 'closed') throw new StaleCopy('SESSION_CLOSED', 'the night is closed; reopen it to change it');
      // the older night's content, copies of levels included, saved anew: nothing earlier is rewritten
      const { venueId, date, startTime } = night.openedAs;
      const { endTime, courts, roundLengthSec, people, lineUp, timer, rounds, sittingOut } = restored;
      return [
        {
          type: 'snapshot-saved',
          data: {
            version: night.version + 1,
            venueId,
            date,
            startTime,
            endTime,
            courts,
            roundLengthSec,
            people: [...people],
            lineUp: lineUpCopy(lineUp),
            timer,
            rounds: rounds.map(({ sittingOut: satOut, ...round }) => ({ ...round, lineUp: lineUpCopy(round.lineUp), ...(satOut === undefined ? {} : { sittingOut: [...satOut] }) })),
            ...(sittingOut.length === 0 ? {} : { sittingOut: [...sittingOut] }),
            savedAt: command.at,
            ...(snapshotId === undefined ? {} : { snapshotId }),
            restoredFrom: from,
          },
        },
      ];
    }
    case 'close-session': {
      const night = existing(state);
      if (night.status === 'closed') return [];
      return [{ type: 'session-closed', data: { version: night.version + 1, at: command.at } }];
    }
    case 'reopen-session': {
      const night = existing(state);
      if (night.status === 'open') return [];
      return [{ type: 'session-reopened', data: { version: night.version + 1, at: command.at } }];
    }
    case 'delete-session': {
      const night = existing(state);
      if (night.rounds.length > 0) {
        throw new DomainError('SESSION_HAS_ROUNDS', `the night has ${night.rounds.length} finished round${night.rounds.length === 1 ? '' : 's'}; close it instead`);
      }
      return [{ type: 'session-deleted', data: { at: command.at } }];
    }
    default:
      return assertNever(command);
  }
}
