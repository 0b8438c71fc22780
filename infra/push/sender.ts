import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid.ts';

export type PushTarget = { readonly endpoint: string; readonly p256dh: string; readonly auth: string };

/** delivered; gone: the push service says the subscription expired (404/410) and it must be deleted */
export type PushOutcome = 'delivered' | 'gone';

export type PushSender = {
  readonly publicKey: string;
  send(target: PushTarget, payload: object): Promise<PushOutcome>;
};

/** Web Push with VAPID, payload encrypted (aes128gcm) by `web-push` for the subscription's keys. */
export function createPushSender(options: { readonly keys: VapidKeys; readonly subject: string; readonly timeoutMs?: number }): PushSender {
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
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
