import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import type { MailMessage } from './types';

export async function insertOutboxMail(db: Db, message: MailMessage) {
  await db.insert(mailOutbox).values(message);
}

/** The newest mails stored for an address (development outbox). */
export async function outboxFor(db: Db, to: string, limit = 10) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
