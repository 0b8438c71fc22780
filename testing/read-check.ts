// Test support for the read side's reference checks (`query-api/*/*reference.int.test.ts`): how many
// random command sequences to run and from which seed. `npm test` runs the default; `npm run
// check:reads -- --runs 5000 [--seed N]` sets READ_CHECK_RUNS and READ_CHECK_SEED; and the log a
// rebuild of one sequence replays.
import { comparePositions, type EventStore, type Position, type ReadAllOptions } from '../infra/eventstore/port.ts';

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

/**
 * The log as if it began with this sequence: a rebuild replays only the sequence's own events, so
 * that it costs the same in the thousandth sequence as in the first. Each user's rows are their own,
 * so the replayed users' tables are what a rebuild of the whole log makes of them; the earlier
 * sequences' users, whom nothing reads again, drop out of the read side.
 */
export function logFrom(store: EventStore, start: Position): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'readAll') {
        return (options: ReadAllOptions) => target.readAll({ ...options, after: comparePositions(options.after, start) < 0 ? start : options.after });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
