import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { giftCards, type OrderRow, orders, plans, subscriptions, users } from '@/server/db/schema';
import { logger } from '@/server/log';
import { recordPaymentOutcome } from '@/server/metrics';
import { newGiftCode } from './gift-code';
import { type Grant, grantFor } from './grant';
import type { Capture } from './provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `a` and `b` are the same amount of money ('99.9' and '99.90' are). */
export function sameAmount(a: string, b: string): boolean {
  return Math.round(Number(a) * 100) === Math.round(Number(b) * 100);
}

function interval(grant: Grant) {
  return sql`make_interval(months => ${grant.months}::int, days => ${grant.days}::int)`;
}

/** Adds premium time to an account, counted from its current end when that is still ahead. */
export async function extendPremium(
  tx: Db | Tx,
  params: { userId: string; planId: string; productId: string; grant: Grant },
) {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: params.userId,
      planId: params.planId,
      productId: params.productId,
      source: 'website',
      premiumUntil: sql`now() + ${interval(params.grant)}`,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        planId: params.planId,
        productId: params.productId,
        source: 'website',
        premiumUntil: sql`greatest(${subscriptions.premiumUntil}, now()) + ${interval(params.grant)}`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row;
}

export interface Fulfilment {
  /** True only for the one call that turned the order into a paid one. */
  granted: boolean;
  order: OrderRow;
}

/**
 * Records a completed capture and grants what the order sold, exactly once: the order moves to
 * 'paid' with a conditional update, and only the call that moved it grants time or issues the
 * gift card, in the same transaction. A webhook delivered twice, a retried capture and a browser
 * return racing a webhook all end here; the losers get `granted: false`. A capture for another
 * amount is not fulfilled: the order is marked failed for a person to look at.
 */
export async function fulfilOrder(db: Db, orderId: string, capture: Capture): Promise<Fulfilment> {
  let failed = false;
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new Error(`fulfilOrder: no order ${orderId}`);
    if (current.status === 'paid' || current.status === 'refunded') {
      return { granted: false, order: current };
    }
    if (
      capture.status !== 'COMPLETED' ||
      !sameAmount(capture.amount, current.amount) ||
      capture.currency !== current.currency
    ) {
      const reason =
        capture.status !== 'COMPLETED' ? `capture ${capture.status}` : 'amount mismatch';
      const [marked] = await tx
        .update(orders)
        .set({
          status: 'failed',
          failureReason: reason,
          captureId: capture.id,
          checkoutTokenHash: null,
          checkoutTokenExpiresAt: null,
        })
        .where(eq(orders.id, orderId))
        .returning();
      failed = marked?.status === 'failed' && current.status !== 'failed';
      return { granted: false, order: marked ?? current };
    }
    const owner = current.userId
      ? { userId: current.userId, created: false }
      : await accountForBuyer(tx, current.buyerEmail ?? '');
    const [paid] = await tx
      .update(orders)
      .set({
        status: 'paid',
        captureId: capture.id,
        paidAt: new Date(),
        failureReason: null,
        userId: owner.userId,
        createdAccount: owner.created,
      })
      .where(
        and(eq(orders.id, orderId), inArray(orders.status, ['created', 'failed', 'cancelled'])),
      )
      .returning();
    if (!paid?.userId) return { granted: false, order: current };
    if (paid.kind === 'gift') {
      await tx.insert(giftCards).values({
        code: newGiftCode(),
        orderId: paid.id,
        planId: paid.planId,
        productId: paid.productId,
      });
    } else {
      const grant = grantFor(paid.productId, await planInterval(tx, paid.planId));
      await extendPremium(tx, {
        userId: paid.userId,
        planId: paid.planId,
        productId: paid.productId,
        grant,
      });
    }
    return { granted: true, order: paid };
  });
  // Counted once committed, and only by the call that made the change.
  if (result.granted) recordPaymentOutcome('captured');
  else if (failed) recordPaymentOutcome('failed');
  return result;
}

/**
 * The account a paid checkout belongs to: the one of its email, or a new one without a password
 * (made here, when the money has arrived, and never before). `created` only for a new one.
 */
export async function accountForBuyer(
  tx: Db | Tx,
  email: string,
): Promise<{ userId: string; created: boolean }> {
  if (!email) throw new Error('an order without an account has no buyer email');
  const [made] = await tx
    .insert(users)
    .values({ email })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (made) return { userId: made.id, created: true };
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing) throw new Error('account vanished right after insert');
  return { userId: existing.id, created: false };
}

/** A plan's own interval: what a product id without the v2 format grants. */
export async function planInterval(tx: Db | Tx, planId: string) {
  const [row] = await tx
    .select({ count: plans.intervalCount, unit: plans.intervalUnit })
    .from(plans)
    .where(eq(plans.id, planId));
  return row ?? { count: 1, unit: 'MONTH' };
}

/**
 * Marks a failed payment (declined at the provider) or a cancelled one unless it was paid
 * meanwhile. Its checkout token lives on for at most an hour, so the tab that made the checkout
 * can still see what became of it (cancelled, failed) instead of "not found"; it signs nobody
 * in, since only a paid order does. A later checkout gets a token of its own.
 */
export async function markOrder(
  db: Db,
  orderId: string,
  status: 'failed' | 'cancelled',
  reason: string,
) {
  const marked = await db
    .update(orders)
    .set({
      status,
      failureReason: reason,
      checkoutTokenExpiresAt: sql`least(${orders.checkoutTokenExpiresAt}, now() + interval '1 hour')`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'created')))
    .returning({ id: orders.id });
  if (marked.length > 0) recordPaymentOutcome(status);
}

/**
 * Records a refund: the order becomes 'refunded' and what it granted is taken back (premium
 * time shortened, never below now; a gift card voided). Once only. A gift card that was redeemed
 * all the same (a refund made at the provider, outside the site's guard) takes the time back
 * from the account that redeemed it.
 */
export async function recordRefund(db: Db, orderId: string): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(orders)
      .set({
        status: 'refunded',
        refundedAt: new Date(),
        checkoutTokenHash: null,
        checkoutTokenExpiresAt: null,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
      .returning();
    if (!refunded) return false;
    const grant = grantFor(refunded.productId, await planInterval(tx, refunded.planId));
    let takeFrom = refunded.kind === 'gift' ? null : refunded.userId;
    if (refunded.kind === 'gift') {
      const [card] = await tx
        .update(giftCards)
        .set({ status: 'void' })
        .where(eq(giftCards.orderId, orderId))
        .returning({ id: giftCards.id, redeemedBy: giftCards.redeemedBy });
      takeFrom = card?.redeemedBy ?? null;
      if (takeFrom) {
        logger.warn(
          { area: 'payments', order_id: orderId },
          'refunded gift card had been redeemed: its time is taken back',
        );
      }
    }
    if (takeFrom) {
      await tx
        .update(subscriptions)
        .set({
          premiumUntil: sql`greatest(now(), ${subscriptions.premiumUntil} - ${interval(grant)})`,
        })
        .where(eq(subscriptions.userId, takeFrom));
    }
    return true;
  });
  if (done) recordPaymentOutcome('refunded');
  return done;
}
