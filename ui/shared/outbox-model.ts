// The outbox's decisions, as plain functions over the list of queued commands: which goes next,
// what a new one does to one already waiting, what an answer does. The IndexedDB runner
// (outbox.ts) and the sync simulation (ops/sim) both run these, so what the simulation proves is
// what the phone does.

/** A change the user made, waiting to reach the server. */
export type Command = {
  /** what the command changes (a set, a night, a mark): a newer command under a waiting key replaces it */
  readonly key: string;
  /** made on the device, new for every version of a key's body: tells a replaced command from the one sent */
  readonly id: string;
  /** when the user made the change, by the device's clock */
  readonly madeAt: string;
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body: unknown;
  /** the order commands were made in; a replaced command keeps its place */
  readonly seq: number;
  /** tries that got no answer: the row says "queued" rather than "saving" once one failed */
  readonly tries: number;
  /** what the server said when it refused the command; it then waits for the user, not the network */
  readonly refusal?: { readonly status: number; readonly code: string; readonly message: string };
};

export type NewCommand = Pick<Command, 'key' | 'id' | 'madeAt' | 'method' | 'path' | 'body'>;

export type Outcome =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'no-answer' }
  | { readonly kind: 'refused'; readonly refusal: NonNullable<Command['refusal']> };

const bySeq = (a: Command, b: Command): number => a.seq - b.seq;

/**
 * The oldest command the server has not refused. One at a time and in the order they were made:
 * a workout is started before its sets are ticked, and a later tick of a set is never overtaken
 * by an older one.
 */
export function nextToSend(commands: readonly Command[]): Command | null {
  return [...commands].sort(bySeq).find((command) => !command.refusal) ?? null;
}

/** The commands with a new one added; one waiting under the same key is replaced and keeps its place. */
export function enqueue(commands: readonly Command[], made: NewCommand): Command[] {
  const existing = commands.find((command) => command.key === made.key);
  const seq = existing?.seq ?? Math.max(0, ...commands.map((command) => command.seq)) + 1;
  const next: Command = { ...made, seq, tries: 0 };
  return [...commands.filter((command) => command.key !== made.key), next].sort(bySeq);
}

/**
 * The commands after the server's answer (or its absence) to `sent`. A command replaced while it
 * was on its way stays, untouched: the newer body still has to go.
 */
export function settle(commands: readonly Command[], sent: Command, outcome: Outcome): Command[] {
  const now = commands.find((command) => command.key === sent.key);
  if (now?.id !== sent.id) return [...commands];
  const others = commands.filter((command) => command.key !== sent.key);
  if (outcome.kind === 'accepted') return others;
  const settled: Command = outcome.kind === 'refused' ? { ...now, refusal: outcome.refusal } : { ...now, tries: now.tries + 1 };
  return [...others, settled].sort(bySeq);
}

/** The user asked to try again: refused commands go back in line, in their places. */
export function retryRefused(commands: readonly Command[]): Command[] {
  return commands.map((command) => {
    if (!command.refusal) return command;
    const { refusal: _dropped, ...again } = command;
    return again;
  });
}
