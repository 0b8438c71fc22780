// Test support for the read side's reference checks (`query-api/*/reference.int.test.ts`): how many
// random command sequences to run and from which seed. `npm test` runs the default; `npm run
// check:reads -- --runs 5000 [--seed N]` sets READ_CHECK_RUNS and READ_CHECK_SEED.

/** the fast-check parameters of one reference check: `fc.assert(property, readCheckParameters(100))` */
export function readCheckParameters(defaultRuns: number): { numRuns: number; seed?: number; verbose: 1; endOnFailure: false } {
  const runs = Number(process.env.READ_CHECK_RUNS ?? defaultRuns);
  const seed = process.env.READ_CHECK_SEED === undefined ? undefined : Number(process.env.READ_CHECK_SEED);
  return { numRuns: runs, ...(seed === undefined ? {} : { seed }), verbose: 1, endOnFailure: false };
}
