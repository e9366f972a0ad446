import { describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '@/client/payments';
import type { PlanOption } from '@/lib/plans/plan-option';
import { renewalChoices } from './plan-change';

// Which plans a renewing plan is offered to change to: one per renewal period, the cheapest.

const option = (id: string, renewalPeriod: string, renewalAmount: number): PlanOption => ({
  id,
  productId: `v2.tvpn.web.vip.usd.${id}`,
  period: renewalPeriod,
  monthly: '',
  money: '',
  currency: 'USD',
  savingsPercent: 0,
  recommended: false,
  renewalMoney: `$${renewalAmount.toFixed(2)}`,
  renewalAmount,
  renewalPeriod,
  firstTerm: { months: 1, days: 0 },
});

const catalogue = [
  option('p24m', '12 months', 50),
  option('p12m', '12 months', 69.99),
  option('p6m', '6 months', 49.99),
  option('p1m', '1 month', 11.99),
];

const renewing = (renewal: string, pending: string | null = null) =>
  ({ renewal_plan_id: renewal, pending_plan_id: pending }) as SubscriptionInfo;

describe('renewalChoices', () => {
  it('offers the cheapest plan of each renewal period, not the one it renews as', () => {
    expect(renewalChoices(catalogue, renewing('p1m')).map((p) => p.id)).toEqual(['p24m', 'p6m']);
    expect(renewalChoices(catalogue, renewing('p12m')).map((p) => p.id)).toEqual([
      'p24m',
      'p6m',
      'p1m',
    ]);
    // Renewing as the cheapest yearly plan: the dearer yearly one is not offered either.
    expect(renewalChoices(catalogue, renewing('p24m')).map((p) => p.id)).toEqual(['p6m', 'p1m']);
  });

  it('counts a pending change as the plan it renews as, and offers its own plan back', () => {
    expect(renewalChoices(catalogue, renewing('p1m', 'p6m')).map((p) => p.id)).toEqual([
      'p24m',
      'p1m',
    ]);
  });
});
