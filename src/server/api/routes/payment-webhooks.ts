import { Hono } from 'hono';
import { ProviderUnavailableError } from '@/server/payments/provider';
import { handleWebhook } from '@/server/payments/webhooks';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { bodyLimit } from '../middleware/body-limit';
import type { AppEnv } from '../types';
import { parseJsonText } from '../validate';

/**
 * PayPal's webhook deliveries. Mounted before the app-type check (PayPal cannot send it); the
 * signature check through PayPal's verify endpoint is this route's guard instead. Answers 2xx
 * only when the event was handled or is known, so PayPal delivers again after a failure.
 */
export const paymentWebhookRoutes = new Hono<AppEnv>();

const maxSize = 256 * 1024;

// POST /api/mms/payment/v1/webhooks/paypal – a PayPal event (order approved, capture completed…)
paymentWebhookRoutes.post('/webhooks/paypal', bodyLimit(maxSize), async (c) => {
  const raw = await c.req.text();
  const provider = c.var.payments();
  let verified: boolean;
  try {
    verified = await provider.verifyWebhook(c.req.raw.headers, raw);
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) {
      throw ApiError.unavailable('The payment provider could not be reached; deliver again later');
    }
    throw error;
  }
  if (!verified) throw ApiError.badRequest('Webhook signature could not be verified');
  const event = parseJsonText(raw);
  if (!event || typeof event !== 'object') throw ApiError.badRequest('Invalid webhook event');
  try {
    return ok(c, { outcome: await handleWebhook(c.var.db().db, provider, event) });
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) {
      throw ApiError.unavailable('The payment provider could not be reached; deliver again later');
    }
    throw error;
  }
});
