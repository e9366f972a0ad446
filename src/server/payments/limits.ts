import 'server-only';
import type { Db } from '@/server/db/client';
import { type LimitRule, limiterCache } from '@/server/rate-limit/limiter';

const hour = 3600;

// A person buys a few times a day; a script that starts checkouts by the dozen (to probe
// addresses, or to fill the provider with orders under our name) meets these. Per address
// (an IPv6 client's /64) and per buyer email, counted when the checkout is asked for.
export const paymentLimitRules = {
  checkoutIp: {
    name: 'checkout-ip',
    points: 20,
    windowSeconds: hour,
    message: 'Too many checkouts started. Please try again later.',
  },
  checkoutEmail: {
    name: 'checkout-email',
    points: 10,
    windowSeconds: hour,
    message: 'Too many checkouts started for this email. Please try again later.',
  },
  // Every attempt counts, right or wrong, so codes cannot be guessed from one address.
  redeemIp: {
    name: 'gift-redeem-ip',
    points: 10,
    windowSeconds: hour,
    message: 'Too many gift card attempts. Please try again later.',
  },
} satisfies Record<string, LimitRule>;

export type PaymentLimitName = keyof typeof paymentLimitRules;

const limiterOf = limiterCache(paymentLimitRules);

/** Counts one attempt against `name` for `key`; past the limit a 429 with the rule's message. */
export async function consumePaymentLimit(db: Db, name: PaymentLimitName, key: string) {
  await limiterOf(db, name).consume(key);
}
