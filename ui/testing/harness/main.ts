// The page the shared-code browser tests drive: ui/shared's modules on `window`, for page.evaluate
// (which can pass only plain data, so outcomes come back as plain objects).
import * as api from '../../shared/api.ts';
import { createOutbox, type Outbox, type OutboxStatus, RETRY_MS } from '../../shared/outbox.ts';

export type Outcome =
  | { readonly kind: 'answer'; readonly value: unknown }
  | { readonly kind: 'refusal'; readonly status: number; readonly code: string; readonly message: string; readonly retryAfterS: number | null; readonly retryable: boolean }
  | { readonly kind: 'no-answer'; readonly reason: api.NoAnswerReason; readonly message: string; readonly retryable: boolean }
  | { readonly kind: 'other'; readonly name: string; readonly message: string };

export type CallOptions = { readonly method?: 'GET' | 'POST'; readonly body?: unknown; readonly deadlineMs?: number };

export type Harness = {
  /** api.ts's deadline for every request unless a call gives its own */
  readonly deadlineMs: number;
  /** outbox.ts's retry interval unless an outbox is given its own */
  readonly retryMs: number;
  /** request() with a JSON object expected, its outcome as data */
  call(path: string, options?: CallOptions): Promise<Outcome>;
  /** an outbox sending each item with request(); every status it publishes is kept in `statuses` */
  openOutbox(name: string, retryMs?: number): Outbox;
  readonly statuses: OutboxStatus[];
};

declare global {
  interface Window {
    harness: Harness;
  }
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof api.ApiRefusal) {
    return { kind: 'refusal', status: error.status, code: error.code, message: error.message, retryAfterS: error.retryAfterS, retryable: api.isRetryable(error) };
  }
  if (error instanceof api.NoAnswer) return { kind: 'no-answer', reason: error.reason, message: error.message, retryable: api.isRetryable(error) };
  return { kind: 'other', name: error instanceof Error ? error.name : typeof error, message: String(error) };
}

const statuses: OutboxStatus[] = [];

window.harness = {
  deadlineMs: api.DEADLINE_MS,
  retryMs: RETRY_MS,
  async call(path, options = {}) {
    try {
      return { kind: 'answer', value: await api.request(path, { ...options, accept: api.isRecord }) };
    } catch (error) {
      return outcomeOf(error);
    }
  },
  openOutbox(name, retryMs) {
    return createOutbox({
      name,
      ...(retryMs === undefined ? {} : { retryMs }),
      send: async (item) => {
        await api.request(item.path, { method: item.method, body: item.body, accept: api.isRecord });
      },
      onStatus: (status) => statuses.push(status),
    });
  },
  statuses,
};
document.getElementById('ready')!.hidden = false;
