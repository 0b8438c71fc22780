import t from 'tap';
import { keepScreenOn, type WakeLockPage } from './wake-lock.ts';

/** A page whose visibility the test sets, and a wake lock that records what was asked of it. */
function fakePage() {
  const log: string[] = [];
  const listeners = new Set<() => void>();
  const sentinels: Array<{ released: boolean }> = [];
  let visibilityState: DocumentVisibilityState = 'visible';
  const page = {
    wakeLock: {
      async request() {
        log.push('request');
        const sentinel = {
          released: false,
          async release() {
            sentinel.released = true;
            log.push('release');
          },
        };
        sentinels.push(sentinel);
        return sentinel as unknown as WakeLockSentinel;
      },
    },
    document: {
      get visibilityState() {
        return visibilityState;
      },
      addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    } as unknown as WakeLockPage['document'],
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const show = async (state: DocumentVisibilityState) => {
    visibilityState = state;
    // the browser lets go of the lock itself when the page is hidden
    if (state === 'hidden') for (const sentinel of sentinels) sentinel.released = true;
    for (const listener of listeners) listener();
    await settle();
  };
  return { page, log, listeners, show, settle };
}

t.test('held while wanted, asked again each time the page is shown, let go when stopped', async (t) => {
  const { page, log, listeners, show, settle } = fakePage();
  const stop = keepScreenOn(page);
  await settle();
  t.same(log, ['request']);
  await show('hidden');
  t.same(log, ['request'], 'hidden: nothing to ask');
  await show('visible');
  t.same(log, ['request', 'request'], 'shown again: asked again');
  await show('visible');
  t.same(log, ['request', 'request'], 'still held: not asked twice');
  stop();
  t.same(log, ['request', 'request', 'release']);
  t.equal(listeners.size, 0, 'no longer listening');
  await show('hidden');
  await show('visible');
  t.equal(log.length, 3, 'stopped: never asked again');
});

t.test('stopped before the lock came: it is let go as it comes; no wake lock at all: nothing happens', async (t) => {
  const { page, log, settle } = fakePage();
  keepScreenOn(page)();
  await settle();
  t.same(log, ['request', 'release']);
  t.doesNotThrow(() => keepScreenOn({ wakeLock: undefined, document: page.document })());
});
