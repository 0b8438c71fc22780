import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { z } from 'zod';

/**
 * The lowest zxcvbn score accepted. 3 means at least 10^8 guesses by zxcvbn's estimate: out of reach
 * of an online guesser throttled as sign-in is, and slow to reach offline against argon2id; 2 and
 * below hold "password123", "Password1!" and every entry of the lists of breached passwords.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first 64 characters are estimated (NIST's minimum for the longest password allowed), and
 * l33t substitutions stop at 8: a 200-character "p@ssw0rd…" would otherwise cost seconds of CPU.
 */
export const ESTIMATED_LENGTH = 64;

export const GUESSABLE_PASSWORD = 'this password is in a list of commonly used passwords; choose another';
export const PASSWORD_FROM_LOGIN = 'this password is made of your login; choose another';

// Loaded and built on the first check, not at import: the dictionaries take about 100 ms of CPU to
// unpack and a few hundred more to rank, which every process loading this module paid before (each
// test file, every CLI run) though most never judge a password. Required, not imported: the check is
// synchronous (a zod refinement), and the packages ship CommonJS.
let estimator: ZxcvbnFactory | null = null;
function estimate(): ZxcvbnFactory {
  if (estimator) return estimator;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const english = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  estimator = new Factory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: 8,
  });
  return estimator;
}

/**
 * The words of a login a password should not be built from: the login itself, an email's local
 * part, and that part's words ("jane.doe-1985@example.org": jane.doe-1985, jane, doe, 1985).
 */
export function loginWords(login: string): string[] {
  const trimmed = login.trim().toLowerCase();
  const local = trimmed.split('@')[0] ?? '';
  const words = [trimmed, local, ...local.split(/[^\p{L}\p{N}]+/u)].filter((word) => word.length >= 3);
  return [...new Set(words)];
}

/**
 * True for a password an attacker guesses early (zxcvbn score under 3 with its common and English
 * dictionaries, the login's words among them): breached passwords, common words and names, keyboard
 * walks, repeats, dates and l33t spellings of these.
 */
export function isGuessablePassword(password: string, login?: string): boolean {
  return estimate().check(password, login === undefined ? [] : loginWords(login)).score < MIN_PASSWORD_SCORE;
}

/**
 * Length and guessability, as NIST SP 800-63B advises: no composition rules; 200 bounds the hashing
 * work. The login is not known here: see `refusePasswordFromLogin` and `passwordOf`.
 */
export const passwordSchema = z
  .string()
  .min(8, 'at least 8 characters')
  .max(200, 'at most 200 characters')
  // a too-short password gets the one reason that matters, not both
  .refine((password) => password.length < 8 || password.length > 200 || !isGuessablePassword(password), GUESSABLE_PASSWORD);

/** The password rules for an account whose login is known (an operator setting a password). */
export const passwordOf = (login: string) =>
  passwordSchema.superRefine((password, context) => {
    // a password refused on its own keeps that one reason
    if (context.issues.length === 0 && isGuessablePassword(password, login)) context.addIssue({ code: 'custom', message: PASSWORD_FROM_LOGIN });
  });

/**
 * A body's check that its password is not built from the login sent beside it (signup, reset); the
 * refusal names the password's field. Either field refused already leaves it unchecked.
 */
export function refusePasswordFromLogin<Login extends string, Password extends string>(loginField: Login, passwordField: Password) {
  return (body: Partial<Record<Login | Password, unknown>>, context: z.RefinementCtx): void => {
    const login = body[loginField];
    const password = body[passwordField];
    if (typeof login !== 'string' || typeof password !== 'string') return;
    if (context.issues.some((issue) => issue.path?.[0] === loginField || issue.path?.[0] === passwordField)) return;
    if (isGuessablePassword(password, login)) context.addIssue({ code: 'custom', path: [passwordField], message: PASSWORD_FROM_LOGIN });
  };
}

/** Emails are compared without case and surrounding spaces. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('an email address'))
  .transform((email) => email.toLowerCase());

/** A login name: URL-safe, so it can also be a public profile's address. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9_-]{1,30}[a-z0-9])?$/i, '3 to 32 letters, digits, - or _, starting and ending with a letter or digit')
  .transform((name) => name.toLowerCase());
