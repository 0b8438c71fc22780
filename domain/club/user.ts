// The club keeps its accounts in auth.users; this stream is only their history, for auditors.
import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';

export const CLUB_USER_STREAM_PREFIX = 'club.user-';
export const clubUserStream = (userId: string): string => `${CLUB_USER_STREAM_PREFIX}${userId}`;

const accountCreatedSchema = z.object({ username: z.string(), createdAt: z.iso.datetime() });
/** says that the password changed, never what it is */
const passwordChangedSchema = z.object({ at: z.iso.datetime() });

export type ClubUserEvent =
  | DomainEvent<'account-created', z.infer<typeof accountCreatedSchema>>
  | DomainEvent<'password-changed', z.infer<typeof passwordChangedSchema>>;

export type ClubUserState = {
  readonly username: string | null;
  readonly createdAt: string | null;
  readonly passwordChangedAt: string | null;
};

const initialState: ClubUserState = { username: null, createdAt: null, passwordChangedAt: null };

function evolve(state: ClubUserState, event: ClubUserEvent): ClubUserState {
  switch (event.type) {
    case 'account-created':
      return { ...state, username: event.data.username, createdAt: event.data.createdAt };
    case 'password-changed':
      return { ...state, passwordChangedAt: event.data.at };
    default:
      return assertNever(event);
  }
}

function parse(type: string, data: unknown, schemaVersion: number): ClubUserEvent {
  if (schemaVersion === 1 && type === 'account-created') return { type, data: accountCreatedSchema.parse(data) };
  if (schemaVersion === 1 && type === 'password-changed') return { type, data: passwordChangedSchema.parse(data) };
  throw new Error(`unknown club user event ${type} v${schemaVersion}`);
}

export const clubUserAggregate: Aggregate<ClubUserState, ClubUserEvent> = { initialState, evolve, parse, schemaVersion: 1 };

export function accountCreated(username: string, createdAt: string): ClubUserEvent[] {
  return [{ type: 'account-created', data: { username, createdAt } }];
}

/** No precondition on the stream: an account made before its history was kept still gets one. */
export function passwordChanged(at: string): ClubUserEvent[] {
  return [{ type: 'password-changed', data: { at } }];
}

/** What a club login sees of its own account. */
export const clubUserSchema = z.object({ id: z.string(), username: z.string(), canChangePassword: z.boolean() }).meta({ id: 'ClubUser' });
export type ClubUser = z.infer<typeof clubUserSchema>;

export const clubUserOf = (account: { readonly id: string; readonly login: string; readonly canChangePassword: boolean }): ClubUser => ({
  id: account.id,
  username: account.login,
  canChangePassword: account.canChangePassword,
});
