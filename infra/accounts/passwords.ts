import argon2 from 'argon2';

/** argon2id's memory (KiB) and passes; one lane always. */
export type Argon2Cost = { readonly memoryCost: number; readonly timeCost: number };

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const OWASP_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

/** Hashes of passwords and recovery codes. A hash names its own cost, which is what checking it costs. */
export type SecretHashing = {
  hash(secret: string): Promise<string>;
  verify(hash: string, secret: string): Promise<boolean>;
  /** A hash of nothing anyone knows: checking against it costs what a real check costs. */
  dummy(): Promise<string>;
};

export function argon2Hashing(cost: Argon2Cost = OWASP_ARGON2): SecretHashing {
  const options = { type: argon2.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 } as const;
  const hash = (secret: string): Promise<string> => argon2.hash(secret, options);
  let dummy: Promise<string> | null = null;
  return {
    hash,
    async verify(stored, secret) {
      try {
        return await argon2.verify(stored, secret);
      } catch {
        return false;
      }
    },
    dummy() {
      dummy ??= hash(`dummy-${Math.random()}`);
      return dummy;
    },
  };
}
