import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { ApiRefusal, isRetryable } from './api.ts';
import { type Command, enqueue, type NewCommand, nextToSend, type Outcome, retryRefused, settle } from './outbox-model.ts';
import { RETRY_MS, watchSyncMoments } from './sync-moments.ts';

export { RETRY_MS };

/**
 * Requests the user must not lose, written to IndexedDB before they are sent: they survive a
 * reload, a closed app and a dead battery, and are sent when the network is back. Every request
 * must be idempotent, because one that reached the server may be sent again when its answer was
 * lost. The key is the request's identity: queueing under a key that already waits replaces it
 * (a newer whole snapshot of the same session supersedes the older one). The decisions are
 * outbox-model.ts; this file stores them in IndexedDB and runs them on the moments of
 * sync-moments.ts.
 */
export type OutboxItem = Command;

export type OutboxStatus = {
  /** items still to send, refused ones not counted */
  readonly waiting: number;
  /** a send is under way */
  readonly sending: boolean;
  /** the last attempt had no answer: waiting for the network */
  readonly offline: boolean;
  /** items the server refused, kept (across reloads too) so the user can see and retry them */
  readonly refused: readonly OutboxItem[];
  /** every item held, in order, as last read or written: an app draws its waiting changes from it */
  readonly commands: readonly OutboxItem[];
};

export type OutboxOptions = {
  /** one IndexedDB database per app */
  readonly name: string;
  /**
   * sends one item; resolves when the server accepted it, throws `ApiRefusal`/`NoAnswer` otherwise.
   * `keepalive`: the request must outlive the page (the tab may close before the answer comes)
   */
  readonly send: (item: OutboxItem, how: { readonly keepalive: boolean }) => Promise<void>;
  readonly onStatus?: (status: OutboxStatus) => void;
  readonly retryMs?: number;
};

/**
 * `online` fires when a network interface comes up, often before requests get through (an address
 * still being assigned, a browser still switching networks): a try that fails then is made again
 * this much later, not only at the next 8 s retry.
 */
export const ONLINE_SETTLE_MS = 2_000;

export type Outbox = {
  /**
   * resolves once the request is stored, not when it is sent: the network may be gone for hours.
   * `id` and `madeAt` are made here unless the app made them already (a body that carries them).
   */
  queue(key: string, method: OutboxItem['method'], path: string, body: unknown, made?: { readonly id: string; readonly madeAt: string }): Promise<OutboxItem>;
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
  /** replaces the stored commands with what `decide` makes of them, in one transaction; resolves with them */
  const change = async (decide: (items: readonly OutboxItem[]) => readonly OutboxItem[]): Promise<readonly OutboxItem[]> => {
    let after: readonly OutboxItem[] = [];
    await store('readwrite', (requests) => {
      const read = requests.getAll() as IDBRequest<OutboxItem[]>;
      read.onsuccess = () => {
        const before = read.result;
        after = [...decide(before)].sort((a, b) => a.seq - b.seq);
        const kept = new Map(after.map((item) => [item.key, item]));
        for (const item of before) if (!kept.has(item.key)) requests.delete(item.key);
        for (const item of after) {
          const was = before.find((each) => each.key === item.key);
          if (was !== item) requests.put(item, item.key);
        }
      };
      return promisifyRequest(requests.transaction);
    });
    return after;
  };
  return { all, change };
}

const newId = (): string => crypto.randomUUID();

/**
 * Browsers allow 64 KB of keepalive bodies in flight per page. As the page is left only the next
 * command goes again, with keepalive: it is usually the one just made, and sending the ones behind
 * it at the same moment could deliver them in any order.
 */
const KEEPALIVE_BODY_LIMIT = 32_000;
const bodySize = (item: OutboxItem): number => (item.body === undefined || item.body === null ? 0 : JSON.stringify(item.body).length);

const outcomeOf = (error: unknown): Outcome => {
  if (!(error instanceof ApiRefusal) || isRetryable(error)) return { kind: 'no-answer' };
  return { kind: 'refused', refusal: { status: error.status, code: error.code, message: error.message } };
};

export function createOutbox(options: OutboxOptions): Outbox {
  const store = queueStore(options.name);
  let current: OutboxStatus = { waiting: 0, sending: false, offline: false, refused: [], commands: [] };
  let flushing: Promise<void> | null = null;
  let again = false;

  const publish = (next: Partial<OutboxStatus>): void => {
    current = { ...current, ...next };
    options.onStatus?.(current);
  };
  const held = (commands: readonly OutboxItem[]): Partial<OutboxStatus> => ({
    commands,
    waiting: commands.filter((item) => !item.refusal).length,
    refused: commands.filter((item) => item.refusal),
  });

  async function drain(): Promise<void> {
    for (;;) {
      const all = await store.all();
      publish(held(all));
      const item = nextToSend(all);
      if (!item) return;
      publish({ sending: true });
      let outcome: Outcome = { kind: 'accepted' };
      try {
        await options.send(item, { keepalive: false });
      } catch (error) {
        outcome = outcomeOf(error);
      }
      const after = await store.change((items) => settle(items, item, outcome));
      publish({ ...held(after), sending: false, offline: outcome.kind === 'no-answer' });
      if (outcome.kind === 'no-answer') return;
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

  let onlineSettle: ReturnType<typeof setTimeout> | null = null;
  const onOnline = (): void => {
    void flush().then(() => {
      if (!current.offline || current.waiting === 0 || onlineSettle) return;
      onlineSettle = setTimeout(() => {
        onlineSettle = null;
        void flush();
      }, ONLINE_SETTLE_MS);
    });
  };
  // The page may never run again: the command at the head goes now in a request that outlives it
  // (the tab closed right after a tick). It may be the one already on its way, sent twice: every
  // command is idempotent, and the next page's outbox still holds it until an answer is read.
  const leaving = (): void => {
    void store.all().then((all) => {
      const head = nextToSend(all);
      if (head && bodySize(head) < KEEPALIVE_BODY_LIMIT) void options.send(head, { keepalive: true }).catch(() => undefined);
    });
  };
  const stopWatching = watchSyncMoments({
    leaving,
    retry: (moment) => {
      if (moment === 'online') onOnline();
      else if (moment === 'visible' || current.waiting > 0) void flush();
    },
    intervalMs: options.retryMs ?? RETRY_MS,
  });
  void flush();

  return {
    async queue(key, method, path, body, made) {
      const command: NewCommand = { key, method, path, body, id: made?.id ?? newId(), madeAt: made?.madeAt ?? new Date().toISOString() };
      const after = await store.change((items) => enqueue(items, command));
      // the item is drawn as waiting at once, before the send it starts
      publish(held(after));
      void flush();
      return after.find((item) => item.key === key) ?? { ...command, seq: 0, tries: 0 };
    },
    async retry() {
      publish(held(await store.change(retryRefused)));
      await flush();
    },
    status: () => current,
    items: store.all,
    async clear() {
      publish(held(await store.change(() => [])));
      await flush();
    },
    stop() {
      stopWatching();
      if (onlineSettle) clearTimeout(onlineSettle);
    },
  };
}
