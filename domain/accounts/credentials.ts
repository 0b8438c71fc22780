import { z } from 'zod';

/** Length only, as NIST SP 800-63B advises: no composition rules; 200 bounds the hashing work. */
export const passwordSchema = z.string().min(8, 'at least 8 characters').max(200, 'at most 200 characters');

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
