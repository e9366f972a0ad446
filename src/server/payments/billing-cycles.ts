import 'server-only';
import { monthsAndDays } from '@/lib/plans/months-and-days';
import { parseProductId } from '@/lib/plans/product-id';
import { renewalPeriod, renewalTerms } from '@/lib/plans/renewal';
import type { IntervalUnit, Period } from '@/lib/plans/types';
import type { PlanRow } from '@/server/db/schema';

/**
 * One billing cycle of a subscription plan, provider-neutral: `count` periods (0: until the
 * subscription ends), each charged `price` (null: free) at its start. The first term is one or
 * more `trial` cycles (a free trial, the paid first period, free bonus time); the `regular` cycle
 * is the renewal and comes last.
 */
export interface BillingCycle {
  kind: 'trial' | 'regular';
  period: Period;
  price: string | null;
  count: number;
}

/** A plan a provider cannot bill as it is sold (the sync skips it and says why). */
export class UnbillablePlanError extends Error {
  override name = 'UnbillablePlanError';
}

/** The most trial cycles a plan may have (PayPal's limit). */
const maxTrialCycles = 2;

/** Free time as whole months or whole days (weeks count as days); undefined when mixed. */
function freeTime(months: number, days: number): { unit: 'MONTH' | 'DAY'; total: number } | null {
  if (months > 0 && days > 0) return null;
  return months > 0 ? { unit: 'MONTH', total: months } : { unit: 'DAY', total: days };
}

/** `total` units as `count` cycles of one period no longer than a year. */
function asCycles(unit: 'MONTH' | 'DAY', total: number): { period: Period; count: number } {
  const longest = unit === 'MONTH' ? 12 : 365;
  let size = Math.min(total, longest);
  while (total % size !== 0) size -= 1;
  return { period: { count: size, unit }, count: total / size };
}

/**
 * The cycles a subscription to `plan` is billed in: its first term exactly as sold (the paid
 * period, then any bonus, after any free trial) and then the renewal (renewal.ts). A first
 * period longer than a year is charged at its start and its second part is free (a 24-month plan:
 * its price for the first year, the second year free, then yearly renewals). A plan with no
 * trial and no bonus whose first term equals its renewal is one regular cycle.
 */
export function billingCycles(plan: PlanRow): BillingCycle[] {
  const unit = plan.intervalUnit as IntervalUnit;
  const parsed = parseProductId(plan.productId);
  const origin: Period = parsed?.origin ?? { count: plan.intervalCount, unit };
  const renewal = renewalTerms({ ...plan, intervalUnit: unit });
  const paid = renewalPeriod(origin);
  const cycles: BillingCycle[] = [];
  if (parsed?.trial) {
    const trial = monthsAndDays(parsed.trial);
    const time = freeTime(trial.months, trial.days);
    if (!time) throw new UnbillablePlanError(`${plan.id}: a trial mixes months and days`);
    cycles.push({ kind: 'trial', price: null, ...asCycles(time.unit, time.total) });
  }
  cycles.push({ kind: 'trial', period: paid, price: plan.price, count: 1 });
  const sold = monthsAndDays(origin);
  const charged = monthsAndDays(paid);
  const bonus = monthsAndDays(parsed?.bonus);
  const free = freeTime(
    sold.months - charged.months + bonus.months,
    sold.days - charged.days + bonus.days,
  );
  if (!free) throw new UnbillablePlanError(`${plan.id}: its free time mixes months and days`);
  if (free.total > 0)
    cycles.push({ kind: 'trial', price: null, ...asCycles(free.unit, free.total) });
  cycles.push({ kind: 'regular', period: renewal.period, price: renewal.price, count: 0 });
  if (cycles.length > maxTrialCycles + 1) {
    throw new UnbillablePlanError(
      `${plan.id}: a free trial, a first period and free time need ${cycles.length - 1} trial cycles; at most ${maxTrialCycles}`,
    );
  }
  const [first, last] = [cycles[0], cycles[1]];
  if (
    cycles.length === 2 &&
    first &&
    last &&
    first.price === last.price &&
    first.period.count === last.period.count &&
    first.period.unit === last.period.unit
  ) {
    return [last];
  }
  return cycles;
}
