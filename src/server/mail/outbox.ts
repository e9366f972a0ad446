import 'server-only';
import type { Db } from '@/server/db/client';
import { insertOutboxMail } from './queries';
import type { Mailer, MailMessage } from './types';

/** Development adapter: stores the mail and prints it, so codes can be read without SMTP. */
export function createOutboxMailer(
  db: () => Db,
  log: (line: string) => void = console.log,
): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await insertOutboxMail(db(), message);
      log(`[mail outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
    // The outbox is a table of the site's own database: available whenever the database is.
    async verify() {},
  };
}
