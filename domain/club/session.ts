// One club night. The client owns the open night and saves it whole; the stream's version is the
// save counter, so "is this phone's copy the latest?" is an expected-revision question.
import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, DomainError, type DomainEvent } from '../shared/events.ts';
import { clientIdSchema, playerNameSchema } from './player.ts';
import { type Level, roundLengthSecSchema, timeSchema, type Venue } from './settings.ts';
import type { LineUp } from './shuffle.ts';
import type { Timer } from './timer.ts';
import type { FinishedRound } from './rounds.ts';
import { dateSchema, instantSchema, weekdayOf } from '../shared/calendar.ts';
import { idTextSchema } from '../shared/text.ts';

export const SESSION_STREAM_PREFIX = 'club.session-';
export const sessionStream = (id: string): string => `${SESSION_STREAM_PREFIX}${id}`;

export const MAX_COURTS = 20;
const MAX_ROUND_NUMBER = 10_000;
/** a phone's count of its changes to one night: far above what a night of taps reaches, and an int4 */
export const MAX_SNAPSHOT_SEQ = 2_147_483_647;

export { dateSchema, weekdayOf };
/** an instant as a phone wrote it (ISO 8601), stored as given; a saved one always parses again */
const recordedInstant = z.iso.datetime({ offset: true });
const playerIdSchema = clientIdSchema;
export const courtsSchema = z.number().int().min(1).max(MAX_COURTS);

const courtEntrySchema = z.object({
  court: z.number().int().min(1).max(MAX_COURTS),
  teamA: z.tuple([playerIdSchema, playerIdSchema]),
  teamB: z.tuple([playerIdSchema, playerIdSchema]),
});
const lineUpSchema = z.array(courtEntrySchema).max(MAX_COURTS);
const timerSchema = z.object({
  roundNumber: z.number().int().min(1).max(MAX_ROUND_NUMBER),
  durationSec: z.number().int().min(1).max(36_000),
  startedAt: instantSchema.nullable(),
  // rule 5: a phone on an older build does not send it
  roundStartedAt: instantSchema.nullable().default(null),
  pausedRemainingSec: z.number().min(0).max(36_000).nullable(),
});
const roundSchema = z.object({
  number: z.number().int().min(1).max(MAX_ROUND_NUMBER),
  startedAt: instantSchema,
  endedAt: instantSchema,
  lineUp: lineUpSchema,
  // like roundStartedAt, optional: a snapshot queued by an older build still saves (spec 002, Versioning)
  names: z
    .record(playerIdSchema, playerNameSchema)
    .optional()
    .describe("each player's name as the phone had it when the round was filed, by player id: only people on that round's courts or sitting it out"),
  // beyond the spec, and optional like names: a round filed by an older build sat nobody out
  sittingOut: z
    .array(playerIdSchema)
    .max(200)
    .optional()
    .describe('who was here and not on its courts when it was filed (sitting out, or come during it); absent: nobody'),
});
const snapshotPersonSchema = z.object({
  id: playerIdSchema,
  /** used only to create a person the server has not seen; an existing person is never renamed */
  name: playerNameSchema,
  levelId: idTextSchema.nullable(),
  guest: z.boolean().default(false),
});

/** The body of PUT /api/sessions/:id: the whole night as the phone holds it, and the version it started from. */
export const snapshotSchema = z.object({
  version: z.number().int().min(1),
  venueId: idTextSchema,
  date: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  courts: courtsSchema,
  roundLengthSec: roundLengthSecSchema,
  people: z.array(snapshotPersonSchema).max(200),
  lineUp: lineUpSchema,
  timer: timerSchema.nullable(),
  rounds: z.array(roundSchema).max(1000),
  // beyond the spec, optional like roundStartedAt: a snapshot from an older build sits nobody out
  sittingOut: z
    .array(playerIdSchema)
    .max(200)
    .optional()
    .describe('people of the night sitting out the round in play (never on its courts); the shuffle draws from the others. Absent: nobody'),
  /**
   * made by the phone for the change it makes on top of `version`, and kept for every send from that
   * version: after a save whose answer was lost, the phone's next send (the same snapshot or a newer
   * one) carries the same id, so the server can tell its own earlier save from another phone's
   */
  snapshotId: clientIdSchema
    .optional()
    .describe('a cuid the phone makes for its change on top of `version`, sent with every save from that version: a save after one whose answer was lost is not a conflict'),
  /**
   * the order of this phone's sends under one snapshot id: a copy the phone gave up on can reach the
   * server after a newer one, and must not replace it. Optional, as `roundStartedAt`: an older build
   * does not send it (spec 002, Versioning)
   */
  snapshotSeq: z
    .number()
    .int()
    .min(0)
    .max(MAX_SNAPSHOT_SEQ)
    .optional()
    .describe('rises with each change the phone makes under one snapshotId: a save whose snapshotSeq is not above the last accepted one of that id is a late or repeated copy: answered 200 with the current version when it holds the saved night, else 409 with the current night'),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
export type SnapshotPerson = z.infer<typeof snapshotPersonSchema>;

/** Who came, with the level they had that night: copied, so a later level change rewrites no history. */
export type NightPerson = {
  readonly playerId: string;
  readonly name: string;
  readonly levelId: string | null;
  readonly levelName: string | null;
  readonly levelRank: number | null;
};

export type SessionStatus = 'open' | 'closed';

export type Night = {
  readonly venueId: string;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly courts: number;
  readonly roundLengthSec: number;
  readonly status: SessionStatus;
  readonly version: number;
  readonly people: readonly NightPerson[];
  readonly lineUp: LineUp;
  readonly timer: Timer | null;
  readonly rounds: readonly FinishedRound[];
  /** who sits out the round in play; empty for a night saved by an older build */
  readonly sittingOut: readonly string[];
  readonly openedAt: string;
  readonly updatedAt: string;
  /** the venue, date and start it was opened for: the key it holds; a save cannot move it */
  readonly openedAs: { readonly venueId: string; readonly date: string; readonly startTime: string };
  /** the most courts the night has had: a round filed before the count went down keeps its court */
  readonly mostCourts: number;
  /**
   * the phone's id of the last accepted save, the version it made and the version the phone's change
   * started from (earlier than the one before when it followed a save of its own whose answer was lost)
   */
  readonly lastSave: { readonly snapshotId: string; readonly version: number; readonly basedOn: number; readonly seq: number | null } | null;
};

/** null: never opened, or deleted */
export type SessionState = Night | null;

const nightPersonSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  levelId: z.string().nullable(),
  levelName: z.string().nullable(),
  levelRank: z.number().int().nullable(),
});
const storedTimerSchema = timerSchema.extend({ startedAt: recordedInstant.nullable(), roundStartedAt: recordedInstant.nullable() });
const storedRoundSchema = roundSchema.extend({
  startedAt: recordedInstant,
  endedAt: recordedInstant,
  names: z.record(z.string(), z.string()).optional(),
  sittingOut: z.array(z.string()).optional(),
});
const sessionOpened = z.object({
  venueId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  courts: z.number().int(),
  roundLengthSec: z.number().int(),
  openedAt: z.string(),
});
const snapshotSaved = z.object({
  version: z.number().int(),
  venueId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  courts: z.number().int(),
  roundLengthSec: z.number().int(),
  people: z.array(nightPersonSchema),
  lineUp: lineUpSchema,
  timer: storedTimerSchema.nullable(),
  rounds: z.array(storedRoundSchema),
  /** absent in saves before sitting out existed, and when nobody sits out */
  sittingOut: z.array(z.string()).optional(),
  savedAt: z.string(),
  snapshotId: z.string().optional(),
  snapshotSeq: z.number().int().optional(),
  /** a restore: the older version whose night this save puts back (absent in every other save) */
  restoredFrom: z.number().int().min(1).optional(),
});
const statusChanged = z.object({ version: z.number().int(), at: z.string() });
const sessionDeleted = z.object({ at: z.string() });

export type SessionEvent =
  | DomainEvent<'session-opened', z.infer<typeof sessionOpened>>
  | DomainEvent<'snapshot-saved', z.infer<typeof snapshotSaved>>
  | DomainEvent<'session-closed', z.infer<typeof statusChanged>>
  | DomainEvent<'session-reopened', z.infer<typeof statusChanged>>
  | DomainEvent<'session-deleted', z.infer<typeof sessionDeleted>>;

/** The first version a night has; every save, close and reopen adds one. */
export const FIRST_VERSION = 1;

function evolve(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'session-opened': {
      const { openedAt, ...night } = event.data;
      const openedAs = { venueId: night.venueId, date: night.date, startTime: night.startTime };
      return {
        ...night,
        status: 'open',
        version: FIRST_VERSION,
        people: [],
        lineUp: [],
        timer: null,
        rounds: [],
        sittingOut: [],
        openedAt,
        updatedAt: openedAt,
        openedAs,
        mostCourts: night.courts,
        lastSave: null,
      };
    }
    case 'snapshot-saved': {
      if (state === null) return state;
      const { savedAt, snapshotId, snapshotSeq, restoredFrom: _restoredFrom, sittingOut, ...night } = event.data;
      const previous = state.lastSave;
      const basedOn = previous !== null && previous.snapshotId === snapshotId ? previous.basedOn : state.version;
      const lastSave = snapshotId === undefined ? null : { snapshotId, version: night.version, basedOn, seq: snapshotSeq ?? null };
      return { ...state, ...night, sittingOut: sittingOut ?? [], updatedAt: savedAt, mostCourts: Math.max(state.mostCourts, night.courts), lastSave };
    }
    case 'session-closed':
      return state === null ? state : { ...state, status: 'closed', version: event.data.version, updatedAt: event.data.at };
    case 'session-reopened':
      return state === null ? state : { ...state, status: 'open', version: event.data.version, updatedAt: event.data.at };
    case 'session-deleted':
      return null;
    default:
      return assertNever(event);
  }
}

export function parseSessionEvent(type: string, data: unknown, schemaVersion: number): SessionEvent {
  if (schemaVersion !== 1) throw new Error(`unknown session event ${type} v${schemaVersion}`);
  switch (type) {
    case 'session-opened':
      return { type, data: sessionOpened.parse(data) };
    case 'snapshot-saved':
      return { type, data: snapshotSaved.parse(data) };
    case 'session-closed':
      return { type, data: statusChanged.parse(data) };
    case 'session-reopened':
      return { type, data: statusChanged.parse(data) };
    case 'session-deleted':
      return { type, data: sessionDeleted.parse(data) };
    default:
      throw new Error(`unknown session event ${type} v${schemaVersion}`);
  }
}

export const sessionAggregate: Aggregate<SessionState, SessionEvent> = {
  initialState: null,
  evolve,
  parse: parseSessionEvent,
  schemaVersion: 1,
};

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

export type NightDetails = {
  readonly venueId: string;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly courts: number;
  readonly roundLengthSec: number;
};

export type SessionCommand =
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

/** VERSION_CONFLICT and SESSION_CLOSED answer 409 with the server's copy. */
export const SESSION_ERROR_STATUS: Readonly<Record<string, number>> = {
  SESSION_NOT_FOUND: 404,
  SESSION_ID_TAKEN: 409,
  VERSION_CONFLICT: 409,
  SESSION_CLOSED: 409,
  SESSION_HAS_ROUNDS: 409,
  INVALID_SNAPSHOT: 400,
  NOT_AN_OLDER_VERSION: 400,
};

const existing = (state: SessionState): Night => {
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

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
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
        throw new DomainError('VERSION_CONFLICT', `version ${snapshot.version} is not the latest (${night.version}): a later copy of this change was saved first`);
      }
      // rule 1 again, under the version: the handler checked a copy read a moment earlier
      checkSnapshot(snapshot, command.club, night);
      // after a save of its own whose answer was lost, the phone still starts from the version before
      // it: the current version is its own, so its copy is the latest
      const ownLast = followsOwnLastSave(snapshot, night);
      // rule 2: the phone's copy must be the latest
      if (snapshot.version !== night.version && !ownLast) {
        throw new DomainError('VERSION_CONFLICT', `version ${snapshot.version} is not the latest (${night.version}): the night was changed on another phone`);
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
      if (night.status === 'closed') throw new DomainError('SESSION_CLOSED', 'the night is closed; reopen it to change it');
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
        throw new DomainError('VERSION_CONFLICT', `version ${expectedVersion} is not the latest (${night.version}): the night was changed on another phone`);
      }
      if (from >= night.version) throw new DomainError('NOT_AN_OLDER_VERSION', `params.version: ${from} is not older than the night's newest version (${night.version})`);
      if (night.status === 'closed') throw new DomainError('SESSION_CLOSED', 'the night is closed; reopen it to change it');
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

// ---- one night per venue, date and start time ----

export const NIGHT_KEY_STREAM_PREFIX = 'club.night-';
/** Two phones opening the same slot's night land on one session: the key names a stream. */
export const nightKeyStream = (venueId: string, date: string, startTime: string): string =>
  `${NIGHT_KEY_STREAM_PREFIX}${venueId}.${date}.${startTime}`;

const nightClaimed = z.object({ sessionId: z.string() });

export type NightKeyEvent = DomainEvent<'night-claimed', z.infer<typeof nightClaimed>> | DomainEvent<'night-released', z.infer<typeof nightClaimed>>;
/** the session holding the key, or null */
export type NightKeyState = string | null;

export const nightKeyAggregate: Aggregate<NightKeyState, NightKeyEvent> = {
  initialState: null,
  evolve: (state, event) => (event.type === 'night-claimed' ? event.data.sessionId : state === event.data.sessionId ? null : state),
  parse(type, data, schemaVersion) {
    if (schemaVersion !== 1 || (type !== 'night-claimed' && type !== 'night-released')) throw new Error(`unknown night key event ${type} v${schemaVersion}`);
    return { type, data: nightClaimed.parse(data) };
  },
  schemaVersion: 1,
};

/** Claims the key for `sessionId` unless a night holds it already; the holder is the answer either way. */
export function claimNight(state: NightKeyState, sessionId: string): NightKeyEvent[] {
  return state === null ? [{ type: 'night-claimed', data: { sessionId } }] : [];
}

export function releaseNight(state: NightKeyState, sessionId: string): NightKeyEvent[] {
  return state === sessionId ? [{ type: 'night-released', data: { sessionId } }] : [];
}
