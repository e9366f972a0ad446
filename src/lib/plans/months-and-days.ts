// A period as calendar months and days: years count as 12 months, weeks as 7 days. Premium time
// is added in these two parts (months by calendar arithmetic), so every length the plans speak
// of (a grant, a first term, a billing cycle) is measured the same way.
import type { Period } from './types';

export interface MonthsAndDays {
  months: number;
  days: number;
}

/** `period` as months and days; nothing for no period. */
export function monthsAndDays(period: Period | undefined): MonthsAndDays {
  if (!period) return { months: 0, days: 0 };
  const { count, unit } = period;
  if (unit === 'YEAR') return { months: count * 12, days: 0 };
  if (unit === 'MONTH') return { months: count, days: 0 };
  return { months: 0, days: unit === 'WEEK' ? count * 7 : count };
}

/** The lengths of `periods` added up. */
export function totalLength(...periods: (Period | undefined)[]): MonthsAndDays {
  return periods
    .map(monthsAndDays)
    .reduce((sum, part) => ({ months: sum.months + part.months, days: sum.days + part.days }), {
      months: 0,
      days: 0,
    });
}
