import t from 'tap';
import { postmarkStandIn } from '../../testing/stand-ins/postmark.ts';
import { selectMailer } from './mailer.ts';
import { resendStandIn, smtpStandIn } from '../../testing/stand-ins/mail.ts';

const base = { MAIL_API_URL: 'https://api.postmarkapp.com', RESEND_API_URL: 'https://api.resend.com', EMAIL_FROM: 'Shows <shows@example.org>' };
const message = { to: 'alice@example.org', subject: 'Hello', text: 'A new episode today.' };

t.test('the first configured path wins: Postmark, SMTP, Resend, the log', async (t) => {
  const smtp = await smtpStandIn(t);
  const resend = await resendStandIn(t);
  const postmark = await postmarkStandIn(t);
  const all = { ...base, MAIL_API_KEY: 'pm', MAIL_API_URL: postmark.url, SMTP_URL: smtp.url, RESEND_API_KEY: 're_key', RESEND_API_URL: resend.url };
  t.equal(selectMailer(all, () => undefined).kind, 'postmark');
  t.equal(selectMailer({ ...all, MAIL_API_KEY: undefined }, () => undefined).kind, 'smtp');
  t.equal(selectMailer({ ...all, MAIL_API_KEY: undefined, SMTP_URL: undefined }, () => undefined).kind, 'resend');
  const logged: object[] = [];
  const log = selectMailer(base, (entry) => logged.push(entry));
  t.equal(log.kind, 'log');
  await log.send(message);
  // the address stays out of the server log
  t.same(logged, [{ mail: { subject: message.subject, text: message.text } }]);
});

t.test('SMTP hands the message to the server', async (t) => {
  const smtp = await smtpStandIn(t);
  await selectMailer({ ...base, SMTP_URL: smtp.url }, () => undefined).send(message);
  t.equal(smtp.received.length, 1);
  t.same(smtp.received[0]!.to, ['alice@example.org']);
  t.equal(smtp.received[0]!.from, 'shows@example.org');
  t.match(smtp.received[0]!.data, /Subject: Hello/);
  t.match(smtp.received[0]!.data, /A new episode today\./);
});

t.test('Resend gets one POST with the bearer key; a refusal is an error', async (t) => {
  const resend = await resendStandIn(t);
  const mailer = selectMailer({ ...base, RESEND_API_KEY: 're_key', RESEND_API_URL: resend.url }, () => undefined);
  await mailer.send(message);
  t.equal(resend.received[0]!.authorization, 'Bearer re_key');
  t.same(resend.received[0]!.body, { from: 'Shows <shows@example.org>', to: ['alice@example.org'], subject: 'Hello', text: 'A new episode today.' });
  resend.fail = true;
  await t.rejects(mailer.send(message), /422/);
});
