// One club night. The client owns the open night and saves it whole; the stream's version is the
// save counter, so "is this phone's copy the latest?" is an expected-revision question.
import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';
import { clientIdSchema, playerNameSchema } from './player.ts';
import { roundLengthSecSchema, timeSchema } from './settings.ts';
import type { LineUp } from './shuffle.ts';
import type { Timer } from './timer.ts';
import type { FinishedRound } from './rounds.ts';
import { dateSchema, instantSchema } from '../shared/calendar.ts';
import { idTextSchema } from '../shared/text.ts';

// the streams were named when a night was called a session; the names already stored stay
export const NIGHT_STREAM_PREFIX = 'club.session-';
export const nightStream = (id: string): string => `${NIGHT_STREAM_PREFIX}${id}`;

export const MAX_COURTS = 20;
const MAX_ROUND_NUMBER = 10_000;
/** a phone's count of its changes to one night: far above what a night of taps reaches, and an int4 */
export const MAX_SNAPSHOT_SEQ = 2_147_483_647;

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

export type NightStatus = 'open' | 'closed';

/** What a night is opened with: where, when and how it is played. */
export type NightDetails = {
  readonly venueId: string;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly courts: number;
  readonly roundLengthSec: number;
};

export type Night = NightDetails & {
  readonly status: NightStatus;
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
export type NightState = Night | null;

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
/** a night's details as its opening and its saves store them */
const storedNightDetails = z.object({
  venueId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  courts: z.number().int(),
  roundLengthSec: z.number().int(),
});
const nightOpened = storedNightDetails.extend({ openedAt: z.string() });
const snapshotSaved = z.object({
  version: z.number().int(),
  ...storedNightDetails.shape,
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
const nightDeleted = z.object({ at: z.string() });

export type NightEvent =
  | DomainEvent<'session-opened', z.infer<typeof nightOpened>>
  | DomainEvent<'snapshot-saved', z.infer<typeof snapshotSaved>>
  | DomainEvent<'session-closed', z.infer<typeof statusChanged>>
  | DomainEvent<'session-reopened', z.infer<typeof statusChanged>>
  | DomainEvent<'session-deleted', z.infer<typeof nightDeleted>>;

/** The first version a night has; every save, close and reopen adds one. */
export const FIRST_VERSION = 1;

function evolve(state: NightState, event: NightEvent): NightState {
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

export function parseNightEvent(type: string, data: unknown, schemaVersion: number): NightEvent {
  if (schemaVersion !== 1) throw new Error(`unknown session event ${type} v${schemaVersion}`);
  switch (type) {
    case 'session-opened':
      return { type, data: nightOpened.parse(data) };
    case 'snapshot-saved':
      return { type, data: snapshotSaved.parse(data) };
    case 'session-closed':
      return { type, data: statusChanged.parse(data) };
    case 'session-reopened':
      return { type, data: statusChanged.parse(data) };
    case 'session-deleted':
      return { type, data: nightDeleted.parse(data) };
    default:
      throw new Error(`unknown session event ${type} v${schemaVersion}`);
  }
}

export const nightAggregate: Aggregate<NightState, NightEvent> = {
  initialState: null,
  evolve,
  parse: parseNightEvent,
  schemaVersion: 1,
};
