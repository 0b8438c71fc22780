// Test support for the gym read side's reference check: what every step module shares (steps.ts):
// the request a command is, the answer it gets, the step it makes, and how a command's references
// resolve to ids the acting user (or the other one) was given.
import type { Command, Ref } from '../commands.ts';
import type { Account } from '../model.ts';

/** a command that is one request (a `session` is several) */
export type Request = Exclude<Command, { kind: 'session' }>;

export type Answer = { readonly status: number; readonly body: unknown; readonly requestId: string };
export type Body = Record<string, unknown>;

export type Step = {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly body?: object;
  readonly status: number;
  /** the id the answer must carry (a get-or-create answering an existing workout) */
  readonly id?: string;
  /** applies the command to the reference, once the answer's status is the expected one */
  readonly commit: (answer: Answer) => void;
};

/** an id nobody was given: a reference to a kind its user has none of */
export const NOBODYS = '00000000-0000-4000-8000-000000000000';

export const nothing = (): void => undefined;

/** Resolves a reference among what the acting user (or the other user) was ever given. */
export const pick = (accounts: readonly [Account, Account], user: 0 | 1, ref: Ref, kind: keyof Account['made']): string => {
  const list = accounts[ref.other ? 1 - user : user]!.made[kind];
  return list.length === 0 ? NOBODYS : list[ref.n % list.length]!;
};

export const bodyOf = (answer: Answer): Body => answer.body as Body;

/** The acting user's number, account, and their references resolved. */
export function actor(accounts: readonly [Account, Account], command: { readonly user: 0 | 1 }) {
  const user = command.user;
  const me = accounts[user]!;
  const ref = (r: Ref, kind: keyof Account['made']) => pick(accounts, user, r, kind);
  return { user, me, ref };
}
