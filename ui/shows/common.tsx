import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiRefusal, NoAnswer } from '../shared/api.ts';
import { artworkUrl } from './model.ts';

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

/** What to tell the user about a failed call: the API's own words, or that there was no answer. */
export function describe(error: unknown): string {
  if (error instanceof ApiRefusal) return error.message;
  if (error instanceof NoAnswer) return error.reason === 'not-our-answer' ? 'The service gave an answer this app cannot read. Try again.' : 'No connection to the service. Try again when you are online.';
  return 'Something went wrong. Try again.';
}

export type Loaded<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'failed'; readonly message: string };

/** Loads once per change of `key`; `reload` asks again, `set` replaces the value with a newer answer. */
export function useLoad<T>(load: () => Promise<T>, key: string): { readonly state: Loaded<T>; reload(): void; set(value: T): void } {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => live && setState({ kind: 'ok', value }),
      (error: unknown) => live && setState({ kind: 'failed', message: describe(error) }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; `key` says when it asks for something else
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const set = useCallback((value: T) => setState({ kind: 'ok', value }), []);
  return { state, reload, set };
}

/** The loading and failure states every screen shares; `children` draws the answer. */
export function LoadedView<T>({ state, reload, what, children }: { readonly state: Loaded<T>; readonly reload: () => void; readonly what: string; readonly children: (value: T) => ComponentChildren }) {
  if (state.kind === 'loading') return <p role="status">Loading {what}…</p>;
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
