// Keeps the screen on while something runs (a club round). The browser drops a screen wake lock
// whenever the page is hidden (another app, the screen blinking off), so holding it means asking
// again each time the page becomes visible, for as long as it is wanted.

/** What this module needs of the page: `navigator` and `document`, passed in so a test can stand in for them. */
export type WakeLockPage = {
  readonly wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } | undefined;
  readonly document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
};

/**
 * Holds a screen wake lock from now until the returned stop is called, asking again whenever the
 * page becomes visible without one. A refusal (battery saver, no permission) is not an error: the
 * screen may sleep, and the next visibility asks again.
 */
export function keepScreenOn(page: WakeLockPage = { wakeLock: 'wakeLock' in navigator ? navigator.wakeLock : undefined, document }): () => void {
  const wakeLock = page.wakeLock;
  if (!wakeLock) return () => undefined;
  let held: WakeLockSentinel | null = null;
  let asking = false;
  let stopped = false;
  const ask = () => {
    if (stopped || asking || page.document.visibilityState !== 'visible' || (held !== null && !held.released)) return;
    asking = true;
    wakeLock.request('screen').then(
      (sentinel) => {
        asking = false;
        if (stopped) void sentinel.release();
        else held = sentinel;
      },
      () => {
        asking = false;
      },
    );
  };
  page.document.addEventListener('visibilitychange', ask);
  ask();
  return () => {
    stopped = true;
    page.document.removeEventListener('visibilitychange', ask);
    if (held !== null && !held.released) void held.release();
    held = null;
  };
}
