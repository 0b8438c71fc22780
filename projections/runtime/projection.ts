import type { DatabaseTransactionConnection } from 'slonik';
import { inStreams, type RecordedEvent } from '../../infra/eventstore/port.ts';

/**
 * A projection owns one schema of read tables. It is rebuilt by replaying the log into a fresh
 * schema beside the live one; bumping `version` makes the next start rebuild it.
 */
export type Projection = {
  readonly name: string;
  readonly version: number;
  /** creates the read tables inside `schema`; runs on an empty schema */
  readonly migrate: (tx: DatabaseTransactionConnection, schema: string) => Promise<void>;
  /**
   * applies events in log order; called inside the transaction that also moves the checkpoint.
   * `bulk`: a rebuild replaying the log into an empty schema; work done better once over all of
   * it (running totals) may wait for `completeBulk`
   */
  readonly apply: (tx: DatabaseTransactionConnection, schema: string, events: readonly RecordedEvent[], options?: { readonly bulk: boolean }) => Promise<void>;
  /**
   * after a bulk replay, before the rebuilt schema goes live (and before the events written meanwhile
   * are applied as live ones): what `apply` left for once at the end, and the indexes `migrate` left
   * out so the load did not have to keep them. Independent steps, run at once, each in a
   * transaction of its own (a rebuild that fails drops the whole schema anyway).
   */
  readonly completeBulk?: ReadonlyArray<(tx: DatabaseTransactionConnection, schema: string) => Promise<void>>;
  /**
   * events per batch when a rebuild replays the log (2,000 unless set): a projection of many small
   * events loads faster in larger ones, each a round of statements over more rows
   */
  readonly replayBatch?: number;
  /**
   * the stream-name prefixes whose events `apply` reads (every stream unless set): a live batch of
   * none of them only moves the checkpoint, in one statement, so that the four contexts' projectors
   * do not each open a transaction for every other context's event
   */
  readonly streams?: readonly string[];
  /**
   * what lets a rebuild's bulk replay write on several connections at once: events of different
   * keys touch no row in common and read nothing the other wrote, so each key's events are applied
   * in log order beside the others'. An event without a key (null) is applied after all before it,
   * and all after it wait for it. Unset: the replay is one batch after another.
   */
  readonly replayKey?: (event: RecordedEvent) => string | null;
};

export type Logger = {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

/** whether `projection` reads `event`'s stream */
export const reads = (projection: Projection, event: RecordedEvent): boolean => inStreams(event.stream, projection.streams);
