import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';

/** version 1 of `account-created`; the credentials stay in the auth tables */
export const accountCreatedSchema = z.object({ email: z.string(), createdAt: z.iso.datetime() });

/** version 1 of `preferences-changed`: only the fields that changed */
export const preferencesChangedSchema = z.object({
  username: z.string().nullable().optional(),
  publicProfile: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
});
export type PreferencesChanged = z.infer<typeof preferencesChangedSchema>;

/** version 1 of `password-changed`: that it changed and when, never what to */
export const passwordChangedSchema = z.object({ at: z.iso.datetime() });

export type UserEvent =
  | DomainEvent<'account-created', z.infer<typeof accountCreatedSchema>>
  | DomainEvent<'preferences-changed', PreferencesChanged>
  | DomainEvent<'password-changed', z.infer<typeof passwordChangedSchema>>;

export type Preferences = {
  readonly username: string | null;
  readonly publicProfile: boolean;
  readonly emailNotifications: boolean;
  readonly pushNotifications: boolean;
};

export type UserState =
  | { readonly status: 'none' }
  | ({ readonly status: 'active'; readonly email: string; readonly createdAt: string } & Preferences);

export const initialUserState: UserState = { status: 'none' };

export const DEFAULT_PREFERENCES: Preferences = {
  username: null,
  publicProfile: false,
  emailNotifications: true,
  pushNotifications: false,
};

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'account-created':
      return { status: 'active', email: event.data.email, createdAt: event.data.createdAt, ...DEFAULT_PREFERENCES };
    case 'preferences-changed': {
      if (state.status !== 'active') return state;
      const { username, publicProfile, emailNotifications, pushNotifications } = event.data;
      return {
        ...state,
        ...(username !== undefined ? { username } : {}),
        ...(publicProfile !== undefined ? { publicProfile } : {}),
        ...(emailNotifications !== undefined ? { emailNotifications } : {}),
        ...(pushNotifications !== undefined ? { pushNotifications } : {}),
      };
    }
    case 'password-changed':
      return state;
    default:
      return assertNever(event);
  }
}

export function parseUserEvent(type: string, data: unknown, schemaVersion: number): UserEvent {
  if (schemaVersion === 1) {
    if (type === 'account-created') return { type, data: accountCreatedSchema.parse(data) };
    if (type === 'preferences-changed') return { type, data: preferencesChangedSchema.parse(data) };
    if (type === 'password-changed') return { type, data: passwordChangedSchema.parse(data) };
  }
  throw new Error(`unknown shows user event ${type} v${schemaVersion}`);
}

export const userAggregate: Aggregate<UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  parse: parseUserEvent,
  schemaVersion: 1,
};

export const USER_STREAM_PREFIX = 'shows.user-';

export function userStream(userId: string): string {
  return `${USER_STREAM_PREFIX}${userId}`;
}

// A username is unique because it names a stream: the first claim creates it with `no_stream`,
// and a released name is claimed again at the revision its holder left it.

export const usernameClaimedSchema = z.object({ userId: z.string(), at: z.iso.datetime() });
export const usernameReleasedSchema = z.object({ userId: z.string(), at: z.iso.datetime() });

export type UsernameEvent =
  | DomainEvent<'username-claimed', z.infer<typeof usernameClaimedSchema>>
  | DomainEvent<'username-released', z.infer<typeof usernameReleasedSchema>>;

/** who holds the name now; null when nobody ever did or its holder let it go */
export type UsernameState = { readonly holder: string | null };

export const initialUsernameState: UsernameState = { holder: null };

export function evolveUsername(state: UsernameState, event: UsernameEvent): UsernameState {
  switch (event.type) {
    case 'username-claimed':
      return { holder: event.data.userId };
    case 'username-released':
      return state.holder === event.data.userId ? { holder: null } : state;
    default:
      return assertNever(event);
  }
}

export function parseUsernameEvent(type: string, data: unknown, schemaVersion: number): UsernameEvent {
  if (schemaVersion === 1) {
    if (type === 'username-claimed') return { type, data: usernameClaimedSchema.parse(data) };
    if (type === 'username-released') return { type, data: usernameReleasedSchema.parse(data) };
  }
  throw new Error(`unknown shows username event ${type} v${schemaVersion}`);
}

export const usernameAggregate: Aggregate<UsernameState, UsernameEvent> = {
  initialState: initialUsernameState,
  evolve: evolveUsername,
  parse: parseUsernameEvent,
  schemaVersion: 1,
};

export const USERNAME_STREAM_PREFIX = 'shows.username-';

/** `name` is already lowercased by usernameSchema, so one stream stands for every spelling */
export function usernameStream(name: string): string {
  return `${USERNAME_STREAM_PREFIX}${name}`;
}

/** The user as the API shows it: never a hash or anything of the credentials. */
export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    publicProfile: z.boolean(),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export function userView(id: string, state: UserState): User | null {
  if (state.status !== 'active') return null;
  return {
    id,
    email: state.email,
    username: state.username,
    publicProfile: state.publicProfile,
    emailNotifications: state.emailNotifications,
    pushNotifications: state.pushNotifications,
    createdAt: state.createdAt,
  };
}
