import 'server-only';
import { type MonthsAndDays, monthsAndDays, totalLength } from '@/lib/plans/months-and-days';
import { parseProductId } from '@/lib/plans/product-id';
import type { IntervalUnit, Period } from '@/lib/plans/types';

/** Premium time to add: whole months (calendar arithmetic) and days. */
export type Grant = MonthsAndDays;

/**
 * What a purchase of `productId` grants: the paid period plus its bonus (`add…`) and trial
 * (`try…`). A product id without the v2 format grants the plan's own interval.
 */
export function grantFor(productId: string, fallback: { count: number; unit: string }): Grant {
  const parsed = parseProductId(productId);
  const origin: Period = parsed?.origin ?? {
    count: fallback.count,
    unit: fallback.unit as IntervalUnit,
  };
  return totalLength(origin, parsed?.bonus, parsed?.trial);
}

/** What one renewal grants: its period. */
export function grantOfPeriod(period: Period): Grant {
  return monthsAndDays(period);
}
