import 'server-only';
import type { Db } from '@/server/db/client';
import { createLimiter, type LimitRule } from '@/server/rate-limit/limiter';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const message = 'Too many submissions, please try again later';

// Generous for people, tight for scripts: a visitor rarely sends one form twice in an hour.
// Per email as well as per address, so one inbox cannot be flooded from many connections.
export const formLimits = {
  contactIp: { name: 'form-contact-ip', points: 5, windowSeconds: HOUR, message },
  contactEmail: { name: 'form-contact-email', points: 3, windowSeconds: HOUR, message },
  partnerIp: { name: 'form-partner-ip', points: 5, windowSeconds: HOUR, message },
  partnerEmail: { name: 'form-partner-email', points: 3, windowSeconds: DAY, message },
  newsletterIp: { name: 'form-newsletter-ip', points: 10, windowSeconds: HOUR, message },
  // Each subscribe may send a confirmation mail: this is what keeps an inbox from being bombed.
  newsletterEmail: { name: 'form-newsletter-email', points: 3, windowSeconds: DAY, message },
  newsletterTokenIp: { name: 'form-newsletter-token-ip', points: 30, windowSeconds: HOUR, message },
  surveyIp: { name: 'form-survey-ip', points: 5, windowSeconds: HOUR, message },
} as const satisfies Record<string, LimitRule>;

/**
 * Counts one submission against each rule and key; the first rule past its limit answers 429.
 * Checked before counting so a refused attempt does not use up the other rules' allowance.
 * Per-address rules take `clientLimitKeyOf(c)` (./client-ip.ts) as their key, never the raw
 * address: an IPv6 client counts by its /64.
 */
export async function consumeLimits(
  db: Db,
  entries: ReadonlyArray<readonly [LimitRule, string]>,
): Promise<void> {
  const limiters = entries.map(([rule, key]) => [createLimiter(db, rule), key] as const);
  for (const [limiter, key] of limiters) await limiter.check(key);
  for (const [limiter, key] of limiters) await limiter.consume(key);
}
