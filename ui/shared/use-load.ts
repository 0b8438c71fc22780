/**
 * The one way a screen loads what it shows (issue 32): this phone's copy at once, the server's
 * answer over it and into the copy, asked again when the network comes back or the page is seen
 * again (another device may have changed it), and every 8 s while what is shown has no answer. The
 * rules are load-state.ts; this only runs them.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { isRetryable } from './api.ts';
import { initialLoadState, type KeptCopy, type LoadEvent, type LoadState, nextLoadState, waitsForAnswer } from './load-state.ts';
import { messageOf, type MessageOptions } from './messages.ts';
import type { Replica } from './replica.ts';
import { watchSyncMoments } from './sync-moments.ts';

export type { KeptCopy, LoadState };

/**
 * Where the copies are kept. A read may be synchronous (a replica held in memory: the screen's
 * first frame already shows the copy) or not (IndexedDB read on demand).
 */
export type Copies = {
  read<T>(entry: string): KeptCopy<T> | null | Promise<KeptCopy<T> | null>;
  write(entry: string, value: unknown): void;
};

// beside each entry, not inside it: other code reads the entries of the replica as plain values
const savedAtEntry = (entry: string): string => `saved-at:${entry}`;

/** The shared replica (replica.ts) as copies; when each was saved is kept beside it. */
export function replicaCopies(replica: Pick<Replica, 'get' | 'put'>): Copies {
  return {
    read<T>(entry: string) {
      const value = replica.get<T>(entry);
      return value === null ? null : { value, savedAt: replica.get<string>(savedAtEntry(entry)) };
    },
    write(entry, value) {
      replica.put(entry, value);
      replica.put(savedAtEntry(entry), new Date().toISOString());
    },
  };
}

export type LoadOptions = {
  /** where copies are kept; none: nothing kept, nothing drawn before the answer */
  readonly copies?: Copies | null;
  /** the entry of the copies that holds this; none: not kept */
  readonly keep?: string | null;
  /** also every 8 s while all is well: for what other people change while it is open */
  readonly poll?: boolean;
  /** how a failure is said (the reader's unit, this screen's words for no answer) */
  readonly message?: MessageOptions;
};

export type Load<T> = {
  readonly state: LoadState<T>;
  /** asks again now, keeping what is shown until the answer */
  reload(): void;
  /** a newer value the screen itself got (its change answered); kept as the copy */
  set(value: T): void;
};

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * `key` names what is loaded: a new key starts afresh, the same key refreshes what is shown.
 * `fetch` may be a new closure each render: the one of the latest render is called.
 */
export function useLoad<T>(key: string, fetch: () => Promise<T>, options: LoadOptions = {}): Load<T> {
  const { copies = null, keep = null, poll = false, message } = options;
  const readNow = (): KeptCopy<T> | null => {
    if (!copies || !keep) return null;
    try {
      const copy = copies.read<T>(keep);
      return isPromise(copy) ? null : copy;
    } catch {
      return null;
    }
  };
  const [state, dispatch] = useReducer<LoadState<T>, LoadEvent<T>, null>(nextLoadState, null, () => initialLoadState(readNow()));
  const [round, setRound] = useState(0);
  const latest = useRef({ fetch, copies, keep, message });
  latest.current = { fetch, copies, keep, message };
  const shownKey = useRef<string | null>(null);
  const asking = useRef(false);

  useEffect(() => {
    let live = true;
    const fresh = shownKey.current !== null && shownKey.current !== key;
    shownKey.current = key;
    const { fetch: ask, copies: store, keep: entry, message: words } = latest.current;
    const readCopy = async (): Promise<KeptCopy<T> | null> => {
      if (!store || !entry) return null;
      try {
        return await store.read<T>(entry);
      } catch {
        return null;
      }
    };
    if (fresh) {
      dispatch({ type: 'start' });
      const copy = readNow();
      if (copy) dispatch({ type: 'copy', copy });
    }
    const copy = readCopy();
    void copy.then((found) => {
      if (live && found) dispatch({ type: 'copy', copy: found });
    });
    asking.current = true;
    ask().then(
      (value) => {
        if (!live) return;
        asking.current = false;
        dispatch({ type: 'answer', value });
        if (store && entry) store.write(entry, value);
      },
      async (error: unknown) => {
        const found = await copy;
        if (!live) return;
        asking.current = false;
        dispatch({ type: 'failure', retryable: isRetryable(error), message: messageOf(error, words), copy: found });
      },
    );
    return () => {
      live = false;
      asking.current = false;
    };
    // `fetch` and the copies are read from the latest render; `key` says when it is something else
  }, [key, round]);

  const waiting = waitsForAnswer(state);
  useEffect(
    () =>
      watchSyncMoments({
        retry: (moment) => {
          // one ask at a time; the 8 s tick only while nothing answered, or when others' changes matter
          if (asking.current || (moment === 'interval' && !waiting && !poll)) return;
          setRound((value) => value + 1);
        },
      }),
    [waiting, poll],
  );

  const shown = useRef(state);
  shown.current = state;
  const reload = useCallback(() => {
    // after a refusal, asking again is a new load: "Loading" rather than the old refusal
    if (shown.current.kind === 'failed') dispatch({ type: 'start' });
    setRound((value) => value + 1);
  }, []);
  const set = useCallback((value: T) => {
    dispatch({ type: 'set', value });
    const { copies: store, keep: entry } = latest.current;
    if (store && entry) store.write(entry, value);
  }, []);
  return { state, reload, set };
}
