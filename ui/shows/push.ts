/**
 * Push on this device: the browser's permission, a subscription made through the service worker
 * with the service's VAPID key, and the device registered with the API (or removed again).
 */
import { isRecord } from '../shared/api.ts';
import { showsApi } from './api.ts';

const SUBSCRIBE_DEADLINE_MS = 15_000;

export class PushUnavailable extends Error {}

const isOk = (value: unknown): value is { ok: true } => isRecord(value) && value['ok'] === true;
const isKey = (value: unknown): value is { publicKey: string } => isRecord(value) && typeof value['publicKey'] === 'string';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the browser takes it: base64url text to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Asks the permission, subscribes and registers this device with the API. */
export async function turnPushOn(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailable('This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable('Notifications are blocked for this site: allow them in the browser settings first.');
  const { publicKey } = await showsApi.get('/api/push/vapid-public-key', { accept: isKey });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await Promise.race([
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      // a browser whose push service cannot be reached may never answer
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no answer')), SUBSCRIBE_DEADLINE_MS)),
    ]).catch(() => {
      throw new PushUnavailable('The browser could not subscribe to push notifications. Try again later.');
    }));
  const keys = subscription.toJSON().keys;
  // a subscription without its keys cannot be encrypted to: the service would refuse it
  if (!keys?.['p256dh'] || !keys['auth']) throw new PushUnavailable('This browser gave no encryption keys for notifications.');
  await showsApi.post('/api/push/subscribe', { body: { endpoint: subscription.endpoint, keys: { p256dh: keys['p256dh'], auth: keys['auth'] } }, accept: isOk });
}

/** Removes this device from the API, then ends the browser's subscription. */
export async function turnPushOff(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await showsApi.post('/api/push/unsubscribe', { body: { endpoint: subscription.endpoint }, accept: isOk });
  await subscription.unsubscribe();
}
