import type { useTranslations } from 'next-intl';
import type { getTranslations } from 'next-intl/server';
import { createTranslator } from 'use-intl/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import en from '../../../messages/en.json';
import { type PlansTranslator, planName } from './name';
import { derivePlan } from './product-id';
import type { Plan } from './types';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Plans' });

const fromCore: PlansTranslator = t;

const plan: Plan = {
  id: 'p',
  product_id: 'v2.tvpn.web.vip.usd.24m',
  interval_count: 24,
  interval_unit: 'MONTH',
  price: '99.99',
  price_unit: '4.17',
  currency: 'USD',
  discount_percent: 0,
  is_recommend: false,
  renewal_price: '11.99',
  renewal_interval_count: 1,
  renewal_interval_unit: 'MONTH',
};

const nameOf = (product_id: string, fields: Partial<Plan> = {}) =>
  planName(fromCore, derivePlan({ ...plan, ...fields, product_id }, 'en'));

describe('planName in English', () => {
  it('takes next-intl’s translators as they are (checked by tsc)', () => {
    expectTypeOf<ReturnType<typeof useTranslations<'Plans'>>>().toExtend<PlansTranslator>();
    expectTypeOf<
      Awaited<ReturnType<typeof getTranslations<'Plans'>>>
    >().toExtend<PlansTranslator>();
    expectTypeOf<(key: string) => string>().toExtend<PlansTranslator>();
  });

  it.each([
    ['v2.a.b.c.d.1d', '1 day'],
    ['v2.a.b.c.d.7d', '7 days'],
    ['v2.a.b.c.d.1w', '1 week'],
    ['v2.a.b.c.d.2w', '2 weeks'],
    ['v2.a.b.c.d.1m', '1 month'],
    ['v2.a.b.c.d.24m', '24 months'],
    ['v2.a.b.c.d.1y', '1 year'],
    ['v2.a.b.c.d.2y', '2 years'],
  ])('names the period of %s "%s"', (productId, period) => {
    expect(nameOf(productId)).toEqual({ period });
  });

  it('adds the bonus and the trial', () => {
    expect(nameOf('v2.tvpn.web.vip.usd.24m.off65.add3m.try7d')).toEqual({
      period: '24 months',
      bonus: '+3 months free',
      trial: '7-day free trial',
    });
    expect(nameOf('v2.tvpn.web.vip.usd.1y.add1m.try1w')).toEqual({
      period: '1 year',
      bonus: '+1 month free',
      trial: '1-week free trial',
    });
    expect(nameOf('v2.tvpn.web.vip.usd.1y.try1m')).toEqual({
      period: '1 year',
      trial: '1-month free trial',
    });
    expect(nameOf('v2.tvpn.web.vip.usd.1y.add1y')).toEqual({
      period: '1 year',
      bonus: '+1 year free',
    });
  });

  it('names the plan’s own period when the product id is not parseable', () => {
    expect(nameOf('com.turbo.yearly', { interval_count: 1, interval_unit: 'YEAR' })).toEqual({
      period: '1 year',
    });
    expect(nameOf('v2.bad', { interval_count: 3, interval_unit: 'DAY' })).toEqual({
      period: '3 days',
    });
  });

  it('formats the count for the locale', () => {
    const de = createTranslator({ locale: 'de', messages: en, namespace: 'Plans' });
    const view = derivePlan({ ...plan, product_id: 'v2.a.b.c.d.3660d' }, 'de');
    expect(planName(de, view).period).toBe('3.660 days');
  });
});
