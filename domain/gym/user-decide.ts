import { assertNever, DomainError } from '../shared/events.ts';
import { evolveUser, SETTING_NAMES, type SettingsPatch, type UserEvent, type UserState } from './user.ts';

export type CreateAccount = {
  readonly type: 'create-account';
  readonly email: string;
  readonly now: string;
  /** what the new lifter's device already says (a dark phone: a dark app), over the defaults */
  readonly settings?: SettingsPatch;
};
export type ChangeSettings = { readonly type: 'change-settings'; readonly changes: SettingsPatch };
export type RecordPasswordChange = { readonly type: 'record-password-change'; readonly now: string };

export type UserCommand = CreateAccount | ChangeSettings | RecordPasswordChange;

const noAccount = (): DomainError => new DomainError('ACCOUNT_NOT_FOUND', 'the account does not exist');

/** The account, then the settings it starts with that differ from the defaults. */
export function createAccount(command: CreateAccount, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw new DomainError('ACCOUNT_EXISTS', 'the account exists already');
  const created: UserEvent = { type: 'account-created', data: { email: command.email, createdAt: command.now } };
  if (!command.settings) return [created];
  return [created, ...changeSettings({ type: 'change-settings', changes: command.settings }, evolveUser(state, created))];
}

/** Only values that differ are recorded; a patch that changes nothing records nothing. */
export function changeSettings(command: ChangeSettings, state: UserState): UserEvent[] {
  if (state.status !== 'active') throw noAccount();
  const changed: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const value = command.changes[name];
    if (value !== undefined && value !== state.settings[name]) changed[name] = value;
  }
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'settings-changed', data: changed as SettingsPatch }];
}

export function recordPasswordChange(command: RecordPasswordChange, state: UserState): UserEvent[] {
  if (state.status !== 'active') throw noAccount();
  return [{ type: 'password-changed', data: { at: command.now } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'create-account':
      return createAccount(command, state);
    case 'change-settings':
      return changeSettings(command, state);
    case 'record-password-change':
      return recordPasswordChange(command, state);
    default:
      return assertNever(command);
  }
}
