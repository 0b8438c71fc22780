import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, DomainError, type DomainEvent } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';

/** The whole club's configuration lives in one stream, so uniqueness rules are stream rules. */
export const CLUB_SETTINGS_STREAM = 'club.settings';

export const DEFAULT_COURTS = 3;
export const DEFAULT_ROUND_LENGTH_SEC = 720;

export const defaultCourtsSchema = z.number().int().min(1).max(20);
export const roundLengthSecSchema = z.number().int().min(60).max(3600);
export const levelNameSchema = textSchema.trim().min(1).max(100);
export const venueNameSchema = textSchema.trim().min(1).max(100);
export const weekdaySchema = z.number().int().min(0).max(6);
/** HH:mm, 00:00–23:59; club-local, never converted */
export const timeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:mm between 00:00 and 23:59');
export const sortOrderSchema = z.number().int().min(-1_000_000).max(1_000_000);

const clubSettingsChanged = z.object({ defaultCourts: z.number().int(), roundLengthSec: z.number().int() });
const levelAdded = z.object({ id: z.string(), name: z.string(), rank: z.number().int(), isCoach: z.boolean() });
const levelRenamed = z.object({ id: z.string(), name: z.string() });
const levelsReordered = z.object({ order: z.array(z.string()) });
const levelRemoved = z.object({ id: z.string() });
const venueAdded = z.object({ id: z.string(), name: z.string(), sortOrder: z.number().int(), active: z.boolean() });
const venueChanged = z.object({ id: z.string(), name: z.string().optional(), sortOrder: z.number().int().optional(), active: z.boolean().optional() });
const slotAdded = z.object({ id: z.string(), venueId: z.string(), weekday: z.number().int(), start: z.string(), end: z.string() });
const slotRemoved = z.object({ id: z.string() });
const slotChanged = z.object({ id: z.string(), weekday: z.number().int(), start: z.string(), end: z.string() });

export type ClubSettingsEvent =
  | DomainEvent<'club-settings-changed', z.infer<typeof clubSettingsChanged>>
  | DomainEvent<'level-added', z.infer<typeof levelAdded>>
  | DomainEvent<'level-renamed', z.infer<typeof levelRenamed>>
  | DomainEvent<'levels-reordered', z.infer<typeof levelsReordered>>
  | DomainEvent<'level-removed', z.infer<typeof levelRemoved>>
  | DomainEvent<'venue-added', z.infer<typeof venueAdded>>
  | DomainEvent<'venue-changed', z.infer<typeof venueChanged>>
  | DomainEvent<'slot-added', z.infer<typeof slotAdded>>
  | DomainEvent<'slot-removed', z.infer<typeof slotRemoved>>
  | DomainEvent<'slot-changed', z.infer<typeof slotChanged>>;

export type Level = { readonly id: string; readonly name: string; readonly rank: number; readonly isCoach: boolean };
export type Venue = { readonly id: string; readonly name: string; readonly sortOrder: number; readonly active: boolean };
export type Slot = { readonly id: string; readonly venueId: string; readonly weekday: number; readonly start: string; readonly end: string };

export type ClubSettingsState = {
  readonly club: { readonly defaultCourts: number; readonly roundLengthSec: number };
  /** always ordered by rank, ranks 0..n-1 */
  readonly levels: readonly Level[];
  readonly venues: readonly Venue[];
  readonly slots: readonly Slot[];
};

export const initialClubSettings: ClubSettingsState = {
  club: { defaultCourts: DEFAULT_COURTS, roundLengthSec: DEFAULT_ROUND_LENGTH_SEC },
  levels: [],
  venues: [],
  slots: [],
};

const ranked = (levels: readonly Level[]): Level[] =>
  [...levels].sort((a, b) => a.rank - b.rank).map((level, rank) => ({ ...level, rank }));

export function evolveClubSettings(state: ClubSettingsState, event: ClubSettingsEvent): ClubSettingsState {
  switch (event.type) {
    case 'club-settings-changed':
      return { ...state, club: { ...event.data } };
    case 'level-added': {
      const added = event.data;
      const shifted = state.levels.map((level) => (level.rank >= added.rank ? { ...level, rank: level.rank + 1 } : level));
      return { ...state, levels: ranked([...shifted, { ...added }]) };
    }
    case 'level-renamed': {
      const { id, name } = event.data;
      return { ...state, levels: state.levels.map((level) => (level.id === id ? { ...level, name } : level)) };
    }
    case 'levels-reordered': {
      const order = event.data.order;
      return { ...state, levels: ranked(state.levels.map((level) => ({ ...level, rank: order.indexOf(level.id) }))) };
    }
    case 'level-removed':
      return { ...state, levels: ranked(state.levels.filter((level) => level.id !== event.data.id)) };
    case 'venue-added':
      return { ...state, venues: [...state.venues, { ...event.data }] };
    case 'venue-changed': {
      const { id, name, sortOrder, active } = event.data;
      return {
        ...state,
        venues: state.venues.map((venue) =>
          venue.id === id
            ? { id, name: name ?? venue.name, sortOrder: sortOrder ?? venue.sortOrder, active: active ?? venue.active }
            : venue,
        ),
      };
    }
    case 'slot-added':
      return { ...state, slots: [...state.slots, { ...event.data }] };
    case 'slot-removed':
      return { ...state, slots: state.slots.filter((slot) => slot.id !== event.data.id) };
    case 'slot-changed': {
      const { id, weekday, start, end } = event.data;
      return { ...state, slots: state.slots.map((slot) => (slot.id === id ? { ...slot, weekday, start, end } : slot)) };
    }
    default:
      return assertNever(event);
  }
}

export function parseClubSettingsEvent(type: string, data: unknown, schemaVersion: number): ClubSettingsEvent {
  if (schemaVersion !== 1) throw new Error(`unknown club settings event ${type} v${schemaVersion}`);
  switch (type) {
    case 'club-settings-changed':
      return { type, data: clubSettingsChanged.parse(data) };
    case 'level-added':
      return { type, data: levelAdded.parse(data) };
    case 'level-renamed':
      return { type, data: levelRenamed.parse(data) };
    case 'levels-reordered':
      return { type, data: levelsReordered.parse(data) };
    case 'level-removed':
      return { type, data: levelRemoved.parse(data) };
    case 'venue-added':
      return { type, data: venueAdded.parse(data) };
    case 'venue-changed':
      return { type, data: venueChanged.parse(data) };
    case 'slot-added':
      return { type, data: slotAdded.parse(data) };
    case 'slot-removed':
      return { type, data: slotRemoved.parse(data) };
    case 'slot-changed':
      return { type, data: slotChanged.parse(data) };
    default:
      throw new Error(`unknown club settings event ${type} v${schemaVersion}`);
  }
}

export const clubSettingsAggregate: Aggregate<ClubSettingsState, ClubSettingsEvent> = {
  initialState: initialClubSettings,
  evolve: evolveClubSettings,
  parse: parseClubSettingsEvent,
  schemaVersion: 1,
};

// ---- decisions ----

export type ClubSettingsCommand =
  | { readonly type: 'change-club'; readonly defaultCourts: number; readonly roundLengthSec: number }
  | { readonly type: 'add-level'; readonly id: string; readonly name: string; readonly isCoach: boolean }
  | { readonly type: 'rename-level'; readonly id: string; readonly name: string }
  | { readonly type: 'reorder-levels'; readonly order: readonly string[] }
  | { readonly type: 'remove-level'; readonly id: string }
  | { readonly type: 'add-venue'; readonly id: string; readonly name: string; readonly sortOrder?: number | undefined; readonly active: boolean }
  | {
      readonly type: 'change-venue';
      readonly id: string;
      readonly name?: string | undefined;
      readonly sortOrder?: number | undefined;
      readonly active?: boolean | undefined;
    }
  | { readonly type: 'add-slot'; readonly id: string; readonly venueId: string; readonly weekday: number; readonly start: string; readonly end: string }
  | { readonly type: 'remove-slot'; readonly id: string }
  | {
      readonly type: 'change-slot';
      readonly id: string;
      readonly weekday?: number | undefined;
      readonly start?: string | undefined;
      readonly end?: string | undefined;
    };

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw new DomainError('INVALID_NAME', 'name: 1 to 100 characters');
  return trimmed;
}

function findLevel(state: ClubSettingsState, id: string): Level {
  const level = state.levels.find((candidate) => candidate.id === id);
  if (!level) throw new DomainError('LEVEL_NOT_FOUND', `no level ${id}`);
  return level;
}

function findVenue(state: ClubSettingsState, id: string): Venue {
  const venue = state.venues.find((candidate) => candidate.id === id);
  if (!venue) throw new DomainError('VENUE_NOT_FOUND', `no venue ${id}`);
  return venue;
}

function checkLevelName(state: ClubSettingsState, name: string, exceptId: string | null): void {
  if (state.levels.some((level) => level.id !== exceptId && sameName(level.name, name))) {
    throw new DomainError('LEVEL_NAME_TAKEN', `a level is already named ${name}`);
  }
}

function checkVenueName(state: ClubSettingsState, name: string, exceptId: string | null): void {
  if (state.venues.some((venue) => venue.id !== exceptId && sameName(venue.name, name))) {
    throw new DomainError('VENUE_NAME_TAKEN', `a venue is already named ${name}`);
  }
}

function checkSlot(weekday: number, start: string, end: string): void {
  if (!weekdaySchema.safeParse(weekday).success) throw new DomainError('INVALID_SLOT', 'weekday: 0 (Sunday) to 6');
  if (!timeSchema.safeParse(start).success) throw new DomainError('INVALID_SLOT', 'start: HH:mm between 00:00 and 23:59');
  if (!timeSchema.safeParse(end).success) throw new DomainError('INVALID_SLOT', 'end: HH:mm between 00:00 and 23:59');
  if (start >= end) throw new DomainError('INVALID_SLOT', 'end: must be after start');
}

export function decideClubSettings(command: ClubSettingsCommand, state: ClubSettingsState): ClubSettingsEvent[] {
  switch (command.type) {
    case 'change-club': {
      const { defaultCourts, roundLengthSec } = command;
      if (!defaultCourtsSchema.safeParse(defaultCourts).success) {
        throw new DomainError('INVALID_CLUB_SETTINGS', 'defaultCourts: a whole number from 1 to 20');
      }
      if (!roundLengthSecSchema.safeParse(roundLengthSec).success) {
        throw new DomainError('INVALID_CLUB_SETTINGS', 'roundLengthSec: a whole number from 60 to 3600');
      }
      return [{ type: 'club-settings-changed', data: { defaultCourts, roundLengthSec } }];
    }
    case 'add-level': {
      const name = cleanName(command.name);
      checkLevelName(state, name, null);
      if (command.isCoach && state.levels.some((level) => level.isCoach)) {
        throw new DomainError('COACH_EXISTS', 'there is already a coach level');
      }
      // the coach is the strongest: it goes to rank 0 and shifts the others; any other level goes last
      const rank = command.isCoach ? 0 : state.levels.length;
      return [{ type: 'level-added', data: { id: command.id, name, rank, isCoach: command.isCoach } }];
    }
    case 'rename-level': {
      findLevel(state, command.id);
      const name = cleanName(command.name);
      checkLevelName(state, name, command.id);
      return [{ type: 'level-renamed', data: { id: command.id, name } }];
    }
    case 'reorder-levels': {
      const order = [...command.order];
      const known = new Set(state.levels.map((level) => level.id));
      if (order.length !== known.size || new Set(order).size !== order.length || !order.every((id) => known.has(id))) {
        throw new DomainError('LEVEL_ORDER_MISMATCH', 'order: must list every existing level id exactly once');
      }
      const coach = state.levels.find((level) => level.isCoach);
      if (coach && order[0] !== coach.id) throw new DomainError('COACH_NOT_FIRST', 'order: the coach level must stay first (rank 0)');
      return [{ type: 'levels-reordered', data: { order } }];
    }
    case 'remove-level':
      findLevel(state, command.id);
      // people live in their own streams: the command API refuses a level people still hold before deciding
      return [{ type: 'level-removed', data: { id: command.id } }];
    case 'add-venue': {
      const name = cleanName(command.name);
      checkVenueName(state, name, null);
      const sortOrder = command.sortOrder ?? state.venues.length;
      return [{ type: 'venue-added', data: { id: command.id, name, sortOrder, active: command.active } }];
    }
    case 'change-venue': {
      findVenue(state, command.id);
      const name = command.name === undefined ? undefined : cleanName(command.name);
      if (name !== undefined) checkVenueName(state, name, command.id);
      return [
        {
          type: 'venue-changed',
          data: {
            id: command.id,
            ...(name !== undefined ? { name } : {}),
            ...(command.sortOrder !== undefined ? { sortOrder: command.sortOrder } : {}),
            ...(command.active !== undefined ? { active: command.active } : {}),
          },
        },
      ];
    }
    case 'add-slot': {
      findVenue(state, command.venueId);
      const { weekday, start, end } = command;
      checkSlot(weekday, start, end);
      return [{ type: 'slot-added', data: { id: command.id, venueId: command.venueId, weekday, start, end } }];
    }
    case 'change-slot': {
      const slot = state.slots.find((candidate) => candidate.id === command.id);
      if (!slot) throw new DomainError('SLOT_NOT_FOUND', `no slot ${command.id}`);
      const changed = { id: slot.id, weekday: command.weekday ?? slot.weekday, start: command.start ?? slot.start, end: command.end ?? slot.end };
      checkSlot(changed.weekday, changed.start, changed.end);
      if (changed.weekday === slot.weekday && changed.start === slot.start && changed.end === slot.end) return [];
      return [{ type: 'slot-changed', data: changed }];
    }
    case 'remove-slot':
      if (!state.slots.some((slot) => slot.id === command.id)) throw new DomainError('SLOT_NOT_FOUND', `no slot ${command.id}`);
      return [{ type: 'slot-removed', data: { id: command.id } }];
    default:
      return assertNever(command);
  }
}

// ---- the document the API answers with ----

export const settingsDocumentSchema = z.object({
  club: z.object({ defaultCourts: z.number(), roundLengthSec: z.number() }),
  levels: z.array(z.object({ id: z.string(), name: z.string(), rank: z.number(), isCoach: z.boolean() })),
  venues: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sortOrder: z.number(),
      active: z.boolean(),
      slots: z.array(z.object({ id: z.string(), weekday: z.number(), start: z.string(), end: z.string() })),
    }),
  ),
});
export type SettingsDocument = z.infer<typeof settingsDocumentSchema>;

export const publicScheduleSchema = z.object({
  venues: z.array(z.object({ name: z.string(), slots: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })) })),
});
export type PublicSchedule = z.infer<typeof publicScheduleSchema>;
