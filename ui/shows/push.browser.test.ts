// Push on a phone: the permission granted in the browser context, the app subscribes through the
// shows service worker with the service's VAPID key and registers the device with the API (checked
// in its table); turning it off removes the device. The browser's push service (the vendor's) is
// not reachable here, so PushManager answers with a subscription of the local push stand-in, with
// real P-256 keys; the delivery path is proven on the server side (notifications.int.test.ts).
import t from 'tap';
import { pushStandIn } from '../../testing/stand-ins/push.ts';
import { until } from '../../testing/until.ts';
import { accessibilityInBothThemes, signUp, startShowsBrowserSystem } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);

const devices = async (email: string): Promise<Array<{ endpoint: string }>> =>
  (
    await env.system.core.db.pg.query<{ endpoint: string }>(
      `SELECT s.endpoint FROM shows_state.push_subscriptions s JOIN shows.users u ON u.id = s.user_id WHERE u.email = $1`,
      [email],
    )
  ).rows;

t.test('turning push on subscribes through the service worker and registers the device; off removes it', async (t) => {
  const context = await env.phone();
  await context.grantPermissions(['notifications'], { origin: env.origin });
  const subscriber = (await pushStandIn(t)).subscriber();
  await context.addInitScript((subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    let current: object | null = null;
    const record = window as unknown as { applicationServerKey?: string };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : new Uint8Array();
      record.applicationServerKey = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      current = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, { endpoint: subscriber.endpoint, keys: subscriber.keys });
  const page = await context.newPage();
  const email = await signUp(page, env.origin, 'push');
  t.equal(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL), `${env.origin}/sw.js`, 'the shows worker is active');
  await page.goto(`${env.origin}/settings`);
  const toggle = page.getByRole('switch', { name: 'Notify me on this device when an episode airs' });
  await toggle.click();
  await page.locator('#push-outcome').getByText(/device/).waitFor();
  t.equal(await page.locator('#push-outcome').textContent(), 'This device gets a notification when an episode airs');
  const { publicKey } = (await (await page.request.get(`${env.origin}/api/push/vapid-public-key`)).json()) as { publicKey: string };
  t.equal(await page.evaluate(() => (window as unknown as { applicationServerKey?: string }).applicationServerKey), publicKey, "subscribed with the service's VAPID key");
  t.same(await devices(email), [{ endpoint: subscriber.endpoint }], 'the API stored this device');
  t.ok(await toggle.isChecked(), 'the switch is on');
  t.same(await accessibilityInBothThemes(page), [], 'settings with push on: no serious axe violation');

  await toggle.click();
  await page.getByText('No more notifications on this device').waitFor();
  t.same(await devices(email), [], 'the device is removed');
  t.equal(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null), true, 'and the browser unsubscribed');
});

t.test('a push message is shown as a notification by the service worker; tapping it opens the show', async (t) => {
  const context = await env.phone();
  const page = await context.newPage();
  await signUp(page, env.origin, 'tap');
  // the app as it is on a phone since its last visit: the worker installed and in control
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  // the headless browser has no notification service (it refuses showNotification whatever the
  // permission): the worker's registration records what it is asked to show instead
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: unknown[] };
    scope.shown = [];
    scope.registration.showNotification = async (title: string, options?: NotificationOptions) => void scope.shown.push({ title, ...options });
  });
  const shown = () => worker.evaluate(() => (self as unknown as { shown: Array<{ data: unknown }> }).shown);

  // delivered as the browser delivers a push from its push service (DevTools' "Push" does the same)
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${env.origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const message = { title: 'Slow Horses', body: 'S6E3 "Uptown" airs today', showId: 45039, episodeId: 3643507 };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.origin, registrationId: await registered, data: JSON.stringify(message) });
  t.same(
    await until('the notification shown', async () => {
      const notifications = await shown();
      return notifications.length > 0 && notifications;
    }),
    [{ title: 'Slow Horses', body: 'S6E3 "Uptown" airs today', tag: 'episode-3643507', data: { url: '/shows/45039' }, icon: '/pwa-192x192.png' }],
    'the notification says what airs, and where a tap goes',
  );

  // a tap: the browser's notificationclick with the notification shown, dispatched in the worker
  await worker.evaluate(() => {
    const scope = self as unknown as { shown: Array<{ data: unknown }>; closed: boolean; dispatchEvent(event: Event): boolean };
    scope.closed = false;
    const notification = { data: scope.shown[0]!.data, close: () => void (scope.closed = true) };
    scope.dispatchEvent(Object.assign(new Event('notificationclick'), { notification, waitUntil: () => undefined }));
  });
  await page.waitForURL(`${env.origin}/shows/45039`);
  await page.getByRole('heading', { name: 'Slow Horses', level: 2 }).waitFor();
  t.pass('the open app went to the show');
  t.equal(await worker.evaluate(() => (self as unknown as { closed: boolean }).closed), true, 'and the tapped notification was closed');
});
