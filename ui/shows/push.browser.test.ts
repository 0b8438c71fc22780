// Push on a phone: the permission granted in the browser context, the app subscribes through the
// shows service worker with the service's VAPID key and registers the device with the API (checked
// in its table); turning it off removes the device. The browser's push service (the vendor's) is
// not reachable here, so PushManager answers with a subscription of the local push stand-in, with
// real P-256 keys; the delivery path is proven on the server side (notifications.int.test.ts).
import t from 'tap';
import { pushStandIn } from '../../infra/push/testing.ts';
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
