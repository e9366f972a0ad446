import 'server-only';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { MailDeliveryError, type Mailer, type MailMessage } from './types';

/** Production adapter: SMTP through nodemailer, e.g. smtp://user:pass@smtp.example.com:587. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // A server that does not answer must not hold a request or the queue worker for minutes
  // (nodemailer waits 2 minutes by default): a failed attempt is retried by the queue.
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transport = nodemailer.createTransport(options, { from });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from,
          ...message,
          attachments: message.attachments ? [...message.attachments] : undefined,
        });
      } catch (error: unknown) {
        // The SMTP server's reply can contain addresses and internals: keep it for the log only.
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`SMTP delivery failed: ${reason}`);
      }
    },
    async verify() {
      try {
        await transport.verify();
      } catch (error: unknown) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`SMTP server not available: ${reason}`);
      }
    },
  };
}
