import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// built once, lower-cased: "Password" is guessed as early as "password"
const commonPasswords = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

/** True for a password in the shipped list of the most common breached passwords, without regard to case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Length and a list of known-breached passwords, as NIST SP 800-63B advises: no composition rules;
 * 200 bounds the hashing work.
 */
export const passwordSchema = z
  .string()
  .min(8, 'at least 8 characters')
  .max(200, 'at most 200 characters')
  // a too-short password gets the one reason that matters, not both
  .refine((password) => password.length < 8 || !isCommonPassword(password), 'this password is in a list of commonly used passwords; choose another');

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
