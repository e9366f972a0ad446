import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import type { Plan } from '@/lib/plans/types';
import en from '../../../messages/en.json';
import { toPlanOptions } from './plan-option';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Plans' });

const twoYears: Plan = {
  id: '24',
  product_id: 'v2.tvpn.web.vip.usd.24m.off65.add3m',
  interval_count: 24,
  interval_unit: 'MONTH',
  price: '99.99',
  price_unit: '4.17',
  currency: 'usd',
  discount_percent: 0,
  is_recommend: true,
  renewal_price: '50.00',
  renewal_interval_count: 1,
  renewal_interval_unit: 'YEAR',
};

describe('toPlanOptions', () => {
  it('makes the options the purchase pages show, in the server’s and the browser’s way alike', () => {
    expect(toPlanOptions([twoYears], 'en', t)).toEqual([
      {
        id: '24',
        productId: 'v2.tvpn.web.vip.usd.24m.off65.add3m',
        period: '24 months',
        bonus: '+3 months free',
        trial: undefined,
        monthly: '$4.17',
        money: '$99.99',
        currency: 'USD',
        savingsPercent: 65,
        recommended: true,
        renewalMoney: '$50.00',
        renewalAmount: 50,
        renewalPeriod: '12 months',
        firstTerm: { months: 27, days: 0 },
      },
    ]);
  });

  it('leaves out a plan whose prices cannot be shown', () => {
    const unpriced = { ...twoYears, id: '1', price: 'n/a' };
    const unrenewable = { ...twoYears, id: '2', renewal_price: '' };
    expect(
      toPlanOptions([unpriced, unrenewable, twoYears], 'en', t).map((option) => option.id),
    ).toEqual(['24']);
  });
});
