import 'server-only';
import { z } from 'zod';

// PayPal's JSON on the wire, for the adapter in paypal.ts: the answers it reads, checked with
// these schemas, and the requests it sends. Only the fields the adapter uses are named; PayPal
// sends many more, which parsing drops.

// Answers ----------------------------------------------------------------------------------

export const moneySchema = z.object({ currency_code: z.string(), value: z.string() });

export const captureSchema = z.object({
  id: z.string(),
  status: z.enum(['COMPLETED', 'PENDING', 'DECLINED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED']),
  amount: moneySchema.optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
});

export const linkSchema = z.object({ href: z.string(), rel: z.string() });

export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  links: z.array(linkSchema).optional(),
});

export type PayPalOrder = z.infer<typeof orderSchema>;

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

export const refundSchema = z.object({
  id: z.string(),
  status: z.enum(['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED']),
});

export const verificationSchema = z.object({ verification_status: z.string() });

// Orders/Payments errors name the problem in details[0].issue; OAuth errors in `error`.
export const errorSchema = z.object({
  name: z.string().optional(),
  error: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

// Requests ---------------------------------------------------------------------------------

/** An amount: ISO currency code and a decimal string in the major unit ('99.95'). */
export type PayPalMoney = z.infer<typeof moneySchema>;

/** How PayPal's approval page behaves (POST /v2/checkout/orders, payment_source.paypal). */
export interface PayPalExperienceContext {
  brand_name: string;
  user_action: string;
  shipping_preference: string;
  return_url: string;
  cancel_url: string;
  /** Left out when ours is not a locale PayPal accepts. */
  locale?: string;
}

/** POST /v2/checkout/orders: one purchase unit, captured after the buyer approves. */
export interface PayPalOrderRequest {
  intent: 'CAPTURE';
  purchase_units: {
    reference_id: string;
    custom_id: string;
    description?: string;
    amount: PayPalMoney;
  }[];
  payment_source: { paypal: { experience_context: PayPalExperienceContext } };
}

/** POST /v2/payments/captures/{id}/refund: without an amount, the whole capture. */
export interface PayPalRefundRequest {
  amount?: PayPalMoney;
  note_to_payer?: string;
}
