// PostgreSQL stores neither a NUL character (a text column refuses the byte, jsonb the \u0000
// escape) nor a lone UTF-16 surrogate (jsonb refuses the escape). Every string a client sends can
// reach an event (jsonb) or a read table, so every one is held to this rule before it is accepted.
import { z } from 'zod';

export const NUL_MESSAGE = 'must not contain NUL characters';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (no unpaired surrogates)';

/** True when PostgreSQL can store the string as text and inside jsonb. */
export const isStorableText = (value: string): boolean => !value.includes('\0') && value.isWellFormed();

/** Any client string: chain bounds on it (`textSchema.trim().min(1).max(100)`). */
export const textSchema = z
  .string()
  .refine((value) => !value.includes('\0'), NUL_MESSAGE)
  .refine((value) => value.isWellFormed(), SURROGATE_MESSAGE);

/** An id in a path or body that the server (or a client) made: 1–200 characters of storable text. */
export const idTextSchema = textSchema.min(1).max(200);

/**
 * Whether a file read as UTF-8 is text: a spreadsheet, a zip or a photo holds control characters,
 * or bytes that were no UTF-8 (decoded as U+FFFD), within its first kilobyte. A NUL alone is left
 * to the field it is in, refused with its place.
 */
export function looksLikeText(text: string): boolean {
  return !/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/.test(text.slice(0, 1024));
}
