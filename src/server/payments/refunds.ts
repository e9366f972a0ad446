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

/** Asks the provider to refund an order's capture; a failure leaves the request queued. */
async function sendRefund(
  db: Db,
  provider: PaymentProvider,
  request: { id: string; orderId: string; reason: string },
): Promise<RefundState> {
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order?.captureId) return 'queued';
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
  const [gift] =
    order.kind === 'gift'
      ? await db.select().from(giftCards).where(eq(giftCards.orderId, order.id))
      : [];
  if (!refundable(order, { giftRedeemed: gift ? gift.status !== 'active' : false })) {
    throw paymentErrors.refundNotEligible(
      'This purchase is outside the money-back guarantee: it applies to website purchases within 30 days, and not to redeemed gift cards.',
    );
  }
  const [request] = await db
    .insert(refundRequests)
    .values({ userId: params.userId, orderId: order.id, reason: params.reason, status: 'queued' })
    .onConflictDoNothing({ target: refundRequests.orderId })
    .returning();
  if (!request) {
    throw paymentErrors.refundNotEligible('A refund was already requested for this purchase.');
  }
  const status = await sendRefund(db, provider, request);
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
