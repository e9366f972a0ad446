import 'server-only';
import type { HistoryEntry, HistoryLabel, ReceiptLink } from '@/lib/payments/history';
import { claims } from '@/lib/site';
import type { Db } from '@/server/db/client';
import type { OrderRow } from '@/server/db/schema';
import { findAccountBillingSubscription, isRenewing } from './queries/billing-subscriptions';
import { listGiftCardsOfOrders, listGiftCardsRedeemedBy } from './queries/gift-cards';
import { listAccountOrders } from './queries/orders';
import { findPlanById } from './queries/plans';
import { listReceiptsOfOrders } from './queries/receipts';
import { listRefundRequestsOfOrders } from './queries/refunds';
import { findSubscription } from './queries/subscriptions';
import { receiptNumber } from './receipts';

/** Where the account's receipts are downloaded (GET web/receipts/{id}). */
const receiptsPath = '/api/mms/payment/v1/web/receipts';

/** The labels of spec 4: a payment made, a gift card redeemed, a failed payment, a refund. */
const labelOf: Record<string, HistoryLabel | undefined> = {
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * Whether the money-back guarantee still covers an order (spec 9): a website purchase, paid,
 * within the window, not yet asked for; a gift card only while unredeemed.
 */
export function refundable(
  order: Pick<OrderRow, 'status' | 'paidAt' | 'kind'>,
  options: { now?: Date; giftRedeemed?: boolean; requested?: boolean } = {},
): boolean {
  if (order.status !== 'paid' || !order.paidAt || options.requested) return false;
  // The guarantee covers purchases on the website, not renewals (spec 9).
  if (order.kind === 'renewal') return false;
  if (order.kind === 'gift' && options.giftRedeemed) return false;
  const now = options.now ?? new Date();
  return now.getTime() - order.paidAt.getTime() <= claims.moneyBackDays * 24 * 3600 * 1000;
}

/** When the account's plan renews next, while it renews (active or past due); else undefined. */
export async function nextRenewalOf(db: Db, userId: string): Promise<Date | undefined> {
  const billing = await findAccountBillingSubscription(db, { userId });
  return (isRenewing(billing) && billing.nextRenewalAt) || undefined;
}

/** GET web/subscription_my: the account's premium time and its payment history. */
export async function subscriptionMy(db: Db, userId: string, now = new Date()) {
  const subscription = await findSubscription(db, { userId });
  const billing = await findAccountBillingSubscription(db, { userId });
  const pending = billing?.pendingPlanId
    ? await findPlanById(db, { planId: billing.pendingPlanId })
    : undefined;
  const ordered = await listAccountOrders(db, { userId });
  const ids = ordered.map((o) => o.id);
  const requests = ids.length ? await listRefundRequestsOfOrders(db, { orderIds: ids }) : [];
  const gifts = ids.length ? await listGiftCardsOfOrders(db, { orderIds: ids }) : [];
  const redeemed = await listGiftCardsRedeemedBy(db, { userId });
  const documents = await listReceiptsOfOrders(db, { orderIds: ids });
  const linksOf = (orderId: string): ReceiptLink[] =>
    documents
      .filter((receipt) => receipt.orderId === orderId)
      .map((receipt) => ({
        type: receipt.kind as ReceiptLink['type'],
        number: receiptNumber(receipt),
        url: `${receiptsPath}/${orderId}${receipt.kind === 'credit_note' ? '?type=credit_note' : ''}`,
      }));

  const history: HistoryEntry[] = [
    ...ordered.flatMap((order): HistoryEntry[] => {
      const label = labelOf[order.status];
      if (!label) return [];
      const request = requests.find((r) => r.orderId === order.id);
      const gift = gifts.find((g) => g.orderId === order.id);
      return [
        {
          id: order.id,
          kind: order.kind as 'plan' | 'gift' | 'renewal',
          label,
          date: (order.paidAt ?? order.createdAt).toISOString(),
          amount: order.amount,
          currency: order.currency,
          plan_id: order.planId,
          product_id: order.productId,
          receipt: order.captureId ?? order.id,
          documents: linksOf(order.id),
          refund: {
            eligible: refundable(order, {
              now,
              requested: Boolean(request),
              giftRedeemed: gift ? gift.status !== 'active' : false,
            }),
            status: request?.status ?? null,
          },
        },
      ];
    }),
    ...redeemed.map(
      (gift): HistoryEntry => ({
        id: gift.id,
        kind: 'redeem',
        label: 'Success',
        date: (gift.redeemedAt ?? gift.createdAt).toISOString(),
        amount: '0.00',
        currency: 'USD',
        plan_id: gift.planId,
        product_id: gift.productId,
        receipt: gift.id,
        documents: [],
        refund: { eligible: false, status: null },
      }),
    ),
  ].sort((a, b) => b.date.localeCompare(a.date));

  const active = Boolean(subscription && subscription.premiumUntil > now);
  // A renewing plan's state is its subscription's; otherwise premium time runs or has run out.
  const renews = isRenewing(billing);
  // Time that ended because its purchase was paid back reads as refunded, not as run out.
  const lastPlan = ordered.find((order) => order.kind !== 'gift' && order.status !== 'failed');
  const status: 'active' | 'past_due' | 'cancelled' | 'expired' | 'refunded' = !active
    ? lastPlan?.status === 'refunded' && lastPlan.planId === subscription?.planId
      ? 'refunded'
      : 'expired'
    : billing?.status === 'past_due' || billing?.status === 'cancelled'
      ? billing.status
      : 'active';
  return {
    is_premium: active,
    subscription: subscription
      ? {
          plan_id: subscription.planId,
          product_id: subscription.productId,
          status,
          premium_until: subscription.premiumUntil.toISOString(),
          source: subscription.source,
          auto_renew: active && renews,
          next_renewal_at:
            active && renews ? (billing?.nextRenewalAt?.toISOString() ?? null) : null,
          // Off but running: what turning auto-renewal back on would renew at.
          renewal_price: active && billing ? billing.renewalPrice : null,
          renewal_currency: active && billing ? billing.currency : null,
          // The plan it renews as, and the change to another one from the next renewal.
          renewal_plan_id: active && renews ? (billing?.planId ?? null) : null,
          pending_plan_id: active && renews ? (pending?.id ?? null) : null,
          pending_product_id: active && renews ? (pending?.productId ?? null) : null,
          grace_until:
            billing?.status === 'past_due' ? (billing.graceUntil?.toISOString() ?? null) : null,
        }
      : null,
    history,
  };
}
