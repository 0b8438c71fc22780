import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return argon2.hash(secret, OPTIONS);
}

export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** A hash of nothing anyone knows: checking against it costs what a real check costs. */
export function dummyHash(): Promise<string> {
  dummy ??= hashSecret(`dummy-${Math.random()}`);
  return dummy;
}
