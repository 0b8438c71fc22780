import { ServerClient } from 'postmark';

export type MailMessage = { readonly to: string; readonly subject: string; readonly text: string };

export type Mailer = {
  readonly kind: 'postmark' | 'log';
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

/** Without a provider key the mail is written to the log and nothing is sent. */
export function createLogMailer(log: (entry: object, message: string) => void): Mailer {
  return {
    kind: 'log',
    async send(message) {
      log({ mail: message }, 'mail not sent (no MAIL_API_KEY): written to the log');
    },
  };
}
