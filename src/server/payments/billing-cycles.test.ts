import { describe, expect, it } from 'vitest';
import type { PlanRow } from '@/server/db/schema';
import { billingCycles, UnbillablePlanError } from './billing-cycles';

const row = (fields: Partial<PlanRow>): PlanRow => ({
  id: 'p',
  channel: '',
  productId: 'v2.tvpn.web.vip.usd.1m',
  intervalCount: 1,
  intervalUnit: 'MONTH',
  price: '11.99',
  priceUnit: '11.99',
  renewalPrice: null,
  currency: 'USD',
  discountPercent: 0,
  isRecommend: false,
  sort: 0,
  active: true,
  createdAt: new Date(0),
  ...fields,
});

const month = (count: number) => ({ count, unit: 'MONTH' as const });

describe('billingCycles', () => {
  it('bills a plan that renews as it was sold in one regular cycle', () => {
    expect(billingCycles(row({}))).toEqual([
      { kind: 'regular', period: month(1), price: '11.99', count: 0 },
    ]);
    expect(
      billingCycles(
        row({ productId: 'v2.tvpn.web.vip.usd.6m.off31', intervalCount: 6, price: '49.99' }),
      ),
    ).toEqual([{ kind: 'regular', period: month(6), price: '49.99', count: 0 }]);
  });

  it('gives the bonus months free after the paid year (12 months + 3 free)', () => {
    const plan = row({
      productId: 'v2.tvpn.web.vip.usd.12m.off51.add3m',
      intervalCount: 12,
      price: '69.99',
    });
    expect(billingCycles(plan)).toEqual([
      { kind: 'trial', period: month(12), price: '69.99', count: 1 },
      { kind: 'trial', period: month(3), price: null, count: 1 },
      { kind: 'regular', period: month(12), price: '69.99', count: 0 },
    ]);
  });

  it('charges a 24-month plan once, gives the second year free, then renews yearly pro rata', () => {
    const plan = row({
      productId: 'v2.tvpn.web.vip.usd.24m.off65',
      intervalCount: 24,
      price: '99.99',
    });
    expect(billingCycles(plan)).toEqual([
      { kind: 'trial', period: { count: 1, unit: 'YEAR' }, price: '99.99', count: 1 },
      { kind: 'trial', period: month(12), price: null, count: 1 },
      { kind: 'regular', period: { count: 1, unit: 'YEAR' }, price: '50.00', count: 0 },
    ]);
  });

  it('starts with a free trial and charges a different renewal price', () => {
    const plan = row({
      productId: 'v2.tvpn.web.vip.usd.1m.try7d',
      price: '2.99',
      renewalPrice: '11.99',
    });
    expect(billingCycles(plan)).toEqual([
      { kind: 'trial', period: { count: 7, unit: 'DAY' }, price: null, count: 1 },
      { kind: 'trial', period: month(1), price: '2.99', count: 1 },
      { kind: 'regular', period: month(1), price: '11.99', count: 0 },
    ]);
  });

  it('splits long free time into cycles of at most a year', () => {
    const plan = row({
      productId: 'v2.tvpn.web.vip.usd.12m.add15m',
      intervalCount: 12,
      price: '60.00',
    });
    expect(billingCycles(plan)[1]).toEqual({
      kind: 'trial',
      period: month(5),
      price: null,
      count: 3,
    });
  });

  it('refuses what a provider cannot bill, naming the plan', () => {
    const mixed = row({ productId: 'v2.tvpn.web.vip.usd.1m.add10d', price: '9.00' });
    expect(() =>
      billingCycles({ ...mixed, productId: 'v2.tvpn.web.vip.usd.1m.add10d.try7d' }),
    ).toThrow(UnbillablePlanError);
    expect(() =>
      billingCycles(row({ productId: 'v2.tvpn.web.vip.usd.24m.add3m.try7d', intervalCount: 24 })),
    ).toThrow(/at most 2/);
  });
});
