import http from 'node:http';
import { listenForTest } from '../../infra/http/listen-loopback.ts';

type Teardown = { teardown(fn: () => Promise<void> | void): void };

export type ReceivedMail = {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
};

/** ok: accepted; reject: 422 as for a bad address; fail: 500; hang: never answers */
export type PostmarkMode = 'ok' | 'fail' | 'reject' | 'hang';

export type PostmarkStandIn = { readonly url: string; readonly received: ReceivedMail[]; setMode(mode: PostmarkMode): void };

/** A local server speaking Postmark's wire format: records each request and answers as `mode` says. */
export async function postmarkStandIn(t: Teardown): Promise<PostmarkStandIn> {
  const received: ReceivedMail[] = [];
  let mode: PostmarkMode = 'ok';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      const body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (mode === 'hang') return;
      const [status, answer] =
        mode === 'ok'
          ? [200, { To: body.To, SubmittedAt: new Date().toISOString(), MessageID: `m-${received.length}`, ErrorCode: 0, Message: 'OK' }]
          : mode === 'reject'
            ? [422, { ErrorCode: 300, Message: 'Invalid email request' }]
            : [500, { ErrorCode: 0, Message: 'Internal server error' }];
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  const address = { port: await listenForTest(t, server) };
  return { url: `http://127.0.0.1:${address.port}`, received, setMode: (next) => (mode = next) };
}
