/**
 * The shows app's service worker (vite-plugin-pwa injectManifest): the same precache and page
 * fallback as the generated workers of the other apps, plus the push notifications of spec 001 —
 * it shows each one and opens the show when it is tapped.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { routePattern, webApp } from '../apps.ts';
import { notificationOf } from './push-payload.ts';

// The page code is type-checked with the DOM library; the few worker shapes used here are spelled out.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { readonly data: { text(): string } | null };
type NotificationEvent = ExtendableEvent & { readonly notification: Notification };
type WindowClient = { readonly url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type WorkerScope = {
  readonly __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>; openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

// the manifest is injected at `self.__WB_MANIFEST` by the build
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// a listed page opens offline from the precached shell; nothing else does, /api never
const page = webApp('shows').pages.at(-1)!;
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`/${page.html}`), {
    allowlist: page.routes.map(routePattern),
    denylist: [/^\/api(\/|$)/],
  }),
);

// prompt mode: the page says when the waiting build may take over ("A new version is ready: reload")
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

worker.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text() ?? null);
  event.waitUntil(worker.registration.showNotification(shown.title, { body: shown.body, data: { url: shown.url }, tag: shown.tag, icon: '/pwa-192x192.png' }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (open) => {
      const client = open[0];
      if (!client) return worker.clients.openWindow(url);
      // only a page this worker controls can be sent elsewhere (one opened before it was installed
      // cannot): the show then opens in a window of its own
      const moved = await client.navigate(url).then(
        () => true,
        () => false,
      );
      return moved ? client.focus() : worker.clients.openWindow(url);
    }),
  );
});
