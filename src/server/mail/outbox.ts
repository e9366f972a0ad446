import 'server-only';
import type { Db } from '@/server/db/client';
import { developerNotice, logger } from '@/server/log';
import { insertOutboxMail } from './queries';
import type { Mailer, MailMessage } from './types';

/**
 * Development adapter: stores the mail and prints it for the person at the terminal, so codes
 * can be read without SMTP. The print is not part of the log (which gets only the masked address
 * and subject), and production refuses to run without SMTP.
 */
export function createOutboxMailer(
  db: () => Db,
  print: (text: string) => void = developerNotice,
): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await insertOutboxMail(db(), message);
      logger.info(
        { area: 'mail', to: message.to, subject: message.subject },
        'mail stored in the development outbox',
      );
      print(`[mail outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
    // The outbox is a table of the site's own database: available whenever the database is.
    async verify() {},
  };
}
