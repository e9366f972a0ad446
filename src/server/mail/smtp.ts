import 'server-only';
import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer, type MailMessage } from './types';

/** Production adapter: SMTP through nodemailer, e.g. smtp://user:pass@smtp.example.com:587. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error: unknown) {
        // The SMTP server's reply can contain addresses and internals: keep it for the log only.
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`SMTP delivery failed: ${reason}`);
      }
    },
  };
}
