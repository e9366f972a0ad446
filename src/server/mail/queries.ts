import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox, mailQueue, type QueuedMail, type StoredAttachment } from '@/server/db/schema';
import type { MailAttachment, MailMessage } from './types';

/** Attachments as the tables keep them: base64 text in JSON; null when there are none. */
export function storedAttachments(
  attachments: readonly MailAttachment[] | undefined,
): StoredAttachment[] | null {
  if (!attachments?.length) return null;
  return attachments.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    base64: file.content.toString('base64'),
  }));
}

/** Attachments read back from a table row. */
export function mailAttachments(stored: StoredAttachment[] | null): MailAttachment[] {
  return (stored ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.base64, 'base64'),
  }));
}

export async function insertOutboxMail(db: Db, message: MailMessage) {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: storedAttachments(message.attachments),
  });
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

// Mail queue (src/server/mail/queue.ts) ------------------------------------------------------------

export interface EnqueueOptions {
  /** What the mail is, for the operator (reset-code, gift-code, newsletter-confirm, …). */
  kind: string;
  /** A queued mail with the same key is dropped: only the newest one matters (a new code). */
  dedupeKey?: string;
  /** Do not send after this (a code's lifetime). */
  expiresAt?: Date;
}

/** Stores a mail to be sent; pass the transaction of the work that causes it. Returns its id. */
export async function insertQueuedMail(
  db: Db,
  message: MailMessage,
  options: EnqueueOptions,
): Promise<string> {
  if (options.dedupeKey) {
    await db
      .delete(mailQueue)
      .where(and(eq(mailQueue.dedupeKey, options.dedupeKey), eq(mailQueue.status, 'queued')));
  }
  const [row] = await db
    .insert(mailQueue)
    .values({
      kind: options.kind,
      dedupeKey: options.dedupeKey ?? null,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ? { ...message.headers } : null,
      attachments: storedAttachments(message.attachments),
      expiresAt: options.expiresAt ?? null,
    })
    .returning({ id: mailQueue.id });
  if (!row) throw new Error('queued mail vanished right after insert');
  return row.id;
}

/** Drops queued mail that is no longer worth sending; its body goes with it. */
export async function expireQueuedMail(db: Db, now: Date) {
  await db
    .update(mailQueue)
    .set({ status: 'expired', text: null, html: null, attachments: null, lockedUntil: null })
    .where(and(eq(mailQueue.status, 'queued'), lte(mailQueue.expiresAt, now)));
}

/** Claims due rows (all, or the one `id`) for this sender: a lease, and one more attempt. */
export async function claimQueuedMail(
  db: Db,
  params: { now: Date; limit: number; id?: string; leaseMs: number },
): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.status, 'queued'),
        params.id ? eq(mailQueue.id, params.id) : lte(mailQueue.nextAttemptAt, params.now),
        or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, params.now)),
      ),
    )
    .orderBy(asc(mailQueue.nextAttemptAt))
    .limit(params.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({
      lockedUntil: new Date(params.now.getTime() + params.leaseMs),
      attempts: sql`${mailQueue.attempts} + 1`,
    })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** A sent mail leaves nothing behind. */
export async function deleteQueuedMail(db: Db, id: string) {
  await db.delete(mailQueue).where(eq(mailQueue.id, id));
}

/** A failed attempt with attempts left: the next one at `at`; the lease is given back. */
export async function scheduleMailRetry(db: Db, params: { id: string; at: Date; reason: string }) {
  await db
    .update(mailQueue)
    .set({ nextAttemptAt: params.at, lockedUntil: null, lastError: params.reason })
    .where(eq(mailQueue.id, params.id));
}

/** Out of attempts: kept for the operator (address, reason), without its body. */
export async function markMailFailed(db: Db, params: { id: string; reason: string }) {
  await db
    .update(mailQueue)
    .set({
      status: 'failed',
      text: null,
      html: null,
      attachments: null,
      lockedUntil: null,
      lastError: params.reason,
    })
    .where(eq(mailQueue.id, params.id));
}

/** Queued mail for the operator's view and for tests: newest first, bodies left out. */
export async function queuedMail(db: Db, filter: { to?: string; kind?: string } = {}) {
  const conditions = [
    filter.to ? eq(mailQueue.to, filter.to) : undefined,
    filter.kind ? eq(mailQueue.kind, filter.kind) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      to: mailQueue.to,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      nextAttemptAt: mailQueue.nextAttemptAt,
      lastError: mailQueue.lastError,
      hasBody: sql<boolean>`${mailQueue.text} is not null`,
    })
    .from(mailQueue)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(mailQueue.createdAt));
}

/** Drops the queued mail of a key (a newer one replaces it). */
export async function dropQueuedMail(db: Db, dedupeKey: string) {
  await db
    .delete(mailQueue)
    .where(and(eq(mailQueue.dedupeKey, dedupeKey), eq(mailQueue.status, 'queued')));
}
