// A plan as the purchase pages show it: names and prices already formatted for the page's
// locale on the server, so the checkout island's first paint needs no plan or currency logic
// (it uses toPlanOptions only for a list it loads in the browser). Shared by
// server and client code: nothing here may import server modules.

import { formatMoney } from '@/lib/plans/money';
import { totalLength } from '@/lib/plans/months-and-days';
import { type PlansTranslator, planName } from '@/lib/plans/name';
import { derivePlan } from '@/lib/plans/product-id';
import type { IntervalUnit, Plan } from '@/lib/plans/types';

export interface PlanOption {
  id: string;
  /** The store's product id; a `plan` query value may name it instead of the id. */
  productId: string;
  /** The period sold, e.g. "24 months". */
  period: string;
  /** "+3 months free", when the product id has a bonus. */
  bonus?: string;
  /** "7-day free trial", when the product id has a trial. */
  trial?: string;
  /** The per-month price, e.g. "$4.17". */
  monthly: string;
  /** The total paid, e.g. "$99.99". */
  money: string;
  /** ISO 4217 code of both prices. */
  currency: string;
  /** Whole percent off for the "Save N%" badge; 0 for none. */
  savingsPercent: number;
  recommended: boolean;
  /** What each renewal costs, e.g. "$50.00" (as a number: 50), and covers, e.g. "12 months". */
  renewalMoney: string;
  renewalAmount: number;
  renewalPeriod: string;
  /** How long the first term runs (period sold, bonus and trial): its first renewal is then. */
  firstTerm: { months: number; days: number };
}

/**
 * The plans the purchase pages can show, as PlanOptions for `locale` (`t`: the `Plans`
 * messages): the server's way to make them, and the checkout island's for a list it loads in
 * the browser, so both show a plan alike. Plans whose prices cannot be shown are left out.
 */
export function toPlanOptions(
  plans: readonly Plan[],
  locale: string,
  t: PlansTranslator,
): PlanOption[] {
  const options: PlanOption[] = [];
  for (const plan of plans) {
    const view = derivePlan(plan, locale);
    const renewalMoney = formatMoney(plan.renewal_price, plan.currency, locale);
    if (!view.money || !view.monthly || !renewalMoney) continue;
    const name = planName(t, view);
    // A renewal of a year reads as 12 months, like the periods the plans are sold for.
    const yearly = plan.renewal_interval_unit === 'YEAR';
    const period = (count?: number, unit?: IntervalUnit) =>
      count !== undefined && unit !== undefined ? { count, unit } : undefined;
    options.push({
      id: view.id,
      productId: view.product_id,
      period: name.period,
      bonus: name.bonus,
      trial: name.trial,
      monthly: view.monthly,
      money: view.money,
      currency: view.currency.toUpperCase() || 'USD',
      savingsPercent: view.savingsPercent,
      recommended: view.is_recommend,
      renewalMoney,
      renewalAmount: Number(plan.renewal_price),
      renewalPeriod: t(yearly ? 'period.MONTH' : `period.${plan.renewal_interval_unit}`, {
        count: yearly ? plan.renewal_interval_count * 12 : plan.renewal_interval_count,
      }),
      firstTerm: totalLength(
        period(view.originCount, view.originUnit),
        period(view.addCount, view.addUnit),
        period(view.tryCount, view.tryUnit),
      ),
    });
  }
  return options;
}

/**
 * The Plans messages an island needs to name plans it loads itself (periods, bonus, trial):
 * not the page's own notices, which must not travel in its payload when they are not shown.
 */
export function planNameMessages<T extends { unavailable?: unknown }>(
  plans: T,
): Omit<T, 'unavailable'> {
  const { unavailable: _notShown, ...names } = plans;
  return names;
}
