// What a plan renews at when its first term ends: the same period (at most one year, the longest
// a subscription can bill at once) for the plan's renewal price. Without a renewal price of its
// own a plan renews at its first price, pro rata when the period is shorter (a 24-month plan
// renews yearly at half its price: the same price a month). Shared by the server, which puts the
// terms in the plans API, and the browser, which states them before checkout.
import { type MonthsAndDays, monthsAndDays } from './months-and-days';
import type { IntervalUnit, Period } from './types';

/** The longest period one renewal may cover, per unit (one year). */
const longest: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

/** The period a renewal covers: the plan's own, or one year when that is longer. */
export function renewalPeriod(period: Period): Period {
  return period.count <= longest[period.unit] ? period : { count: 1, unit: 'YEAR' };
}

/** `price` (a decimal string) for `part` of `whole`, to the cent. */
function proRata(price: string, part: Period, whole: Period): string {
  const a = monthsAndDays(part);
  const b = monthsAndDays(whole);
  // Months against days: a month is a twelfth of 365 days.
  const days = (length: MonthsAndDays) => (length.months * 365) / 12 + length.days;
  const ratio = a.days === 0 && b.days === 0 ? a.months / b.months : days(a) / days(b);
  return (Math.round(Number(price) * 100 * ratio) / 100).toFixed(2);
}

export interface RenewalTerms {
  /** A decimal string in the plan's currency ('69.99'). */
  price: string;
  period: Period;
}

/** What `plan` renews at: its renewal price (or its price, pro rata) for its renewal period. */
export function renewalTerms(plan: {
  price: string;
  renewalPrice: string | null;
  intervalCount: number;
  intervalUnit: IntervalUnit;
}): RenewalTerms {
  const period: Period = { count: plan.intervalCount, unit: plan.intervalUnit };
  const renewal = renewalPeriod(period);
  if (plan.renewalPrice !== null) return { price: plan.renewalPrice, period: renewal };
  return {
    price: renewal === period ? plan.price : proRata(plan.price, renewal, period),
    period: renewal,
  };
}
