import 'server-only';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { getMailer, type Mailer } from './index';
import { createOutboxMailer } from './outbox';

/** SMTP when configured; otherwise the development outbox of `db` itself. */
export function mailerFor(db: Db): Mailer {
  return config().SMTP_URL ? getMailer() : createOutboxMailer(() => db);
}
