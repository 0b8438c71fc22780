import { assertNever, DomainError } from '../shared/events.ts';
import { evolveUsername, initialUsernameState, type PreferencesChanged, type UserEvent, type UsernameEvent, type UsernameState, type UserState } from './user.ts';

export type CreateAccount = { readonly type: 'create-account'; readonly email: string; readonly now: string };

/** each field absent means "leave it"; `username: null` clears the name */
export type ChangePreferences = {
  readonly type: 'change-preferences';
  readonly username?: string | null | undefined;
  readonly publicProfile?: boolean | undefined;
  readonly emailNotifications?: boolean | undefined;
  readonly pushNotifications?: boolean | undefined;
};

export type ChangePassword = { readonly type: 'change-password'; readonly now: string };

export type UserCommand = CreateAccount | ChangePreferences | ChangePassword;

export function createAccount(command: CreateAccount, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw new DomainError('ACCOUNT_EXISTS', 'this account already exists');
  return [{ type: 'account-created', data: { email: command.email, createdAt: command.now } }];
}

/** Records only what differs from the current state; nothing when nothing changes. */
export function changePreferences(command: ChangePreferences, state: UserState): UserEvent[] {
  if (state.status !== 'active') throw new DomainError('NO_ACCOUNT', 'there is no such account');
  const changed: PreferencesChanged = {};
  if (command.username !== undefined && command.username !== state.username) changed.username = command.username;
  if (command.publicProfile !== undefined && command.publicProfile !== state.publicProfile) changed.publicProfile = command.publicProfile;
  if (command.emailNotifications !== undefined && command.emailNotifications !== state.emailNotifications) {
    changed.emailNotifications = command.emailNotifications;
  }
  if (command.pushNotifications !== undefined && command.pushNotifications !== state.pushNotifications) {
    changed.pushNotifications = command.pushNotifications;
  }
  const username = changed.username !== undefined ? changed.username : state.username;
  const publicProfile = changed.publicProfile ?? state.publicProfile;
  // a public profile is found by its username, so it cannot exist without one
  if (publicProfile && username === null) {
    if (command.publicProfile === true) {
      throw new DomainError('PROFILE_NEEDS_USERNAME', 'a public profile needs a username');
    }
    throw new DomainError('USERNAME_NEEDED_BY_PROFILE', 'the public profile needs a username; make the profile private first');
  }
  return Object.keys(changed).length === 0 ? [] : [{ type: 'preferences-changed', data: changed }];
}

export function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  if (state.status !== 'active') throw new DomainError('NO_ACCOUNT', 'there is no such account');
  return [{ type: 'password-changed', data: { at: command.now } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'create-account':
      return createAccount(command, state);
    case 'change-preferences':
      return changePreferences(command, state);
    case 'change-password':
      return changePassword(command, state);
    default:
      return assertNever(command);
  }
}

export type ClaimUsername = { readonly type: 'claim-username'; readonly userId: string; readonly now: string };
export type ReleaseUsername = { readonly type: 'release-username'; readonly userId: string; readonly now: string };
export type UsernameCommand = ClaimUsername | ReleaseUsername;

/** Free or released: the claimant takes it. Its own already: nothing to do. */
export function claimUsername(command: ClaimUsername, state: UsernameState): UsernameEvent[] {
  if (state.holder === command.userId) return [];
  if (state.holder !== null) throw new DomainError('USERNAME_TAKEN', 'that username is taken');
  return [{ type: 'username-claimed', data: { userId: command.userId, at: command.now } }];
}

/** Only the holder lets a name go; anyone else's release changes nothing. */
export function releaseUsername(command: ReleaseUsername, state: UsernameState): UsernameEvent[] {
  if (state.holder !== command.userId) return [];
  return [{ type: 'username-released', data: { userId: command.userId, at: command.now } }];
}

export function decideUsername(command: UsernameCommand, state: UsernameState): UsernameEvent[] {
  switch (command.type) {
    case 'claim-username':
      return claimUsername(command, state);
    case 'release-username':
      return releaseUsername(command, state);
    default:
      return assertNever(command);
  }
}

/**
 * How erasing `userId` leaves a name's stream: untouched when it never held the name; deleted when
 * nobody else holds it now, so the name is free again; else the events before the holder's claim
 * go, since everything after that claim is the holder's own.
 */
export type UsernameErasure = { readonly kind: 'untouched' } | { readonly kind: 'delete' } | { readonly kind: 'keep-from'; readonly index: number };

export function usernameErasure(events: readonly UsernameEvent[], userId: string): UsernameErasure {
  if (!events.some((event) => event.data.userId === userId)) return { kind: 'untouched' };
  const holder = events.reduce(evolveUsername, initialUsernameState).holder;
  if (holder === null || holder === userId) return { kind: 'delete' };
  const index = events.findLastIndex((event) => event.type === 'username-claimed' && event.data.userId === holder);
  return { kind: 'keep-from', index };
}
