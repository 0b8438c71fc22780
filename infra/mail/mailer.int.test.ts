import t from 'tap';
import { postmarkStandIn } from '../../testing/stand-ins/postmark.ts';
import { createLogMailer, createPostmarkMailer } from './mailer.ts';


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

t.test('without a provider key the mail is written to the log, the code but never the address, and nothing is sent', async (t) => {
  const logged: { entry: object; text: string }[] = [];
  const mailer = createLogMailer((entry, text) => logged.push({ entry, text }));
  t.equal(mailer.kind, 'log');
  await mailer.send(message);
  t.same(logged, [{ entry: { mail: { subject: message.subject, text: message.text } }, text: 'mail not sent (no MAIL_API_KEY): written to the log' }]);
  const written = JSON.stringify(logged);
  t.match(written, /012345/, 'the code is there for the developer');
  t.notMatch(written, /ada@example\.org/i, 'the address is not');
  t.notMatch(written, /ada/i, 'nor any part of it');
});
