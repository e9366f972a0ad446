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

export const billingPlanSchema = z.object({ id: z.string(), status: z.string().optional() });

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED']),
  plan_id: z.string(),
  custom_id: z.string().optional(),
  billing_info: z
    .object({
      next_billing_time: z.string().optional(),
      failed_payments_count: z.number().optional(),
      last_payment: z.object({ amount: moneySchema, time: z.string() }).optional(),
    })
    .optional(),
  links: z.array(linkSchema).optional(),
});

export type PayPalSubscription = z.infer<typeof subscriptionSchema>;

/** The answer of POST /v1/billing/subscriptions/{id}/revise. */
export const revisionSchema = z.object({
  plan_id: z.string().optional(),
  effective_time: z.string().optional(),
  links: z.array(linkSchema).optional(),
});

export const transactionsSchema = z.object({
  transactions: z
    .array(
      z.object({
        id: z.string(),
        status: z.enum(['COMPLETED', 'PENDING', 'DECLINED', 'REFUNDED', 'PARTIALLY_REFUNDED']),
        amount_with_breakdown: z.object({ gross_amount: moneySchema }),
        time: z.string(),
      }),
    )
    .optional(),
});

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

/** One cycle of POST /v1/billing/plans; a free cycle has no pricing scheme. */
export interface PayPalBillingCycle {
  frequency: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count: number };
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  total_cycles: number;
  pricing_scheme?: { fixed_price: PayPalMoney };
}

/** POST /v1/billing/plans. */
export interface PayPalPlanRequest {
  product_id: string;
  name: string;
  status: 'ACTIVE';
  billing_cycles: PayPalBillingCycle[];
  payment_preferences: {
    auto_bill_outstanding: boolean;
    setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
    payment_failure_threshold: number;
  };
}

/** The buyer's pages of a subscription or a revision: where they return, in which language. */
export interface PayPalApplicationContext {
  brand_name: string;
  shipping_preference: 'NO_SHIPPING';
  user_action: 'SUBSCRIBE_NOW';
  return_url: string;
  cancel_url: string;
  locale?: string;
}

/** POST /v1/billing/subscriptions. */
export interface PayPalSubscriptionRequest {
  plan_id: string;
  custom_id: string;
  start_time?: string;
  application_context: PayPalApplicationContext;
}

/** POST /v1/billing/subscriptions/{id}/revise. */
export interface PayPalRevisionRequest {
  plan_id: string;
  application_context: PayPalApplicationContext;
}
