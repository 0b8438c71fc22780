import { useEffect, useState } from 'preact/hooks';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (the app shell then opens with no network) and, when a new build
 * is waiting, offers to switch: the page never changes under the user's hands.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const updateSW = registerSW({
      onNeedRefresh: () => setUpdate(() => updateSW),
    });
  }, []);
  if (!update) return null;
  return (
    <div class="banner" role="status">
      <p>A new version is ready.</p>
      <button type="button" class="primary" onClick={() => void update(true)}>
        Reload
      </button>
      <button type="button" onClick={() => setUpdate(null)}>
        Later
      </button>
    </div>
  );
}
