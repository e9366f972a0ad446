import 'server-only';
import { z } from 'zod';
import { paymentPlatforms } from '@/lib/catalog';
import { emailField, languageField } from '@/server/account/schemas';

// Request bodies of the payments API. Texts are the site's own where the spec names one.

const id = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(64, `${what} is too long`);

export const checkoutSchema = z.object({
  plan_id: id('plan_id'),
  kind: z.enum(['plan', 'gift']).default('plan'),
  // Required only without a session; the route says so with the spec's text.
  email: emailField.optional(),
  platform: z.enum(paymentPlatforms).default('web'),
  language: languageField,
});

export const refundSchema = z.object({
  order_id: id('order_id'),
  reason: z
    .string({ error: 'Please tell us why you are asking for a refund' })
    .trim()
    .min(5, 'Please tell us in a few words why you are asking for a refund')
    .max(2000, 'Please keep the reason under 2000 characters'),
});

export const autoRenewSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  // The account page's language: PayPal sends the subscriber back to it.
  language: languageField,
});

export const planChangeSchema = z.object({
  plan_id: id('plan_id'),
  // true: the subscriber is back from approving the change at PayPal.
  approved: z.boolean({ error: 'approved must be true or false' }).default(false),
  language: languageField,
});

export const redeemSchema = z.object({
  code: z
    .string({ error: 'Please enter the gift card code' })
    .trim()
    .min(1, 'Please enter the gift card code')
    .max(64, 'This gift card code is not valid.'),
  email: emailField.optional(),
  language: languageField,
});

export const receiptQuerySchema = z.object({
  type: z
    .enum(['receipt', 'credit_note'], { error: 'type must be receipt or credit_note' })
    .default('receipt'),
  language: languageField,
});
