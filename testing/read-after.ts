// Test support: a client's memory of where its writes landed, sent back on its reads as the web
// apps' `request` does (docs/api.md, "Reading your own writes").
import { LOG_POSITION_HEADER } from '../command-api/shared/read-your-writes.ts';
import { comparePositions, parsePosition } from '../infra/eventstore/port.ts';

export type ReadAfter = {
  /** keeps the answer's position when it is later than the one kept */
  remember(answer: { readonly headers: Headers | Record<string, unknown> }): void;
  /** the header that makes a read wait for every write remembered; none before the first */
  headers(): Record<string, string>;
};

export function createReadAfter(): ReadAfter {
  let latest: string | undefined;
  return {
    remember({ headers }) {
      const position = headers instanceof Headers ? headers.get(LOG_POSITION_HEADER) : headers[LOG_POSITION_HEADER];
      if (typeof position !== 'string') return;
      if (!latest || comparePositions(parsePosition(position), parsePosition(latest)) > 0) latest = position;
    },
    headers: (): Record<string, string> => (latest ? { [LOG_POSITION_HEADER]: latest } : {}),
  };
}
