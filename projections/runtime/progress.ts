import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { comparePositions, type Position } from '../../infra/eventstore/port.ts';
import type { StoppedOn } from './failures.ts';
import { readProjectionStates } from './projection-states.ts';

/** reached: every projection has the position; else stopped names a projection that cannot get there */
export type WaitOutcome = { readonly reached: true } | { readonly reached: false; readonly stopped: StoppedOn | null };

/**
 * Where each projection has got to, for read-your-writes. Projectors of this process report
 * directly; the checkpoint and failure rows, which show projectors of every process, are polled
 * while someone waits.
 */
export type ProjectionProgress = {
  report(name: string, position: Position): void;
  /** the projector of `name` in this process is stopped on an event (null: no longer) */
  reportStopped(name: string, stop: StoppedOn | null): void;
  /** the projector of `name` in this process let go of its lock: another process's, if any, is the one to ask and read */
  reportAway(name: string): void;
  /**
   * resolves once every named projection has processed `position`, at once when one of them is
   * stopped on an event at or before it, and at the deadline otherwise
   */
  wait(names: readonly string[], position: Position, timeoutMs: number): Promise<WaitOutcome>;
  /** `wait`, reduced to whether the position was reached */
  waitFor(names: readonly string[], position: Position, timeoutMs: number): Promise<boolean>;
  /**
   * The projector of `name` resting between busy batches: resolves after `ms`, or as soon as a
   * read waits for a position it has not reached (in this process, or `heard` from another), and
   * at once when one waits already; `signal` (the projector stopping) ends it too.
   */
  rest(name: string, ms: number, signal: AbortSignal): Promise<void>;
  /** a read in another process waits for `name` (the WANTED_CHANNEL's payload) */
  heard(name: string): void;
  /**
   * A projector of this process waiting out an unreachable database: resolves after `ms`, or once
   * the database is seen answering again (a poll for a waiting read succeeds, a NOTIFY is heard,
   * `databaseBack` is called), though not within OUTAGE_WAKE_FLOOR_MS of its start; `signal` (the
   * projector stopping) ends it too.
   */
  awaitDatabase(ms: number, signal: AbortSignal): Promise<void>;
  /** the database answers again (the LISTEN connection is back): projectors waiting it out try at once */
  databaseBack(): void;
};

/**
 * The shortest pause between a projector's attempts while the database is away, woken or not: a
 * database that answers a poll but refuses the projector's connection (too many connections) must
 * not have it retry at every poll.
 */
const OUTAGE_WAKE_FLOOR_MS = 100;

/**
 * A read waiting for a projection whose projector runs in another process says so here (NOTIFY,
 * the projection's name as payload), so that the projector cuts its rest short.
 */
export const WANTED_CHANNEL = 'projection_wanted';

export function createProjectionProgress(pool: DatabasePool, options: { readonly pollMs?: number } = {}): ProjectionProgress {
  // a poll is one read of a few rows, and runs only while a write waits
  const pollMs = options.pollMs ?? 20;
  const positions = new Map<string, Position>();
  // a stop read from the table counts only for waiters that began before that poll: one seen
  // earlier may have been parked or fixed since
  const stops = new Map<string, { readonly stop: StoppedOn; readonly poll: number | 'local' }>();
  // projections whose projector runs here: their own reports are fresher than the table
  const local = new Set<string>();
  const waiters = new Set<{ readonly names: readonly string[]; readonly position: Position; readonly check: () => void }>();
  // the resting projectors of this process, and the names another process asked for meanwhile
  const resting = new Map<string, Set<() => void>>();
  const wantedElsewhere = new Set<string>();
  // the projectors of this process waiting out an unreachable database
  const awaitingDatabase = new Set<() => void>();
  // asked for by NOTIFY, and not seen moving since: another NOTIFY would tell the projector nothing new
  const told = new Set<string>();
  let polls = 0;
  let pollTimer: NodeJS.Timeout | null = null;
  let polling = false;

  const advance = (name: string, position: Position): void => {
    const at = positions.get(name);
    if (at && comparePositions(position, at) <= 0) return;
    positions.set(name, position);
    told.delete(name);
  };

  const outcomeOf = (names: readonly string[], position: Position, since: number): WaitOutcome | null => {
    let reached = true;
    for (const name of names) {
      const at = positions.get(name);
      if (at && comparePositions(at, position) >= 0) continue;
      reached = false;
      const known = stops.get(name);
      if (!known || (known.poll !== 'local' && known.poll <= since)) continue;
      // stopped on an event at or before the position (or failing a rebuild that replays it): no
      // waiting gets there
      if (comparePositions(known.stop.event.position, position) <= 0) return { reached: false, stopped: known.stop };
    }
    return reached ? { reached: true } : null;
  };

  const checkWaiters = (): void => {
    for (const waiter of waiters) waiter.check();
  };

  const behind = (name: string, position: Position): boolean => {
    const at = positions.get(name);
    return !at || comparePositions(at, position) < 0;
  };

  const databaseSeenAnswering = (): void => {
    for (const waker of [...awaitingDatabase]) waker();
  };

  const wake = (name: string): boolean => {
    const wakers = resting.get(name);
    if (!wakers || wakers.size === 0) return false;
    for (const waker of wakers) waker();
    return true;
  };

  /** a read now waits for `names` at `position`: the projectors behind it stop resting */
  const want = (names: readonly string[], position: Position): void => {
    for (const name of names) {
      if (!behind(name, position) || wake(name) || local.has(name) || told.has(name)) continue;
      // the projector reads everything there is when it wakes, so one NOTIFY serves every read
      // that waits until the projection is seen moving
      told.add(name);
      // a NOTIFY that never left (the database away) told nobody: the next read asks again
      pool.query(sql.unsafe`SELECT pg_notify(${WANTED_CHANNEL}, ${name})`).catch(() => told.delete(name));
    }
  };

  const schedulePoll = (delayMs: number): void => {
    if (pollTimer || polling || waiters.size === 0) return;
    pollTimer = setTimeout(() => void poll(), delayMs);
  };

  async function poll(): Promise<void> {
    pollTimer = null;
    polling = true;
    try {
      const states = await readProjectionStates(pool);
      databaseSeenAnswering();
      const generation = ++polls;
      for (const state of states) {
        if (state.checkpoint) advance(state.name, state.checkpoint.position);
        if (local.has(state.name)) continue;
        if (state.stopped) stops.set(state.name, { stop: state.stopped, poll: generation });
        else stops.delete(state.name);
      }
      checkWaiters();
      // a projection seen moving may have gone back to rest short of a read still waiting
      for (const waiter of waiters) want(waiter.names, waiter.position);
    } catch {
      // the database is away: the waiters' deadlines still run, and the next poll tries again
    } finally {
      polling = false;
      schedulePoll(pollMs);
    }
  }

  const wait = (names: readonly string[], position: Position, timeoutMs: number): Promise<WaitOutcome> => {
    const since = polls;
    const now = outcomeOf(names, position, since);
    if (now) return Promise.resolve(now);
    return new Promise<WaitOutcome>((resolve) => {
      const finish = (outcome: WaitOutcome): void => {
        waiters.delete(waiter);
        clearTimeout(timer);
        resolve(outcome);
      };
      const check = (): void => {
        const outcome = outcomeOf(names, position, since);
        if (outcome) finish(outcome);
      };
      const waiter = { names, position, check };
      const timer = setTimeout(() => finish({ reached: false, stopped: null }), timeoutMs);
      waiters.add(waiter);
      want(names, position);
      // a projector of this process reports at once; the table is for the others
      schedulePoll(names.every((name) => local.has(name)) ? pollMs : 0);
    });
  };

  return {
    report(name, position) {
      local.add(name);
      advance(name, position);
      checkWaiters();
    },
    reportStopped(name, stop) {
      local.add(name);
      if (stop) stops.set(name, { stop, poll: 'local' });
      else stops.delete(name);
      checkWaiters();
    },
    reportAway(name) {
      local.delete(name);
      if (stops.get(name)?.poll === 'local') stops.delete(name);
      // reads waiting meanwhile now ask the projector of another process
      for (const waiter of waiters) want(waiter.names, waiter.position);
    },
    wait,
    async waitFor(names, position, timeoutMs) {
      return (await wait(names, position, timeoutMs)).reached;
    },
    rest(name, ms, signal) {
      const asked = wantedElsewhere.delete(name);
      if (signal.aborted || asked || [...waiters].some((waiter) => waiter.names.includes(name) && behind(name, waiter.position))) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wakers = resting.get(name) ?? new Set<() => void>();
        resting.set(name, wakers);
        const done = (): void => {
          clearTimeout(timer);
          wakers.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakers.add(done);
        signal.addEventListener('abort', done);
      });
    },
    heard(name) {
      databaseSeenAnswering();
      if (!wake(name)) wantedElsewhere.add(name);
    },
    awaitDatabase(ms, signal) {
      if (signal.aborted) return Promise.resolve();
      const began = Date.now();
      return new Promise<void>((resolve) => {
        let timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          awaitingDatabase.delete(woken);
          signal.removeEventListener('abort', done);
          resolve();
        }
        function woken(): void {
          awaitingDatabase.delete(woken);
          clearTimeout(timer);
          timer = setTimeout(done, Math.max(0, began + Math.min(ms, OUTAGE_WAKE_FLOOR_MS) - Date.now()));
        }
        awaitingDatabase.add(woken);
        signal.addEventListener('abort', done);
      });
    },
    databaseBack: databaseSeenAnswering,
  };
}
