import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid.ts';

export type PushTarget = { readonly endpoint: string; readonly p256dh: string; readonly auth: string };

/** delivered; gone: the push service says the subscription expired (404/410) and it must be deleted */
export type PushOutcome = 'delivered' | 'gone';

export type PushSender = {
  readonly publicKey: string;
  send(target: PushTarget, payload: object): Promise<PushOutcome>;
};

const VAPID_LIFETIME_S = 12 * 60 * 60;

/**
 * Web Push with VAPID, payload encrypted (aes128gcm) by `web-push` for the subscription's keys.
 * The signed VAPID header depends only on the push service's origin, so one is kept per origin
 * until an hour before it expires instead of signing a token for every message.
 */
export function createPushSender(options: { readonly keys: VapidKeys; readonly subject: string; readonly timeoutMs?: number }): PushSender {
  const signed = new Map<string, { headers: Record<string, string>; expires: number }>();
  const vapidHeaders = (endpoint: string): Record<string, string> => {
    const audience = new URL(endpoint).origin;
    const nowS = Math.floor(Date.now() / 1000);
    const cached = signed.get(audience);
    if (cached && cached.expires - nowS > 3600) return cached.headers;
    const expires = nowS + VAPID_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(audience, options.subject, options.keys.publicKey, options.keys.privateKey, 'aes128gcm', expires);
    const headers = { Authorization: String(Authorization) };
    signed.set(audience, { headers, expires });
    return headers;
  };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            headers: vapidHeaders(target.endpoint),
            contentEncoding: 'aes128gcm',
            TTL: 24 * 60 * 60,
            timeout: options.timeoutMs ?? 10_000,
          },
        );
        return 'delivered';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        throw error;
      }
    },
  };
}
