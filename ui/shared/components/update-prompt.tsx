import { useEffect, useState } from 'preact/hooks';
import { onUpdateWaiting, reloadIntoUpdate, startServiceWorker } from '../sw-bridge.ts';

// every app draws this prompt: importing it is what registers the service worker
startServiceWorker();

/** When a new build is waiting, offers to switch to it: the page never changes under the user's hands. */
export function UpdatePrompt() {
  const [offered, setOffered] = useState(false);
  useEffect(() => onUpdateWaiting(() => setOffered(true)), []);
  if (!offered) return null;
  return (
    <div class="banner" role="status">
      <p>A new version is ready.</p>
      <button type="button" class="primary" onClick={() => void reloadIntoUpdate()}>
        Reload
      </button>
      <button type="button" onClick={() => setOffered(false)}>
        Later
      </button>
    </div>
  );
}
