import { formAggregate, FORM_STREAM_PREFIX } from '../domain/forms/form.ts';
import type { Aggregate } from '../domain/shared/aggregate.ts';
import type { DomainEvent } from '../domain/shared/events.ts';

type AnyAggregate = Aggregate<unknown, DomainEvent>;

/** Which aggregate a stream holds, by its name's prefix: `ops audit --at` folds with it. */
const byPrefix: ReadonlyArray<readonly [string, AnyAggregate]> = [[FORM_STREAM_PREFIX, formAggregate as AnyAggregate]];

export function aggregateOfStream(stream: string): AnyAggregate | undefined {
  return byPrefix.find(([prefix]) => stream.startsWith(prefix))?.[1];
}
