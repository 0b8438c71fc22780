import { type ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { isRetryable } from '../shared/api.ts';
import { messageOf } from '../shared/messages.ts';
import { watchSyncMoments } from '../shared/sync-moments.ts';
import type { MarkSync, MarkSyncStatus } from './mark-sync.ts';
import { artworkUrl } from './model.ts';
import type { Replica } from './replica.ts';

const NAVIGATED = 'shows:navigated';

/** Moves to another screen of the app without a reload; `replace` keeps the back button's history clean. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
  if (!replace) window.scrollTo(0, 0);
}

export function useLocation(): { readonly pathname: string; readonly search: string } {
  const read = () => ({ pathname: location.pathname, search: location.search });
  const [where, setWhere] = useState(read);
  useEffect(() => {
    const update = () => setWhere(read());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return where;
}

/** A link that opens its screen in place; a modified click (new tab, …) is left to the browser. */
export function Link({ href, children, class: className, current }: { readonly href: string; readonly children: ComponentChildren; readonly class?: string; readonly current?: boolean }) {
  return (
    <a
      href={href}
      class={className}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

export type Loaded<T> =
  | { readonly kind: 'loading' }
  /** `keptAt`: drawn from this phone's copy, saved then, because the service did not answer */
  | { readonly kind: 'ok'; readonly value: T; readonly keptAt: string | null }
  | { readonly kind: 'failed'; readonly message: string }
  /** no answer, and this phone has no copy of it */
  | { readonly kind: 'not-kept' };

/** The signed-in account's copy on this phone and its queued marks; null while nobody is signed in. */
export const PhoneCopy = createContext<{ readonly replica: Replica; readonly marks: MarkSync } | null>(null);

// when each screen part drawn from the phone's copy was saved: the app says how old the oldest is
const shownFromPhone = new Map<symbol, string>();
const phoneCopyListeners = new Set<() => void>();
const showFromPhone = (part: symbol, savedAt: string | null): void => {
  if ((shownFromPhone.get(part) ?? null) === savedAt) return;
  if (savedAt === null) shownFromPhone.delete(part);
  else shownFromPhone.set(part, savedAt);
  for (const listener of phoneCopyListeners) listener();
};

/** When the oldest part on screen drawn from the phone's copy (the service not answering) was saved. */
export function useOldestFromPhone(): string | null {
  const oldest = () => [...shownFromPhone.values()].sort()[0] ?? null;
  const [value, setValue] = useState(oldest);
  useEffect(() => {
    const update = () => setValue(oldest());
    phoneCopyListeners.add(update);
    update();
    return () => void phoneCopyListeners.delete(update);
  }, []);
  return value;
}

/**
 * Loads once per change of `key`; `reload` asks again, `set` replaces the value with a newer answer.
 * With `keep` (the entry of the phone's copy), the copy is drawn at once, every answer replaces it,
 * and with no answer the copy stays on screen; it asks again when the network comes back or the
 * page becomes visible.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, keep?: string): { readonly state: Loaded<T>; reload(): void; set(value: T): void } {
  const phone = useContext(PhoneCopy);
  const replica = keep ? (phone?.replica ?? null) : null;
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const [part] = useState(() => Symbol(key));
  const shown = useRef(state);
  shown.current = state;
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    let answered = false;
    // a refresh keeps what is on screen until the answer; something else to load starts afresh
    const refresh = shownKey.current === key && (shown.current.kind === 'ok' || shown.current.kind === 'not-kept');
    shownKey.current = key;
    if (!refresh) {
      shown.current = { kind: 'loading' };
      setState(shown.current);
    }
    const kept = replica && keep ? replica.read<T>(keep).catch(() => undefined) : Promise.resolve(undefined);
    void kept.then((copy) => {
      if (live && copy && !answered && shown.current.kind !== 'ok') setState({ kind: 'ok', value: copy.value, keptAt: null });
    });
    load().then(
      (value) => {
        answered = true;
        if (!live) return;
        setState({ kind: 'ok', value, keptAt: null });
        showFromPhone(part, null);
        if (replica && keep) void replica.write(keep, value).catch(() => undefined);
      },
      async (error: unknown) => {
        answered = true;
        const copy = isRetryable(error) ? await kept : undefined;
        if (!live) return;
        if (copy) {
          setState({ kind: 'ok', value: copy.value, keptAt: copy.savedAt });
          showFromPhone(part, copy.savedAt);
        } else if (isRetryable(error) && shown.current.kind === 'ok') {
          // a refresh with no answer: what is on screen stays
        } else if (replica && isRetryable(error)) setState({ kind: 'not-kept' });
        else setState({ kind: 'failed', message: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; `key` says when it asks for something else
  }, [key, round, replica]);
  useEffect(() => () => showFromPhone(part, null), []);
  // drawn from the copy for want of an answer: asked again until one comes (network back, page seen, every 8 s)
  const fromCopy = state.kind === 'not-kept' || (state.kind === 'ok' && state.keptAt !== null);
  useEffect(() => {
    if (!fromCopy) return;
    return watchSyncMoments({ retry: () => setRound((value) => value + 1) });
  }, [fromCopy]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const set = useCallback(
    (value: T) => {
      setState({ kind: 'ok', value, keptAt: null });
      showFromPhone(part, null);
      if (replica && keep) void replica.write(keep, value).catch(() => undefined);
    },
    [replica, keep],
  );
  return { state, reload, set };
}

/** The loading and failure states every screen shares; `children` draws the answer. */
export function LoadedView<T>({ state, reload, what, children }: { readonly state: Loaded<T>; readonly reload: () => void; readonly what: string; readonly children: (value: T) => ComponentChildren }) {
  if (state.kind === 'loading') return <p role="status">Loading {what}…</p>;
  if (state.kind === 'not-kept') {
    return (
      <div class="notice" role="status">
        <p>Offline, and this phone has no copy of {what}: open it once with a connection and it is kept here.</p>
        <button type="button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div class="notice" role="alert">
        <p>
          {what[0]?.toUpperCase()}
          {what.slice(1)} could not be loaded: {state.message}
        </p>
        <button type="button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(state.value)}</>;
}

/** A show's poster, or a placeholder of the same size when there is none or it does not load. */
export function Artwork({ image, name, size = 'small' }: { readonly image: string | null | undefined; readonly name: string; readonly size?: 'small' | 'large' }) {
  const url = artworkUrl(image);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  if (!url || broken) {
    return (
      <div class={`artwork artwork-${size} placeholder`} aria-hidden="true" data-testid="artwork-placeholder">
        {name.trim().slice(0, 1).toUpperCase() || '?'}
      </div>
    );
  }
  // the name is written beside the poster: the image itself adds nothing to read out
  return <img class={`artwork artwork-${size}`} src={url} alt="" loading="lazy" referrerpolicy="no-referrer" onError={() => setBroken(true)} />;
}

const NO_MARKS: MarkSyncStatus = { queued: [], offline: false, answers: new Map(), refused: null };

/** The queued marks as they change; none while nobody is signed in. */
export function useMarkStatus(marks: MarkSync | null): MarkSyncStatus {
  const [status, setStatus] = useState(() => marks?.status() ?? NO_MARKS);
  useEffect(() => {
    if (!marks) return setStatus(NO_MARKS);
    setStatus(marks.status());
    return marks.subscribe(setStatus);
  }, [marks]);
  return status;
}
