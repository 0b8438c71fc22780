import { ECDH } from 'node:crypto';

// What a browser's PushSubscription.getKey() gives (RFC 8291): a key that fails these checks makes
// every send throw, so it is refused at subscribe instead of failing on every daily run.

function decoded(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** An uncompressed P-256 point (65 bytes, 0x04 first) that lies on the curve. */
export function isP256PublicKey(value: string): boolean {
  const bytes = decoded(value);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    // OpenSSL refuses a point off the curve
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The 16-byte authentication secret. */
export function isPushAuthSecret(value: string): boolean {
  return decoded(value)?.length === 16;
}
