// Test support for the read side's reference checks (`query-api/*/*reference.int.test.ts`): how many
// random command sequences to run and from which seed. `npm test` runs the default; `npm run
// check:reads -- --runs 5000 [--seed N]` sets READ_CHECK_RUNS and READ_CHECK_SEED.

/**
 * The fast-check parameters of one reference check: `fc.assert(property, readCheckParameters(100))`.
 * `npmTestSeed`: the seed of `npm test`'s run, for a check that also asserts what its sequences met
 * (an outcome a random hundred may miss); `check:reads` and READ_CHECK_SEED choose their own.
 */
export function readCheckParameters(defaultRuns: number, npmTestSeed?: number): { numRuns: number; seed?: number; verbose: 1; endOnFailure: false } {
  const runs = Number(process.env.READ_CHECK_RUNS ?? defaultRuns);
  const chosen = process.env.READ_CHECK_SEED ?? (process.env.READ_CHECK_RUNS === undefined ? npmTestSeed : undefined);
  const seed = chosen === undefined ? undefined : Number(chosen);
  return { numRuns: runs, ...(seed === undefined ? {} : { seed }), verbose: 1, endOnFailure: false };
}
