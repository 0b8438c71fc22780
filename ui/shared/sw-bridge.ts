import { registerSW } from 'virtual:pwa-register';

/**
 * The one module that speaks to the service worker. It registers as soon as an app's code loads,
 * whichever screen that code then draws (a questionnaire that cannot load must still be opened
 * offline next time), and tells the page when a new build waits, so the page can ask the user.
 */
type Listener = () => void;

let applyWaiting: ((reload?: boolean) => Promise<void>) | null = null;
let waiting = false;
let started = false;
const listeners = new Set<Listener>();

export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  applyWaiting = registerSW({
    onNeedRefresh: () => {
      waiting = true;
      for (const listener of listeners) listener();
    },
  });
}

/** Calls `listener` when a new build is waiting (at once if one already is); returns the unsubscribe. */
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  if (waiting) listener();
  return () => listeners.delete(listener);
}

/** Lets the waiting build take over, then reloads the page into it. */
export async function reloadIntoUpdate(): Promise<void> {
  await applyWaiting?.(true);
}
