import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { listenForTest, type Teardown } from '../../infra/http/listen-loopback.ts';

// A self-signed certificate for 127.0.0.1, test data only: web-push speaks HTTPS and nothing else.
const CERT = readFileSync(path.join(import.meta.dirname, 'fixtures', 'push-cert.pem'));
const KEY = readFileSync(path.join(import.meta.dirname, 'fixtures', 'push-key.pem'));


/** A browser's side of a subscription: the P-256 key pair and auth secret it would make. */
export type TestSubscriber = {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly privateKey: Buffer;
};

export type ReceivedPush = {
  readonly endpoint: string;
  readonly headers: http.IncomingHttpHeaders;
  /** the decrypted payload, parsed */
  readonly payload: unknown;
};

export type PushStandIn = {
  readonly url: string;
  readonly received: ReceivedPush[];
  /** a fresh subscriber; `answer` is what the push service says to messages for it */
  subscriber(answer?: 201 | 404 | 410): TestSubscriber;
};

/**
 * Decrypts an aes128gcm message (RFC 8188 framing, RFC 8291 keys) with the subscriber's private key
 * and auth secret: ECDH with the sender's key from the header, then HKDF for the key and nonce.
 */
export function decryptPush(body: Buffer, subscriber: Pick<TestSubscriber, 'privateKey' | 'keys'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const userPublic = Buffer.from(subscriber.keys.p256dh, 'base64url');
  const authSecret = Buffer.from(subscriber.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 and optional zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** A local push service: decrypts what it is sent for its subscribers, answers 201, 404 or 410. */
export async function pushStandIn(t: Teardown): Promise<PushStandIn> {
  const received: ReceivedPush[] = [];
  const subscribers = new Map<string, { subscriber: TestSubscriber; answer: number }>();
  let url = '';
  // the test process trusts the stand-in's certificate; web-push uses the global agent
  https.globalAgent.options.ca = CERT;
  const server = https.createServer({ cert: CERT, key: KEY }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${url}${request.url ?? ''}`;
      const known = subscribers.get(endpoint);
      if (!known) {
        response.writeHead(404).end();
        return;
      }
      if (known.answer !== 201) {
        response.writeHead(known.answer).end();
        return;
      }
      try {
        const plain = decryptPush(Buffer.concat(chunks), known.subscriber);
        received.push({ endpoint, headers: request.headers, payload: JSON.parse(plain.toString('utf8')) });
        response.writeHead(201).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  const address = { port: await listenForTest(t, server) };
  url = `https://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    subscriber(answer = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscriber: TestSubscriber = {
        endpoint: `${url}/push/${randomBytes(12).toString('hex')}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        privateKey: ecdh.getPrivateKey(),
      };
      subscribers.set(subscriber.endpoint, { subscriber, answer });
      return subscriber;
    },
  };
}

/** A push service that only counts what it gets: for load, where decrypting would skew the figures. */
export async function pushSink(t: Teardown): Promise<{ url: string; count(): number }> {
  https.globalAgent.options.ca = CERT;
  let received = 0;
  const server = https.createServer({ cert: CERT, key: KEY }, (request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(201).end();
    });
  });
  const address = { port: await listenForTest(t, server) };
  return { url: `https://127.0.0.1:${address.port}`, count: () => received };
}
