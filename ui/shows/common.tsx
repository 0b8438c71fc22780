import { type ComponentChildren, createContext } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { type LoadState, shownSince } from '../shared/load-state.ts';
import { type Load, replicaCopies, useLoad as useSharedLoad } from '../shared/use-load.ts';
import type { MarkSync, MarkSyncStatus } from './mark-sync.ts';
import { artworkUrl } from './model.ts';
import type { Replica } from './replica.ts';
import { links } from './routes.ts';

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

/** What a screen shows of something it loads (the shared rules of ui/shared/load-state.ts). */
export type Loaded<T> = LoadState<T>;

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
 * The shared useLoad (ui/shared/use-load.ts) over the signed-in account's copy: with `keep` (the
 * entry of the phone's copy) the copy is drawn, every answer replaces it, and with no answer the
 * copy stays and the app says since when.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, keep?: string): Load<T> {
  const phone = useContext(PhoneCopy);
  const replica = keep ? (phone?.replica ?? null) : null;
  const copies = useMemo(() => (replica ? replicaCopies(replica) : null), [replica]);
  const loaded = useSharedLoad(key, load, { copies, keep: keep ?? null });
  const [part] = useState(() => Symbol(key));
  const since = shownSince(loaded.state);
  useEffect(() => showFromPhone(part, since), [since]);
  useEffect(() => () => showFromPhone(part, null), []);
  // nothing is kept of this: no answer is a failure to load, not a missing copy
  if (!copies && loaded.state.kind === 'not-kept') return { ...loaded, state: { kind: 'failed', message: loaded.state.message } };
  return loaded;
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

type ShowCardProps = {
  readonly showId: number;
  readonly name: string;
  readonly image: string | null | undefined;
  readonly testId?: string;
  /** what the list says of the show, under its name */
  readonly children?: ComponentChildren;
};

/** A show in a list of cards: its poster and its name, which opens its page. */
export function ShowCard({ showId, name, image, testId, children }: ShowCardProps) {
  return (
    <li class="card" data-testid={testId}>
      <Artwork image={image} name={name} />
      <div class="card-body">
        <h3>
          <Link href={links.show(showId)}>{name}</Link>
        </h3>
        {children}
      </div>
    </li>
  );
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
