import 'server-only';
import type { Db } from '@/server/db/client';
import type { BillingSubscriptionRow, OrderRow } from '@/server/db/schema';
import { type Payments, reconcileSubscription } from './billing';
import { captureRequestId, isOrderId } from './checkout';
import { notifyFulfilled } from './emails';
import { type Fulfilment, fulfilOrder, isDeletedBuyer, markOrder, recordRefund } from './fulfil';
import {
  findBillingSubscriptionById,
  findBillingSubscriptionOfProvider,
} from './queries/billing-subscriptions';
import { findOrderForWebhook, findOrderOfCapture, incrementCaptureAttempt } from './queries/orders';
import { findWebhookEvent, recordWebhookEvent } from './queries/webhook-events';

/**
 * The parts of a PayPal webhook event we read: the resource is an order, a capture, a
 * subscription, a subscription's payment (sale) or its refund.
 */
interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    custom_id?: unknown;
    billing_agreement_id?: unknown;
    sale_id?: unknown;
    purchase_units?: { custom_id?: unknown }[];
    supplementary_data?: { related_ids?: { order_id?: unknown } };
  };
}

export type WebhookOutcome = 'processed' | 'replayed' | 'ignored' | 'unknown_order';

const text = (value: unknown) =>
  typeof value === 'string' && value.length <= 200 ? value : undefined;

async function findOrder(db: Db, event: WebhookEvent): Promise<OrderRow | undefined> {
  const resource = event.resource ?? {};
  const ours = text(resource.custom_id) ?? text(resource.purchase_units?.[0]?.custom_id);
  const providerOrderId =
    text(resource.supplementary_data?.related_ids?.order_id) ??
    (String(event.event_type).startsWith('CHECKOUT.ORDER.') ? text(resource.id) : undefined);
  return findOrderForWebhook(db, {
    orderId: ours && isOrderId(ours) ? ours : undefined,
    providerOrderId,
  });
}

/** Events about a subscription (PayPal's Subscriptions API) or one of its payments. */
const subscriptionEvents = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
  'PAYMENT.SALE.REFUNDED',
  'PAYMENT.SALE.REVERSED',
];

/**
 * The subscription an event is about: a subscription event's resource is the subscription, a
 * payment's names it as billing_agreement_id, a refund may name only the payment (sale_id).
 */
async function findSubscriptionOf(
  db: Db,
  provider: string,
  event: WebhookEvent,
): Promise<BillingSubscriptionRow | undefined> {
  const resource = event.resource ?? {};
  const type = String(event.event_type);
  const providerSubscriptionId = type.startsWith('BILLING.SUBSCRIPTION.')
    ? text(resource.id)
    : text(resource.billing_agreement_id);
  if (providerSubscriptionId) {
    return findBillingSubscriptionOfProvider(db, { provider, providerSubscriptionId });
  }
  const saleId = text(resource.sale_id);
  const paid = saleId ? await findOrderOfCapture(db, { provider, captureId: saleId }) : undefined;
  return paid?.subscriptionId
    ? findBillingSubscriptionById(db, { id: paid.subscriptionId })
    : undefined;
}

/** Reconciles a subscription and mails a checkout its reconciliation fulfilled. */
async function reconcile(db: Db, provider: Payments, subscription: BillingSubscriptionRow) {
  const done = await reconcileSubscription(db, provider, subscription);
  if (done.activated) notify(db, done.activated);
}

/** Mails what the order delivered when this delivery is the one that fulfilled it. */
function notify(db: Db, fulfilment: Fulfilment) {
  if (fulfilment.granted) void notifyFulfilled(db, fulfilment.order);
}

/**
 * Acts on a verified webhook delivery. The event's own claims are not trusted: the order is
 * read back from the provider and only a COMPLETED capture is fulfilled (fulfilment is
 * idempotent). A delivery already handled is acknowledged without acting again. Errors (the
 * provider down) propagate, so the provider delivers again later.
 */
export async function handleWebhook(
  db: Db,
  provider: Payments,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  const eventId = text(event.id);
  const type = text(event.event_type) ?? '';
  if (!eventId) return 'ignored';
  const seen = await findWebhookEvent(db, { eventId });
  if (seen) return 'replayed';

  const handled = [
    'CHECKOUT.ORDER.APPROVED',
    'CHECKOUT.ORDER.COMPLETED',
    'PAYMENT.CAPTURE.COMPLETED',
    'PAYMENT.CAPTURE.DENIED',
    'PAYMENT.CAPTURE.DECLINED',
    'PAYMENT.CAPTURE.REFUNDED',
    'PAYMENT.CAPTURE.REVERSED',
  ];
  if (subscriptionEvents.includes(type)) {
    const subscription = await findSubscriptionOf(db, provider.name, event);
    if (!subscription) return 'unknown_order';
    await reconcile(db, provider, subscription);
    await recordWebhookEvent(db, { eventId, provider: provider.name, eventType: type });
    return 'processed';
  }
  if (!handled.includes(type)) return 'ignored';
  const order = await findOrder(db, event);
  if (!order?.providerOrderId) return 'unknown_order';
  // A refund of a subscription's payment may be reported as a capture's: the subscription is
  // read back, not the (non-existent) order at the provider.
  const ofSubscription = order.subscriptionId
    ? await findBillingSubscriptionOfProvider(db, {
        provider: provider.name,
        providerSubscriptionId: order.providerOrderId,
      })
    : undefined;
  if (ofSubscription) {
    await reconcile(db, provider, ofSubscription);
    await recordWebhookEvent(db, { eventId, provider: provider.name, eventType: type });
    return 'processed';
  }

  if (type === 'CHECKOUT.ORDER.APPROVED' && isDeletedBuyer(order)) {
    // Approved at PayPal after its account was deleted: never captured, so never charged.
    await recordWebhookEvent(db, { eventId, provider: provider.name, eventType: type });
    return 'ignored';
  }
  if (type === 'CHECKOUT.ORDER.APPROVED') {
    // The buyer approved but may never come back to the site: capture now.
    const result = await provider.captureOrder(order.providerOrderId, captureRequestId(order));
    if (result.outcome === 'captured') notify(db, await fulfilOrder(db, order.id, result.capture));
    else await incrementCaptureAttempt(db, { orderId: order.id });
    if (result.outcome === 'declined') await markOrder(db, order.id, 'failed', result.reason);
  } else if (type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED') {
    await markOrder(db, order.id, 'failed', type);
  } else {
    // COMPLETED grants; a full refund (made at PayPal, or ours confirmed) takes it back.
    const capture = (await provider.getOrder(order.providerOrderId)).capture;
    if (capture?.status === 'COMPLETED') notify(db, await fulfilOrder(db, order.id, capture));
    else if (capture?.status === 'REFUNDED') await recordRefund(db, order.id);
  }
  await recordWebhookEvent(db, { eventId, provider: provider.name, eventType: type });
  return 'processed';
}
