import { describe, expect, it } from 'vitest';
import { renewalPeriod, renewalTerms } from './renewal';

const plan = (price: string, count: number, unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR') => ({
  price,
  renewalPrice: null,
  intervalCount: count,
  intervalUnit: unit,
});

describe('renewalTerms', () => {
  it('renews a period of a year or less as it is, at the first price', () => {
    expect(renewalTerms(plan('11.99', 1, 'MONTH'))).toEqual({
      price: '11.99',
      period: { count: 1, unit: 'MONTH' },
    });
    expect(renewalTerms(plan('69.99', 12, 'MONTH')).period).toEqual({ count: 12, unit: 'MONTH' });
    expect(renewalTerms(plan('9.00', 52, 'WEEK')).price).toBe('9.00');
  });

  it('renews a longer period yearly, at the same price a month', () => {
    expect(renewalTerms(plan('99.99', 24, 'MONTH'))).toEqual({
      price: '50.00',
      period: { count: 1, unit: 'YEAR' },
    });
    expect(renewalTerms(plan('120.00', 3, 'YEAR')).price).toBe('40.00');
    expect(renewalTerms(plan('100.00', 730, 'DAY'))).toEqual({
      price: '50.00',
      period: { count: 1, unit: 'YEAR' },
    });
  });

  it('takes the plan’s own renewal price when it has one', () => {
    expect(renewalTerms({ ...plan('99.99', 24, 'MONTH'), renewalPrice: '69.99' }).price).toBe(
      '69.99',
    );
    expect(renewalTerms({ ...plan('2.99', 1, 'MONTH'), renewalPrice: '11.99' }).price).toBe(
      '11.99',
    );
  });

  it('caps each unit at one year', () => {
    expect(renewalPeriod({ count: 365, unit: 'DAY' })).toEqual({ count: 365, unit: 'DAY' });
    expect(renewalPeriod({ count: 366, unit: 'DAY' })).toEqual({ count: 1, unit: 'YEAR' });
    expect(renewalPeriod({ count: 53, unit: 'WEEK' })).toEqual({ count: 1, unit: 'YEAR' });
    expect(renewalPeriod({ count: 2, unit: 'YEAR' })).toEqual({ count: 1, unit: 'YEAR' });
  });
});
