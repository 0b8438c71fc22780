import http from 'node:http';
import t, { type Test } from 'tap';
import { createLogMailer, createPostmarkMailer } from './mailer.ts';

type Received = { readonly method: string; readonly url: string; readonly headers: http.IncomingHttpHeaders; readonly body: unknown };
type Mode = 'ok' | 'fail' | 'reject' | 'hang';

/** A local server speaking Postmark's wire format: records each request and answers as `mode` says. */
async function postmarkStandIn(t: Test): Promise<{ url: string; received: Received[]; setMode(mode: Mode): void }> {
  const received: Received[] = [];
  let mode: Mode = 'ok';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (mode === 'hang') return;
      const to = body && typeof body === 'object' && 'To' in body ? body.To : '';
      const [status, answer] =
        mode === 'ok'
          ? [200, { To: to, SubmittedAt: new Date().toISOString(), MessageID: `m-${received.length}`, ErrorCode: 0, Message: 'OK' }]
          : mode === 'reject'
            ? [422, { ErrorCode: 300, Message: 'Invalid email request' }]
            : [500, { ErrorCode: 0, Message: 'Internal server error' }];
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the stand-in has no port');
  return { url: `http://127.0.0.1:${address.port}`, received, setMode: (next) => (mode = next) };
}

const message = { to: 'ada@example.org', subject: 'Your password reset code: 012345', text: 'Enter 012 345\n' };

t.test('the Postmark mailer posts the message to /email with the server token', async (t) => {
  const standIn = await postmarkStandIn(t);
  const mailer = createPostmarkMailer({ apiKey: 'test-token', apiUrl: standIn.url, from: 'Gym <gym@example.org>', timeoutSeconds: 10 });
  t.equal(mailer.kind, 'postmark');
  await mailer.send(message);
  t.equal(standIn.received.length, 1);
  const [request] = standIn.received;
  t.equal(request?.method, 'POST');
  t.equal(request?.url, '/email');
  t.equal(request?.headers['x-postmark-server-token'], 'test-token');
  t.match(request?.headers['content-type'], /^application\/json/);
  t.same(request?.body, {
    From: 'Gym <gym@example.org>',
    To: 'ada@example.org',
    Subject: 'Your password reset code: 012345',
    TextBody: 'Enter 012 345\n',
    MessageStream: 'outbound',
  });
});

t.test('a provider error rejects the send, so the caller can log it', async (t) => {
  const standIn = await postmarkStandIn(t);
  const mailer = createPostmarkMailer({ apiKey: 'test-token', apiUrl: standIn.url, from: 'Gym <gym@example.org>', timeoutSeconds: 10 });
  standIn.setMode('fail');
  await t.rejects(mailer.send(message), 'a 500 rejects');
  standIn.setMode('reject');
  await t.rejects(mailer.send(message), { message: /Invalid email request/ }, 'a refused message rejects with Postmark\'s reason');
  t.equal(standIn.received.length, 2, 'each send was one request');
});

t.test('a provider that never answers is given up after the timeout', async (t) => {
  const standIn = await postmarkStandIn(t);
  const mailer = createPostmarkMailer({ apiKey: 'test-token', apiUrl: standIn.url, from: 'Gym <gym@example.org>', timeoutSeconds: 1 });
  standIn.setMode('hang');
  const started = performance.now();
  await t.rejects(mailer.send(message));
  const elapsed = performance.now() - started;
  t.ok(elapsed >= 900 && elapsed < 5000, `gave up after ${Math.round(elapsed)} ms, about the 1 s timeout`);
  t.equal(standIn.received.length, 1);
});

t.test('without a provider key the mail is written to the log and nothing is sent', async (t) => {
  const logged: { entry: object; text: string }[] = [];
  const mailer = createLogMailer((entry, text) => logged.push({ entry, text }));
  t.equal(mailer.kind, 'log');
  await mailer.send(message);
  t.same(logged, [{ entry: { mail: message }, text: 'mail not sent (no MAIL_API_KEY): written to the log' }]);
});
