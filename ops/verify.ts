// `ops audit --verify`: the log checked the way an auditor needs it to hold, stream by stream.
import type { RecordedEvent } from '../infra/eventstore/port.ts';
import { aggregateOfStream, streamKind } from './aggregates.ts';

export type VerifyProblem = { readonly stream: string; readonly revision: string | null; readonly problem: string };

export type VerifySummary = {
  readonly verifiedAt: string;
  readonly streams: number;
  readonly events: number;
  /** events per kind of stream (its name up to the id) */
  readonly kinds: Readonly<Record<string, number>>;
  /** streams whose first kept event is not revision 0: their earlier events were erased (truncated) */
  readonly truncated: readonly string[];
  readonly problems: readonly VerifyProblem[];
  readonly ok: boolean;
};

/** One line: a schema's first issue with its field, or the error's first line. */
function reason(error: unknown): string {
  const issue = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues?.[0];
  if (issue) return `${issue.path.map(String).join('.') || 'payload'}: ${issue.message}`.slice(0, 300);
  return (error instanceof Error ? error.message.split('\n')[0]! : String(error)).slice(0, 300);
}

/**
 * Folds every stream it is given, in log order: each event must parse with its schema version and
 * apply to its aggregate, and each stream's revisions must follow one another without a gap. A
 * stream may start past 0 (its head was truncated by an erasure); that is listed, not a problem.
 */
export async function verifyLog(batches: AsyncIterable<readonly RecordedEvent[]>, now: () => Date): Promise<VerifySummary> {
  const streams = new Map<string, { revision: bigint; state: unknown; broken: boolean }>();
  const kinds: Record<string, number> = {};
  const truncated: string[] = [];
  const problems: VerifyProblem[] = [];
  let events = 0;
  for await (const batch of batches) {
    for (const event of batch) {
      events++;
      kinds[streamKind(event.stream)] = (kinds[streamKind(event.stream)] ?? 0) + 1;
      const aggregate = aggregateOfStream(event.stream);
      let seen = streams.get(event.stream);
      if (!seen) {
        seen = { revision: event.revision - 1n, state: aggregate?.initialState, broken: false };
        streams.set(event.stream, seen);
        if (event.revision !== 0n) truncated.push(event.stream);
        if (!aggregate) problems.push({ stream: event.stream, revision: null, problem: 'no aggregate is known for this kind of stream' });
      }
      if (event.revision !== seen.revision + 1n) {
        problems.push({ stream: event.stream, revision: String(event.revision), problem: `revision ${event.revision} follows ${seen.revision}: a gap or a repeat` });
      }
      seen.revision = event.revision;
      if (!aggregate || seen.broken) continue;
      try {
        seen.state = aggregate.evolve(seen.state, aggregate.parse(event.type, event.data, event.metadata.schemaVersion));
      } catch (error) {
        // the later events of a stream that could not be folded say nothing more
        seen.broken = true;
        problems.push({ stream: event.stream, revision: String(event.revision), problem: `${event.type} v${event.metadata.schemaVersion} does not apply: ${reason(error)}` });
      }
    }
  }
  return { verifiedAt: now().toISOString(), streams: streams.size, events, kinds, truncated, problems, ok: problems.length === 0 };
}
