// Password recovery by an emailed code: the rules of spec 000, without I/O, clock or randomness.

export const CODE_DIGITS = 6;
const CODE_SPACE = 10 ** CODE_DIGITS;
export const CODE_LIFETIME_MS = 30 * 60_000;
export const TRIES_PER_CODE = 5;
export const CODES_PER_WINDOW = 3;
export const SEND_WINDOW_MS = 60 * 60_000;

/** The one answer to every failed reset, so a caller learns nothing about which check failed. */
export const RECOVERY_FAILED = {
  code: 'RECOVERY_FAILED',
  message: 'That code is wrong or has expired. Ask for a new one.',
} as const;

/** `randomInt(min, max)` draws an integer in [min, max), like node:crypto's randomInt. */
export type RandomInt = (min: number, max: number) => number;

export function newCode(randomInt: RandomInt): string {
  const drawn = randomInt(0, CODE_SPACE);
  if (!Number.isInteger(drawn) || drawn < 0 || drawn >= CODE_SPACE) {
    throw new RangeError(`a recovery code is drawn from [0, ${CODE_SPACE}), got ${drawn}`);
  }
  return String(drawn).padStart(CODE_DIGITS, '0');
}

/** A typed or pasted code: spaces, dashes and the like are dropped. */
export function normalizeCode(input: string): string {
  return input.replace(/\D/g, '');
}

/** `123456` as `123 456`: easier to read off one screen and type into another. */
export function groupCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}

export function codeExpiresAt(now: Date): Date {
  return new Date(now.getTime() + CODE_LIFETIME_MS);
}

/** The hourly allowance of one account: when its window began and how many codes went out in it. */
export type SendWindow = { readonly startedAt: Date; readonly sent: number };

export type SendDecision =
  | { readonly send: true; readonly window: SendWindow }
  | { readonly send: false; readonly window: SendWindow };

/**
 * May one more code go out now? The window starts at the first send and lasts an hour; the first
 * request after it starts a new one. `current` is null for an account that never asked.
 */
export function decideSend(current: SendWindow | null, now: Date): SendDecision {
  if (!current || now.getTime() - current.startedAt.getTime() >= SEND_WINDOW_MS) {
    return { send: true, window: { startedAt: now, sent: 1 } };
  }
  if (current.sent >= CODES_PER_WINDOW) return { send: false, window: current };
  return { send: true, window: { startedAt: current.startedAt, sent: current.sent + 1 } };
}

export type RecoveryMail = { readonly subject: string; readonly text: string };

export function recoveryMail(code: string): RecoveryMail {
  const minutes = CODE_LIFETIME_MS / 60_000;
  return {
    subject: `Your password reset code: ${code}`,
    text: [
      'Enter this code in the app to choose a new password:',
      '',
      `    ${groupCode(code)}`,
      '',
      `The code lasts ${minutes} minutes and works once.`,
      '',
      'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}
