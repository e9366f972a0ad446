import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Development outbox: without SMTP the site stores what it would have sent, so a newcomer can
// read a reset code. Production refuses to start without SMTP, so this stays empty there.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_created_idx').on(table.to, table.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
