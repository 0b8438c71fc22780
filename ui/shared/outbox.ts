import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { ApiRefusal, isRetryable } from './api.ts';

/**
 * Requests the user must not lose, written to IndexedDB before they are sent: they survive a
 * reload, a closed app and a dead battery, and are sent when the network is back. Every request
 * must be idempotent, because one that reached the server may be sent again when its answer was
 * lost. The key is the request's identity: queueing under a key that already waits replaces it
 * (a newer whole snapshot of the same session supersedes the older one).
 */
export type OutboxItem = {
  readonly key: string;
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body: unknown;
  /** the order items were queued in; a replaced item keeps its place */
  readonly seq: number;
  /** tells a replaced item from the one that was sent */
  readonly queuedAt: string;
  /** what the server said when it refused the item; such an item waits for the user, not the network */
  readonly refusal?: { readonly status: number; readonly code: string; readonly message: string };
};

export type OutboxStatus = {
  /** items still to send, refused ones not counted */
  readonly waiting: number;
  /** a send is under way */
  readonly sending: boolean;
  /** the last attempt had no answer: waiting for the network */
  readonly offline: boolean;
  /** items the server refused, kept (across reloads too) so the user can see and retry them */
  readonly refused: readonly OutboxItem[];
};

export type OutboxOptions = {
  /** one IndexedDB database per app */
  readonly name: string;
  /** sends one item; resolves when the server accepted it, throws `ApiRefusal`/`NoAnswer` otherwise */
  readonly send: (item: OutboxItem) => Promise<void>;
  readonly onStatus?: (status: OutboxStatus) => void;
  readonly retryMs?: number;
};

export const RETRY_MS = 8_000;
/**
 * `online` fires when a network interface comes up, often before requests get through (an address
 * still being assigned, a browser still switching networks): a try that fails then is made again
 * this much later, not only at the next 8 s retry.
 */
export const ONLINE_SETTLE_MS = 2_000;

export type Outbox = {
  /** resolves once the request is stored, not when it is sent: the network may be gone for hours */
  queue(key: string, method: OutboxItem['method'], path: string, body: unknown): Promise<void>;
  /** tries now (the user tapped retry); refused items are tried again too */
  retry(): Promise<void>;
  status(): OutboxStatus;
  items(): Promise<OutboxItem[]>;
  /** drops every item, waiting or refused: what a signed-out account left must not be sent for the next one */
  clear(): Promise<void>;
  stop(): void;
};

/**
 * Each change is one IndexedDB transaction that reads what it decides on: a queue() landing while
 * a send is in flight, or two queue() calls at once (in this tab or another), can never lose an
 * item nor hand two items the same place in the order.
 */
function queueStore(name: string) {
  const store: UseStore = createStore(`${name}-outbox`, 'requests');
  const all = async (): Promise<OutboxItem[]> =>
    (await store('readonly', (requests) => promisifyRequest(requests.getAll() as IDBRequest<OutboxItem[]>))).sort((a, b) => a.seq - b.seq);
  const change = (edit: (requests: IDBObjectStore, items: OutboxItem[]) => void): Promise<void> =>
    store('readwrite', (requests) => {
      const read = requests.getAll() as IDBRequest<OutboxItem[]>;
      read.onsuccess = () => edit(requests, read.result);
      return promisifyRequest(requests.transaction);
    });
  return { all, change };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const store = queueStore(options.name);
  const retryMs = options.retryMs ?? RETRY_MS;
  let current: OutboxStatus = { waiting: 0, sending: false, offline: false, refused: [] };
  let flushing: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const publish = (next: Partial<OutboxStatus>): void => {
    current = { ...current, ...next };
    options.onStatus?.(current);
  };

  // while anything waits, try every 8 s; nothing runs when the queue is empty
  const keepTrying = (count: number): void => {
    if (count > 0 && !timer) timer = setInterval(() => void flush(), retryMs);
    if (count === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  async function drain(): Promise<void> {
    for (;;) {
      const all = await store.all();
      const pending = all.filter((item) => !item.refusal);
      publish({ waiting: pending.length, refused: all.filter((item) => item.refusal) });
      keepTrying(pending.length);
      const item = pending[0];
      if (!item) return;
      publish({ sending: true });
      let refusal: OutboxItem['refusal'];
      try {
        await options.send(item);
      } catch (error) {
        if (!(error instanceof ApiRefusal) || isRetryable(error)) {
          publish({ sending: false, offline: true });
          return;
        }
        refusal = { status: error.status, code: error.code, message: error.message };
      }
      publish({ sending: false, offline: false });
      // the item may have been replaced while it was in flight: only the version sent leaves
      await store.change((requests, items) => {
        const now = items.find((stored) => stored.key === item.key);
        if (now?.queuedAt !== item.queuedAt) return;
        if (refusal) requests.put({ ...item, refusal }, item.key);
        else requests.delete(item.key);
      });
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = drain()
      .catch(() => publish({ sending: false, offline: true }))
      .finally(() => {
        flushing = null;
        if (again) {
          again = false;
          void flush();
        }
      });
    return flushing;
  }

  let settle: ReturnType<typeof setTimeout> | null = null;
  const onOnline = (): void => {
    void flush().then(() => {
      if (!current.offline || current.waiting === 0 || settle) return;
      settle = setTimeout(() => {
        settle = null;
        void flush();
      }, ONLINE_SETTLE_MS);
    });
  };
  const onVisible = (): void => {
    if (document.visibilityState === 'visible') void flush();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void flush();

  let counter = 0;
  return {
    async queue(key, method, path, body) {
      const queuedAt = `${new Date().toISOString()}#${++counter}#${Math.random().toString(36).slice(2)}`;
      await store.change((requests, items) => {
        const existing = items.find((item) => item.key === key);
        const seq = existing?.seq ?? Math.max(0, ...items.map((item) => item.seq)) + 1;
        requests.put({ key, method, path, body, seq, queuedAt } satisfies OutboxItem, key);
      });
      void flush();
    },
    async retry() {
      await store.change((requests, items) => {
        for (const item of items) {
          if (!item.refusal) continue;
          const { refusal: _dropped, ...again } = item;
          requests.put(again, item.key);
        }
      });
      await flush();
    },
    status: () => current,
    items: store.all,
    async clear() {
      await store.change((requests) => requests.clear());
      await flush();
    },
    stop() {
      window.removeEventListener('online', onOnline);
      if (settle) clearTimeout(settle);
      document.removeEventListener('visibilitychange', onVisible);
      keepTrying(0);
    },
  };
}
