import 'server-only';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeEmail } from '@/lib/password-rules';
import type { Db } from '@/server/db/client';
import {
  analyticsEvents,
  billingSubscriptions,
  contactMessages,
  giftCards,
  mailOutbox,
  mailQueue,
  newsletterSubscribers,
  orders,
  partnerApplications,
  rateLimits,
  receipts,
  refundRequests,
  surveyResponses,
  users,
  verificationCodes,
} from '@/server/db/schema';
import { listAccountRenewingSubscriptions } from '@/server/payments/queries/billing-subscriptions';

// The one transaction of an account's deletion (src/server/account/deletion.ts says what and why).

export async function accountExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

// Characters that may stand next to an address inside it (RFC 5322 atext and the domain's): an
// address counts as named only when none of them touches it, so deleting mail that names
// bob@example.com leaves mail about jimbob@example.com alone.
const addressChars = "a-z0-9.!#$%&'*+/=?^_`{|}~-";

/** A regular expression (PostgreSQL ARE) matching `email` as a whole address in lower-case text. */
function wholeAddress(email: string): string {
  const literal = email.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&');
  // A dot right after it ends a sentence; a dot and more of a domain makes another address.
  return `(?<![${addressChars}])${literal}(?![a-z0-9_-]|\\.[a-z0-9])`;
}

/** `column` (text) names the address (case-insensitive). */
function names(column: SQL | AnyPgColumn, pattern: string): SQL {
  return sql`lower(${column}) ~ ${pattern}`;
}

/** `column` holds the address, give or take case and spaces. */
function isAddress(column: AnyPgColumn, email: string): SQL {
  return sql`lower(btrim(${column})) = ${email}`;
}

/** A rate-limit key counting `subject` (rate-limiter-flexible's keys are 'prefix:subject'). */
function keyOf(subject: string): SQL {
  const suffix = `:${subject}`;
  return sql`right(lower(${rateLimits.key}), char_length(${suffix})) = ${suffix}`;
}

/**
 * Deletes the account and its personal data and detaches its payment records, in one
 * transaction: 'gone' when the account no longer exists, 'renewing' when a subscription renews
 * again (nothing changed then), else the address it had.
 */
export async function purgeAccount(
  db: Db,
  params: { userId: string; now: Date; digest: (address: string) => string },
): Promise<'gone' | 'renewing' | { email: string }> {
  const { userId, now } = params;
  return db.transaction(async (tx) => {
    // The account's row, locked: a concurrent deletion waits here and then finds nothing, and
    // rows being added for the account (a session, a renewal) wait and then fail.
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return 'gone';
    // Turned back on since the provider was called (an approval that just arrived).
    if ((await listAccountRenewingSubscriptions(tx, { userId })).length > 0) return 'renewing';
    const address = normalizeEmail(user.email);
    const digest = params.digest(address);
    const named = wholeAddress(address);

    // Payment records: detached, kept. Its orders, and checkouts with its address that no
    // account owns yet (one owned by another account, say one whose address changed since, is
    // that account's). A checkout never paid is closed and loses its token, so its tab cannot
    // follow it any more; should its payment still arrive, orders_deleted_account_detached
    // refuses to give it an account.
    const detached = await tx
      .update(orders)
      .set({
        userId: null,
        buyerEmail: digest,
        checkoutTokenHash: null,
        checkoutTokenExpiresAt: null,
        status: sql`case when ${orders.status} = 'created' then 'cancelled' else ${orders.status} end`,
        failureReason: sql`case when ${orders.status} = 'created' then 'account deleted' else ${orders.failureReason} end`,
      })
      .where(
        or(
          eq(orders.userId, userId),
          and(isNull(orders.userId), isAddress(orders.buyerEmail, address)),
        ),
      )
      .returning({ id: orders.id });
    // Nobody to mail them to: closed, or the periodic mail run would pick them up forever.
    const orderIds = detached.map((row) => row.id);
    if (orderIds.length > 0) {
      await tx
        .update(receipts)
        .set({ mailedAt: now })
        .where(and(inArray(receipts.orderId, orderIds), isNull(receipts.mailedAt)));
    }
    await tx
      .update(billingSubscriptions)
      .set({ userId: null })
      .where(eq(billingSubscriptions.userId, userId));
    // The reason is the buyer's own words; the credit note documents the refund.
    await tx
      .update(refundRequests)
      .set({ userId: null, reason: '' })
      .where(eq(refundRequests.userId, userId));
    await tx.update(giftCards).set({ redeemedBy: null }).where(eq(giftCards.redeemedBy, userId));

    // The account; its sessions, devices, security factors, events and premium time cascade.
    await tx.delete(users).where(eq(users.id, userId));

    // What is kept by address rather than by account.
    await tx.delete(verificationCodes).where(isAddress(verificationCodes.email, address));
    await tx.delete(newsletterSubscribers).where(isAddress(newsletterSubscribers.email, address));
    await tx.delete(contactMessages).where(isAddress(contactMessages.email, address));
    await tx.delete(partnerApplications).where(isAddress(partnerApplications.email, address));
    await tx.delete(surveyResponses).where(names(surveyResponses.comment, named));
    await tx.delete(rateLimits).where(or(keyOf(address), keyOf(userId.toLowerCase())));
    await tx
      .delete(mailQueue)
      .where(
        or(
          isAddress(mailQueue.to, address),
          names(
            sql`concat_ws(' ', ${mailQueue.subject}, ${mailQueue.text}, ${mailQueue.html}, ${mailQueue.headers}::text)`,
            named,
          ),
        ),
      );
    await tx
      .delete(mailOutbox)
      .where(
        or(
          isAddress(mailOutbox.to, address),
          names(
            sql`concat_ws(' ', ${mailOutbox.subject}, ${mailOutbox.text}, ${mailOutbox.html})`,
            named,
          ),
        ),
      );
    // Events stay for the site's statistics, no longer tied to anyone (the browser's signed_in
    // cookie gave them the account id).
    await tx
      .update(analyticsEvents)
      .set({ userId: null })
      .where(inArray(sql`lower(${analyticsEvents.userId})`, [userId.toLowerCase(), address]));
    return { email: address };
  });
}
