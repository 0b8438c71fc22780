import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A cuid (the cuid2 shape: 25 characters, a lowercase letter then base 36), from the system's
 * secure random source so that ids cannot be guessed from one another.
 */
export function cuid(): string {
  const bytes = randomBytes(25);
  let id = ALPHABET[10 + (bytes[0]! % 26)]!;
  for (let i = 1; i < 25; i++) id += ALPHABET[bytes[i]! % 36]!;
  return id;
}

export const CUID = /^[a-z][0-9a-z]{24}$/;
