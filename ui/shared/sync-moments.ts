// When a queued change is worth another try, the same for every app: the network came back, the
// page became visible again (a phone unlocked, the tab brought forward), and every 8 s while
// something waits. And the one moment to send what is left before the page may never run again.
export const RETRY_MS = 8_000;

export type SyncMoment = 'online' | 'visible' | 'interval';

export type SyncMomentsOptions = {
  /** a moment to try again; called often, so it must be cheap when nothing waits */
  readonly retry: (moment: SyncMoment) => void;
  /**
   * the page is being hidden or closed: timers may never run again, so what waits goes now, with
   * `keepalive` requests that outlive the page
   */
  readonly leaving?: () => void;
  readonly intervalMs?: number;
};

/** Starts watching; the function returned stops it. */
export function watchSyncMoments(options: SyncMomentsOptions): () => void {
  const onOnline = (): void => options.retry('online');
  const onVisibility = (): void => {
    if (document.visibilityState === 'visible') options.retry('visible');
    else options.leaving?.();
  };
  const onPageHide = (): void => options.leaving?.();
  const timer = setInterval(() => options.retry('interval'), options.intervalMs ?? RETRY_MS);
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
