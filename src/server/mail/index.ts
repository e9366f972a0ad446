import 'server-only';
import { config } from '@/server/config';
import { getDb } from '@/server/db/client';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';

export type { Mailer, MailMessage } from './types';
export { MailDeliveryError } from './types';

const key = Symbol.for('turbovpn.mailer');
const store = globalThis as typeof globalThis & { [key]?: Mailer };

/** The process's mailer: SMTP when SMTP_URL is set, otherwise the development outbox. */
export function getMailer(): Mailer {
  if (!store[key]) {
    const settings = config();
    store[key] = settings.SMTP_URL
      ? createSmtpMailer(settings.SMTP_URL, settings.MAIL_FROM)
      : createOutboxMailer(() => getDb().db);
  }
  return store[key];
}
