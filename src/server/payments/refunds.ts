import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { giftCards, orders, refundRequests } from '@/server/db/schema';
import { recordPaymentOutcome } from '@/server/metrics';
import { refundable } from './account-payments';
import { isOrderId } from './checkout';
import { paymentErrors } from './errors';
import { recordRefund } from './fulfil';
import { type PaymentProvider, ProviderRequestError, ProviderUnavailableError } from './provider';

export type RefundState = 'refunded' | 'pending' | 'queued';
// 'refused': the gift card was redeemed before the refund could be sent; nothing is paid back
// (only a request queued before cards were held for refunds can meet this).
type SendOutcome = RefundState | 'refused';

/**
 * Asks the provider to refund an order's capture; a failure leaves the request queued. A gift
 * card's order is refunded only while its card is held for the refund: a card redeemed anyway
 * (a request queued before cards were held) is refused here and never sent.
 */
async function sendRefund(
  db: Db,
  provider: PaymentProvider,
  request: { id: string; orderId: string; reason: string },
): Promise<SendOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order?.captureId) return 'queued';
  if (order.kind === 'gift') {
    const [card] = await db
      .select({ status: giftCards.status })
      .from(giftCards)
      .where(eq(giftCards.orderId, order.id));
    if (card?.status === 'redeemed') {
      await db
        .update(refundRequests)
        .set({ status: 'refused', processedAt: new Date() })
        .where(eq(refundRequests.id, request.id));
      return 'refused';
    }
  }
  let state: RefundState = 'queued';
  let refundId: string | null = null;
  try {
    const result = await provider.refundCapture({
      captureId: order.captureId,
      currency: order.currency,
      requestId: `refund-${order.id}`,
      note: 'Money-back guarantee',
    });
    refundId = result.refundId || null;
    if (result.status === 'COMPLETED') state = 'refunded';
    else if (result.status === 'PENDING') state = 'pending';
  } catch (error: unknown) {
    // Down, slow or refusing for now: a person or the next retry picks it up.
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRequestError)) {
      throw error;
    }
  }
  if (state === 'refunded') await recordRefund(db, order.id);
  else if (state === 'pending') recordPaymentOutcome('refund_pending');
  await db
    .update(refundRequests)
    .set({
      status: state,
      providerRefundId: refundId,
      processedAt: state === 'queued' ? null : new Date(),
    })
    .where(eq(refundRequests.id, request.id));
  return state;
}

/**
 * A signed-in buyer asks for their money back (spec 9: website purchases, 30 days, a reason;
 * the request keeps the user id and the receipt). Refunded at once when the provider answers,
 * otherwise queued and retried.
 */
export async function requestRefund(
  db: Db,
  provider: PaymentProvider,
  params: { userId: string; orderId: string; reason: string },
): Promise<{ status: RefundState }> {
  const [order] = isOrderId(params.orderId)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, params.orderId), eq(orders.userId, params.userId)))
    : [];
  if (!order) throw paymentErrors.orderNotFound();
  const notEligible = () =>
    paymentErrors.refundNotEligible(
      'This purchase is outside the money-back guarantee: it applies to website purchases within 30 days, and not to redeemed gift cards.',
    );
  if (!refundable(order)) throw notEligible();
  // The request and the hold on a gift card are one transaction, made before the provider is
  // called: a redemption arriving at the same moment either finds the card held (and is
  // refused) or redeemed it first (and then this finds no active card and refuses).
  const request = await db.transaction(async (tx) => {
    if (order.kind === 'gift') {
      const held = await tx
        .update(giftCards)
        .set({ status: 'refunding' })
        .where(and(eq(giftCards.orderId, order.id), eq(giftCards.status, 'active')))
        .returning({ id: giftCards.id });
      if (held.length === 0) throw notEligible();
    }
    const [inserted] = await tx
      .insert(refundRequests)
      .values({ userId: params.userId, orderId: order.id, reason: params.reason, status: 'queued' })
      .onConflictDoNothing({ target: refundRequests.orderId })
      .returning();
    if (!inserted) {
      throw paymentErrors.refundNotEligible('A refund was already requested for this purchase.');
    }
    return inserted;
  });
  const status = await sendRefund(db, provider, request);
  // The card was held above, so it cannot have been redeemed in between.
  if (status === 'refused') throw new Error('a held gift card was redeemed');
  // Counted when asked for, not on each retry of the queue.
  if (status === 'queued') recordPaymentOutcome('refund_queued');
  return { status };
}

/** Sends the queued refund requests again (run periodically); returns how many are done. */
export async function retryQueuedRefunds(db: Db, provider: PaymentProvider): Promise<number> {
  const queued = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.status, 'queued'))
    .limit(50);
  let done = 0;
  for (const request of queued) {
    if ((await sendRefund(db, provider, request)) !== 'queued') done++;
  }
  return done;
}
