import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';

export const settingsSchema = z.object({
  restTimerSec: z.number().int().min(0).max(3600),
  weeklyGoal: z.number().int().min(1).max(7),
  /** 0 = Sunday … 6 = Saturday */
  weekStart: z.number().int().min(0).max(6),
  /** a colour name the client understands; stored as given, never interpreted */
  accent: textSchema.min(1).max(32),
  unit: z.enum(['kg', 'lb']),
  appearance: z.enum(['light', 'dark']),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingName = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  restTimerSec: 90,
  weeklyGoal: 3,
  weekStart: 1,
  accent: 'blue',
  unit: 'kg',
  appearance: 'light',
};

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as SettingName[];

/** A subset of the settings; PATCH /settings and `settings-changed` carry only what changes. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** version 1 of each event; a password is never in any of them, only that it changed */
export const accountCreatedSchema = z.object({ email: z.string(), createdAt: z.iso.datetime() });
/** as recorded: an accent already in a log parses whatever it holds */
export const settingsChangedSchema = settingsSchema.extend({ accent: z.string() }).partial().strict();
export const passwordChangedSchema = z.object({ at: z.iso.datetime() });

export type UserEvent =
  | DomainEvent<'account-created', z.infer<typeof accountCreatedSchema>>
  | DomainEvent<'settings-changed', SettingsPatch>
  | DomainEvent<'password-changed', z.infer<typeof passwordChangedSchema>>;

export type UserState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active';
      readonly email: string;
      readonly settings: Settings;
      readonly createdAt: string;
      readonly passwordChangedAt: string | null;
    };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'account-created':
      return { status: 'active', email: event.data.email, settings: DEFAULT_SETTINGS, createdAt: event.data.createdAt, passwordChangedAt: null };
    case 'settings-changed':
      return state.status === 'active' ? { ...state, settings: { ...state.settings, ...event.data } } : state;
    case 'password-changed':
      return state.status === 'active' ? { ...state, passwordChangedAt: event.data.at } : state;
    default:
      return assertNever(event);
  }
}

/** Reads a stored payload of any schema version as the current one. */
export function parseUserEvent(type: string, data: unknown, schemaVersion: number): UserEvent {
  if (schemaVersion === 1) {
    if (type === 'account-created') return { type, data: accountCreatedSchema.parse(data) };
    if (type === 'settings-changed') return { type, data: settingsChangedSchema.parse(data) };
    if (type === 'password-changed') return { type, data: passwordChangedSchema.parse(data) };
  }
  throw new Error(`unknown gym user event ${type} v${schemaVersion}`);
}

export const userAggregate: Aggregate<UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  parse: parseUserEvent,
  schemaVersion: 1,
};

export const GYM_STREAM_PREFIX = 'gym.';
export const USER_STREAM_PREFIX = 'gym.user-';

export function userStream(userId: string): string {
  return `${USER_STREAM_PREFIX}${userId}`;
}

/** The one user representation: signup, login, GET /me and PATCH /settings answer it. */
export const gymUserSchema = z
  .object({ id: z.string(), email: z.string(), settings: settingsSchema, createdAt: z.string() })
  .meta({ id: 'GymUser' });
export type GymUser = z.infer<typeof gymUserSchema>;
