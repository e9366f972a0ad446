import 'server-only';
import { parseProductId } from '@/lib/plans/product-id';
import type { IntervalUnit, Period } from '@/lib/plans/types';

/** Premium time to add: whole months (calendar arithmetic) and days. */
export interface Grant {
  months: number;
  days: number;
}

function add(grant: Grant, period: Period | undefined): Grant {
  if (!period) return grant;
  const { count, unit } = period;
  switch (unit) {
    case 'YEAR':
      return { ...grant, months: grant.months + count * 12 };
    case 'MONTH':
      return { ...grant, months: grant.months + count };
    case 'WEEK':
      return { ...grant, days: grant.days + count * 7 };
    default:
      return { ...grant, days: grant.days + count };
  }
}

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
  return add(add(add({ months: 0, days: 0 }, origin), parsed?.bonus), parsed?.trial);
}

/** What one renewal grants: its period. */
export function grantOfPeriod(period: Period): Grant {
  return add({ months: 0, days: 0 }, period);
}
