import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail, stored as base64 text in JSON. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

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
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_created_idx').on(table.to, table.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;

// Mail waiting to be sent: every mail the site sends is written here first (in the same
// transaction as the work that causes it, where there is one), tried at once, and retried with
// exponential backoff by every instance's queue worker (src/server/mail/queue.ts). A sent mail's
// row is deleted; one that runs out of attempts or outlives `expires_at` keeps its address and
// reason for the operator but loses its body (codes and links must not linger).
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What the mail is: reset-code, gift-code, newsletter-confirm, form-notification, … */
    kind: text('kind').notNull(),
    /** A newer mail with the same key replaces a queued one (a new code retires the old one). */
    dedupeKey: text('dedupe_key'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files sent with the mail (a receipt's PDF), dropped with the body. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    /** queued → (row deleted when sent) | failed | expired */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row sends it until then; after it, another may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Not worth sending after this (a code's lifetime). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_queue_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_queue_dedupe_idx').on(table.dedupeKey),
  ],
);

export type QueuedMail = typeof mailQueue.$inferSelect;
