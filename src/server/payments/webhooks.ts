import 'server-only';
import type { Db } from '@/server/db/client';
import type { OrderRow } from '@/server/db/schema';
import { captureRequestId, isOrderId } from './checkout';
import { notifyFulfilled } from './emails';
import { type Fulfilment, fulfilOrder, markOrder, recordRefund } from './fulfil';
import type { PaymentProvider } from './provider';
import { findOrderForWebhook, incrementCaptureAttempt } from './queries/orders';
import { findWebhookEvent, recordWebhookEvent } from './queries/webhook-events';

/** The parts of a PayPal webhook event we read (resource is an order or a capture). */
interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    custom_id?: unknown;
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
  provider: PaymentProvider,
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
  if (!handled.includes(type)) return 'ignored';
  const order = await findOrder(db, event);
  if (!order?.providerOrderId) return 'unknown_order';

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
