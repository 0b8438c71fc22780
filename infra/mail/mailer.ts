import nodemailer from 'nodemailer';
import { ServerClient } from 'postmark';

export type MailMessage = { readonly to: string; readonly subject: string; readonly text: string };

export type Mailer = {
  readonly kind: 'postmark' | 'smtp' | 'resend' | 'log';
  send(message: MailMessage): Promise<void>;
};

/** Postmark's HTTPS API through its own client; `apiUrl` lets tests point it at a local server. */
export function createPostmarkMailer(options: {
  readonly apiKey: string;
  readonly apiUrl: string;
  readonly from: string;
  readonly timeoutSeconds: number;
}): Mailer {
  const url = new URL(options.apiUrl);
  const client = new ServerClient(options.apiKey, {
    useHttps: url.protocol === 'https:',
    requestHost: url.host,
    timeout: options.timeoutSeconds,
  });
  return {
    kind: 'postmark',
    async send(message) {
      await client.sendEmail({ From: options.from, To: message.to, Subject: message.subject, TextBody: message.text, MessageStream: 'outbound' });
    },
  };
}

/**
 * Without a provider key the mail is written to the log and nothing is sent. The subject and text
 * (a recovery code, say) are what a developer needs; the address stays out, since logs are kept
 * and shipped where account erasure does not reach.
 */
export function createLogMailer(log: (entry: object, message: string) => void): Mailer {
  return {
    kind: 'log',
    async send(message) {
      log({ mail: { subject: message.subject, text: message.text } }, 'mail not sent (no MAIL_API_KEY): written to the log');
    },
  };
}

/** SMTP through nodemailer: `smtp://user:pass@host:port`, or `smtps://` for TLS from the start. */
export function createSmtpMailer(options: { readonly url: string; readonly from: string; readonly timeoutSeconds: number }): Mailer {
  const timeout = options.timeoutSeconds * 1000;
  const url = new URL(options.url);
  url.searchParams.set('connectionTimeout', String(timeout));
  url.searchParams.set('greetingTimeout', String(timeout));
  url.searchParams.set('socketTimeout', String(timeout));
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** Resend's HTTPS API: one POST per mail with a bearer key. */
export function createResendMailer(options: {
  readonly apiKey: string;
  readonly apiUrl: string;
  readonly from: string;
  readonly timeoutSeconds: number;
}): Mailer {
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/emails`;
  return {
    kind: 'resend',
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: options.from, to: [message.to], subject: message.subject, text: message.text }),
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`Resend answered ${response.status}: ${body.slice(0, 200)}`);
    },
  };
}

export type MailSettings = {
  readonly MAIL_API_KEY?: string | undefined;
  readonly MAIL_API_URL: string;
  readonly SMTP_URL?: string | undefined;
  readonly RESEND_API_KEY?: string | undefined;
  readonly RESEND_API_URL: string;
  readonly EMAIL_FROM: string;
};

/** The first configured path, in order: Postmark's HTTPS API, SMTP, Resend's HTTPS API, the log. */
export function selectMailer(settings: MailSettings, log: (entry: object, message: string) => void): Mailer {
  const from = settings.EMAIL_FROM;
  if (settings.MAIL_API_KEY) return createPostmarkMailer({ apiKey: settings.MAIL_API_KEY, apiUrl: settings.MAIL_API_URL, from, timeoutSeconds: 10 });
  if (settings.SMTP_URL) return createSmtpMailer({ url: settings.SMTP_URL, from, timeoutSeconds: 10 });
  if (settings.RESEND_API_KEY) return createResendMailer({ apiKey: settings.RESEND_API_KEY, apiUrl: settings.RESEND_API_URL, from, timeoutSeconds: 10 });
  return createLogMailer(log);
}
