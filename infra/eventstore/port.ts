// The event store port: the only way the rest of the code reaches the log.
// Two adapters implement it (PostgreSQL, EventStoreDB); one contract suite tests both.

/**
 * A place in the global log. `commit` orders first, `prepare` breaks ties; this is EventStoreDB's
 * own shape, and the PostgreSQL adapter maps its (transaction id, sequence) onto it so that a
 * reader ordering by the pair never skips an event that committed late.
 */
export type Position = { readonly commit: bigint; readonly prepare: bigint };

export const START: Position = { commit: -1n, prepare: -1n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!match) throw new Error(`not a position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export type EventMetadata = {
  /** the acting user, or null for anonymous and system actions */
  readonly userId: string | null;
  /** the request that caused the command */
  readonly correlationId: string;
  /** the message that directly caused this event (the command id, or an earlier event id) */
  readonly causationId: string;
  /** version of the payload's schema, for upcasting on read */
  readonly schemaVersion: number;
  /** the browser and system the request came from ("Safari on iPhone"), where a history shows it */
  readonly device?: string;
};

export type NewEvent = {
  readonly id: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: EventMetadata;
};

export type RecordedEvent = NewEvent & {
  readonly stream: string;
  /** 0-based index of the event inside its stream */
  readonly revision: bigint;
  readonly position: Position;
  readonly recordedAt: Date;
};

/**
 * `no_stream`: the stream must not exist; `stream_exists`: it must; `any`: no check;
 * a bigint: the stream's last revision must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export type AppendResult = {
  /** revision of the last appended event */
  readonly nextRevision: bigint;
  /** position of the last appended event */
  readonly position: Position;
};

export class WrongExpectedRevisionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  /** the stream's last revision, or 'no_stream' */
  readonly actual: bigint | 'no_stream';

  constructor(stream: string, expected: ExpectedRevision, actual: bigint | 'no_stream', options?: ErrorOptions) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`, options);
    this.name = 'WrongExpectedRevisionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * The append names an acting user (`metadata.userId`) who has been fenced out (`fenceOut`): erased,
 * or being erased. Nothing of it was written.
 */
export class UserErasedError extends Error {
  readonly stream: string;

  constructor(stream: string, options?: ErrorOptions) {
    super(`stream ${stream}: the append names an erased user as its acting user`, options);
    this.name = 'UserErasedError';
    this.stream = stream;
  }
}

export type ReadAllOptions = {
  /** read events strictly after this position; START reads from the beginning */
  readonly after: Position;
  readonly limit: number;
  /**
   * only events of streams whose name starts with one of these (every stream when absent): a
   * rebuild reads its context's events without the others', whose bodies are most of a mixed log
   */
  readonly streams?: readonly string[];
};

/** whether `stream` is one of `streams` (ReadAllOptions): every stream when absent */
export const inStreams = (stream: string, streams: readonly string[] | undefined): boolean =>
  streams === undefined || streams.some((prefix) => stream.startsWith(prefix));

/**
 * Yields non-empty batches in global order: what is stored first, then live events as they commit.
 * Batches let a consumer apply many events in one transaction; iterating ends after `close()`.
 */
export type Subscription = AsyncIterable<RecordedEvent[]> & { close(): Promise<void> };

export interface EventStore {
  /**
   * All the events or none. An event whose acting user (`metadata.userId`) was fenced out refuses
   * the whole append: UserErasedError.
   */
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** all events of a stream in order; an empty list when the stream does not exist */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /** a batch of events in global order, strictly after `after` */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** events in global order after `after`, then live ones as they commit, until closed */
  subscribeToAll(after: Position, options?: { readonly maxBatch?: number }): Subscription;
  /**
   * Erases the stream and its events; the name can be written again, starting with `no_stream`.
   * With `expected` (default `any`) not met nothing is deleted: WrongExpectedRevisionError.
   */
  deleteStream(stream: string, expected?: ExpectedRevision): Promise<void>;
  /**
   * Erases the stream's events before revision `before`; the later ones stay, and appends go on at
   * the stream's revision, so whoever expects it is not disturbed.
   */
  truncateStream(stream: string, before: bigint): Promise<void>;
  /**
   * The revision and id of a stream's last event, null when it does not exist: one cheap read that
   * tells whether a state folded earlier is still the stream's (event ids are never reused).
   */
  lastEvent(stream: string): Promise<{ readonly revision: bigint; readonly id: string } | null>;
  /**
   * Erasure's first step: once this resolves, every append naming the user as its acting user is
   * refused (UserErasedError), in every process, and every one accepted before has committed, so
   * `headPosition` and `streamsOfActor` count it. Doing it again changes nothing.
   */
  fenceOut(userId: string): Promise<void>;
  /**
   * The streams holding an event whose acting user is `userId`, found in the log itself, in code
   * point order: a read of the whole log where the store keeps no index of actors, for an erasure
   * and never a request.
   */
  streamsOfActor(userId: string): Promise<string[]>;
  /** position of the newest event in the log, START when empty */
  headPosition(): Promise<Position>;
  /**
   * how many events the log holds now, of `streams` (prefixes, as ReadAllOptions) when given: a
   * rebuild's total; one query where the store can count, else a read through
   */
  count(streams?: readonly string[]): Promise<number>;
  close(): Promise<void>;
}
