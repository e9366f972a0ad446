import 'server-only';
import type { RefundState } from '@/lib/payments/history';
import type { Db } from '@/server/db/client';
import { recordPaymentOutcome } from '@/server/metrics';
import { refundable } from './account-payments';
import { endSubscriptionOf, type Payments } from './billing';
import { isOrderId } from './checkout';
import { paymentErrors } from './errors';
import { recordRefund } from './fulfil';
import { type PaymentProvider, ProviderRequestError, ProviderUnavailableError } from './provider';
import { findGiftCardStatusOfOrder, holdGiftCardForRefund } from './queries/gift-cards';
import { findAccountOrder, findOrderById } from './queries/orders';
import {
  insertRefundRequest,
  listQueuedRefundRequests,
  markRefundRequestRefused,
  recordRefundAttempt,
} from './queries/refunds';

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
  const order = await findOrderById(db, { orderId: request.orderId });
  if (!order?.captureId) return 'queued';
  if (order.kind === 'gift') {
    const card = await findGiftCardStatusOfOrder(db, { orderId: order.id });
    if (card?.status === 'redeemed') {
      await markRefundRequestRefused(db, { requestId: request.id });
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
  await recordRefundAttempt(db, {
    requestId: request.id,
    status: state,
    providerRefundId: refundId,
    processedAt: state === 'queued' ? null : new Date(),
  });
  return state;
}

/**
 * A signed-in buyer asks for their money back (spec 9: website purchases, 30 days, a reason;
 * the request keeps the user id and the receipt). Refunded at once when the provider answers,
 * otherwise queued and retried.
 */
export async function requestRefund(
  db: Db,
  provider: Payments,
  params: { userId: string; orderId: string; reason: string },
): Promise<{ status: RefundState }> {
  const order = isOrderId(params.orderId)
    ? await findAccountOrder(db, { orderId: params.orderId, userId: params.userId })
    : undefined;
  if (!order) throw paymentErrors.orderNotFound();
  const notEligible = () =>
    paymentErrors.refundNotEligible(
      'This purchase is outside the money-back guarantee: it applies to website purchases within 30 days, and not to redeemed gift cards.',
    );
  if (order.kind === 'renewal') {
    throw paymentErrors.refundNotEligible(
      'Renewals are not covered by the money-back guarantee: it applies to purchases on the website within 30 days.',
    );
  }
  if (!refundable(order)) throw notEligible();
  // A plan's first payment: its subscription ends first (no renewal may follow a refund), at the
  // provider before any money moves; the refund then takes the premium back.
  if (order.subscriptionId) await endSubscriptionOf(db, provider, order.subscriptionId);
  // The request and the hold on a gift card are one transaction, made before the provider is
  // called: a redemption arriving at the same moment either finds the card held (and is
  // refused) or redeemed it first (and then this finds no active card and refuses).
  const request = await db.transaction(async (tx) => {
    if (order.kind === 'gift') {
      const held = await holdGiftCardForRefund(tx, { orderId: order.id });
      if (held.length === 0) throw notEligible();
    }
    const inserted = await insertRefundRequest(tx, {
      userId: params.userId,
      orderId: order.id,
      reason: params.reason,
    });
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
  const queued = await listQueuedRefundRequests(db, { limit: 50 });
  let done = 0;
  for (const request of queued) {
    if ((await sendRefund(db, provider, request)) !== 'queued') done++;
  }
  return done;
}
