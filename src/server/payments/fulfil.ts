import 'server-only';
import type { Db } from '@/server/db/client';
import type { OrderRow } from '@/server/db/schema';
import { logger } from '@/server/log';
import { recordPaymentOutcome } from '@/server/metrics';
import { mailReceipts } from './emails';
import { newGiftCode } from './gift-code';
import { type Grant, grantFor } from './grant';
import type { Capture } from './provider';
import { findAccountIdByEmail, insertAccountForEmail } from './queries/accounts';
import { activateBillingSubscription } from './queries/billing-subscriptions';
import { insertGiftCard, voidGiftCardOfOrder } from './queries/gift-cards';
import {
  closeUnpaidOrder,
  lockOrder,
  markCaptureFailed,
  markOrderPaid,
  markOrderRefunded,
} from './queries/orders';
import { findPlanInterval } from './queries/plans';
import { issueReceipt } from './queries/receipts';
import { extendPremium, lockPremiumUntil, shortenPremium } from './queries/subscriptions';

/** `a` and `b` are the same amount of money ('99.9' and '99.90' are). */
export function sameAmount(a: string, b: string): boolean {
  return Math.round(Number(a) * 100) === Math.round(Number(b) * 100);
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
 * amount is not fulfilled: the order is marked failed for a person to look at. The first payment
 * of a subscription also starts it (`renewsAt`: when the provider charges next).
 */
/** An order left by a deleted account: no owner, the email only as its digest (deletion.ts). */
export function isDeletedBuyer(order: Pick<OrderRow, 'userId' | 'buyerEmail'>): boolean {
  return !order.userId && Boolean(order.buyerEmail?.startsWith('sha256:'));
}

export async function fulfilOrder(
  db: Db,
  orderId: string,
  capture: Capture,
  renewsAt: Date | null = null,
): Promise<Fulfilment> {
  let failed = false;
  const result = await db.transaction(async (tx) => {
    const current = await lockOrder(tx, { orderId });
    if (!current) throw new Error(`fulfilOrder: no order ${orderId}`);
    if (current.status === 'paid' || current.status === 'refunded') {
      return { granted: false, order: current };
    }
    const deleted = isDeletedBuyer(current);
    if (
      deleted ||
      capture.status !== 'COMPLETED' ||
      !sameAmount(capture.amount, current.amount) ||
      capture.currency !== current.currency
    ) {
      // A checkout of an account deleted since cannot grant anything: failed, with the capture
      // recorded, for a person to refund.
      const reason = deleted
        ? 'account deleted'
        : capture.status !== 'COMPLETED'
          ? `capture ${capture.status}`
          : 'amount mismatch';
      const marked = await markCaptureFailed(tx, { orderId, reason, captureId: capture.id });
      failed = marked?.status === 'failed' && current.status !== 'failed';
      return { granted: false, order: marked ?? current };
    }
    const owner = current.userId
      ? { userId: current.userId, created: false }
      : await accountForBuyer(tx, current.buyerEmail ?? '');
    const paid = await markOrderPaid(tx, {
      orderId,
      captureId: capture.id,
      userId: owner.userId,
      createdAccount: owner.created,
    });
    if (!paid?.userId) return { granted: false, order: current };
    if (paid.kind === 'gift') {
      await insertGiftCard(tx, {
        code: newGiftCode(),
        orderId: paid.id,
        planId: paid.planId,
        productId: paid.productId,
      });
      await issueReceipt(tx, { orderId: paid.id, kind: 'receipt' });
    } else {
      const grant = grantFor(paid.productId, await planInterval(tx, paid.planId));
      const premium = await addPaidTime(tx, { ...paid, userId: paid.userId }, grant);
      if (paid.subscriptionId) {
        await activateBillingSubscription(tx, {
          id: paid.subscriptionId,
          userId: paid.userId,
          nextRenewalAt: firstCharge(renewsAt, premium?.premiumUntil),
        });
      }
    }
    return { granted: true, order: paid };
  });
  // Counted once committed, and only by the call that made the change.
  if (result.granted) recordPaymentOutcome('captured');
  else if (failed) recordPaymentOutcome('failed');
  return result;
}

/**
 * Adds a paid plan's or renewal's time to the account and issues the payment's receipt, which
 * states the period bought: from the premium's end (or now) to its new end.
 */
export async function addPaidTime(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'planId' | 'productId'> & { userId: string },
  grant: Grant,
) {
  const before = await lockPremiumUntil(tx, { userId: order.userId });
  const now = new Date();
  const premium = await extendPremium(tx, {
    userId: order.userId,
    planId: order.planId,
    productId: order.productId,
    grant,
  });
  const start = before && before > now ? before : now;
  await issueReceipt(tx, {
    orderId: order.id,
    kind: 'receipt',
    period: premium ? { start, end: premium.premiumUntil } : undefined,
  });
  return premium;
}

/**
 * The account a paid checkout belongs to: the one of its email, or a new one without a password
 * (made here, when the money has arrived, and never before). `created` only for a new one.
 */
export async function accountForBuyer(
  tx: Db,
  email: string,
): Promise<{ userId: string; created: boolean }> {
  if (!email) throw new Error('an order without an account has no buyer email');
  const made = await insertAccountForEmail(tx, { email });
  if (made) return { userId: made.id, created: true };
  const existing = await findAccountIdByEmail(tx, { email });
  if (!existing) throw new Error('account vanished right after insert');
  return { userId: existing.id, created: false };
}

/** A plan's own interval: what a product id without the v2 format grants. */
export async function planInterval(tx: Db, planId: string) {
  const row = await findPlanInterval(tx, { planId });
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
  const marked = await closeUnpaidOrder(db, { orderId, status, reason });
  if (marked) recordPaymentOutcome(status);
}

/**
 * Records a refund: the order becomes 'refunded' and what it granted is taken back (premium
 * time shortened, never below now; a gift card voided). Once only. A gift card that was redeemed
 * all the same (a refund made at the provider, outside the site's guard) takes the time back
 * from the account that redeemed it.
 */
export async function recordRefund(db: Db, orderId: string): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const refunded = await markOrderRefunded(tx, { orderId });
    if (!refunded) return false;
    await issueReceipt(tx, { orderId, kind: 'credit_note' });
    const grant = grantFor(refunded.productId, await planInterval(tx, refunded.planId));
    let takeFrom = refunded.kind === 'gift' ? null : refunded.userId;
    if (refunded.kind === 'gift') {
      const card = await voidGiftCardOfOrder(tx, { orderId });
      takeFrom = card?.redeemedBy ?? null;
      if (takeFrom) {
        logger.warn(
          { area: 'payments', order_id: orderId },
          'refunded gift card had been redeemed: its time is taken back',
        );
      }
    }
    if (takeFrom) {
      await shortenPremium(tx, { userId: takeFrom, grant });
    }
    return true;
  });
  if (done) {
    recordPaymentOutcome('refunded');
    // The credit note's mail does not hold up the refund (it never throws).
    void mailReceipts(db, { orderId });
  }
  return done;
}

/**
 * When a subscription charges next: the provider's next billing, or the end of the paid time
 * when that is later (free cycles, a bonus or the second year of a long plan, bill nothing).
 */
export function firstCharge(nextBilling: Date | null, paidUntil: Date | undefined): Date | null {
  if (!nextBilling || !paidUntil) return nextBilling;
  return nextBilling > paidUntil ? nextBilling : paidUntil;
}
