// Phases 1 and 2: the event store's appends and its read of the whole log.
import { randomUUID } from 'node:crypto';
import { type ExpectedRevision, type NewEvent, START } from '../../../infra/eventstore/port.ts';
import type { Core } from '../../system.ts';
import { STREAM_LENGTH } from './settings.ts';

/** 1. one event per append, each writer on its own streams: 'no_stream' first, then the exact revision */
export function appender(core: Core, label: string, writers: number): (worker: number) => Promise<void> {
  const state = Array.from({ length: writers }, () => ({ stream: 0, revision: null as bigint | null, n: 0 }));
  return async (worker) => {
    const own = state[worker]!;
    const stream = `bench.${label}-w${worker}-s${own.stream}`;
    const expected: ExpectedRevision = own.revision === null ? 'no_stream' : own.revision;
    const event: NewEvent = {
      id: randomUUID(),
      type: 'bench-appended',
      data: { writer: worker, n: own.n++, note: 'a small payload' },
      metadata: { userId: null, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
    };
    const result = await core.store.append(stream, [event], expected);
    if (result.nextRevision + 1n >= STREAM_LENGTH) {
      own.stream++;
      own.revision = null;
    } else {
      own.revision = result.nextRevision;
    }
  };
}

/** 2. the whole log, pages of 1000 from START */
export async function readAllRate(core: Core): Promise<{ ops: number; seconds: number }> {
  const started = performance.now();
  let position = START;
  let events = 0;
  for (;;) {
    const page = await core.store.readAll({ after: position, limit: 1000 });
    if (page.length === 0) break;
    events += page.length;
    position = page[page.length - 1]!.position;
  }
  return { ops: events, seconds: (performance.now() - started) / 1000 };
}
