import { describe, expect, it } from 'vitest';
import { derivePlan, parseProductId } from './product-id';
import type { Plan } from './types';

const base = 'v2.tvpn.web.vip.usd';

describe('parseProductId: valid ids', () => {
  it.each([
    ['1d', { count: 1, unit: 'DAY' }],
    ['7d', { count: 7, unit: 'DAY' }],
    ['2w', { count: 2, unit: 'WEEK' }],
    ['1m', { count: 1, unit: 'MONTH' }],
    ['24m', { count: 24, unit: 'MONTH' }],
    ['1y', { count: 1, unit: 'YEAR' }],
    ['10y', { count: 10, unit: 'YEAR' }],
    ['3660d', { count: 3660, unit: 'DAY' }],
    ['120m', { count: 120, unit: 'MONTH' }],
  ])('reads the sixth segment %s', (segment, origin) => {
    expect(parseProductId(`${base}.${segment}`)).toEqual({ origin });
  });

  it('reads the example from the product requirements', () => {
    expect(parseProductId('v2.tvpn.web.vip.usd.24m.off65')).toEqual({
      origin: { count: 24, unit: 'MONTH' },
      discountPercent: 65,
    });
  });

  it.each([
    ['off65.add3m.try7d'],
    ['try7d.off65.add3m'],
    ['add3m.try7d.off65'],
    ['promo.add3m.bf2026.try7d.x.off65'],
  ])('reads off, add and try in any order after the sixth segment: %s', (extras) => {
    expect(parseProductId(`${base}.12m.${extras}`)).toEqual({
      origin: { count: 12, unit: 'MONTH' },
      discountPercent: 65,
      bonus: { count: 3, unit: 'MONTH' },
      trial: { count: 7, unit: 'DAY' },
    });
  });

  it.each([
    ['add1y', { bonus: { count: 1, unit: 'YEAR' } }],
    ['add2w', { bonus: { count: 2, unit: 'WEEK' } }],
    ['try1m', { trial: { count: 1, unit: 'MONTH' } }],
    ['try3d', { trial: { count: 3, unit: 'DAY' } }],
    ['off1', { discountPercent: 1 }],
    ['off99', { discountPercent: 99 }],
  ])('reads a single extra %s', (extra, fields) => {
    expect(parseProductId(`${base}.1y.${extra}`)).toEqual({
      origin: { count: 1, unit: 'YEAR' },
      ...fields,
    });
  });

  it.each(['promo', 'offer', 'tryout', 'addon', 'OFF', 'offX', 'trym', 'web2', 'x-1', 'v3'])(
    'ignores the unknown segment %s (a keyword followed by a letter is a tag)',
    (tag) => {
      expect(parseProductId(`${base}.6m.${tag}`)).toEqual({ origin: { count: 6, unit: 'MONTH' } });
    },
  );

  it('only looks at the sixth segment for the period, whatever the others say', () => {
    expect(parseProductId('v2.a.b.c.d.3m')).toEqual({ origin: { count: 3, unit: 'MONTH' } });
    expect(parseProductId('v2.12m.12m.12m.12m.1w')).toEqual({ origin: { count: 1, unit: 'WEEK' } });
  });
});

describe('parseProductId: malformed ids give null, never an exception', () => {
  it.each([
    ['empty', ''],
    ['not v2', 'v1.tvpn.web.vip.usd.24m'],
    ['upper-case prefix', 'V2.tvpn.web.vip.usd.24m'],
    ['no version', 'tvpn.web.vip.usd.24m.off65'],
    ['v2 alone', 'v2'],
    ['too few segments', 'v2.tvpn.web.vip.24m'],
    ['period in the fifth segment', 'v2.tvpn.web.vip.24m.off65'],
    ['bad sixth segment', `${base}.vip`],
    ['sixth segment without a count', `${base}.m`],
    ['sixth segment without a unit', `${base}.24`],
    ['unknown unit', `${base}.24h`],
    ['upper-case unit', `${base}.24M`],
    ['unit before count', `${base}.m24`],
    ['zero count', `${base}.0m`],
    ['leading zero', `${base}.024m`],
    ['negative count', `${base}.-1m`],
    ['plus sign', `${base}.+1m`],
    ['decimal count', `${base}.1.5m`],
    ['absurd months', `${base}.121m`],
    ['absurd years', `${base}.11y`],
    ['absurd days', `${base}.3661d`],
    ['absurd weeks', `${base}.523w`],
    ['huge count', `${base}.99999999999999999999m`],
    ['exponent', `${base}.1e3m`],
    ['empty segment', 'v2.tvpn..vip.usd.24m'],
    ['empty sixth segment', `${base}..off65`],
    ['trailing dot', `${base}.24m.`],
    ['leading dot', `.${base}.24m`],
    ['space', `${base}.24m.off 65`],
    ['leading space', ` ${base}.24m`],
    ['trailing newline', `${base}.24m\n`],
    ['tab', `${base}.24m\toff65`],
    ['non-breaking space', `${base}.24m\u00a0`],
    ['unicode letters', 'v2.tvpn.wéb.vip.usd.24m'],
    ['Arabic-Indic digits', `${base}.٢٤m`],
    ['full-width digits', `${base}.２４m`],
    ['emoji', `${base}.24m.🎉`],
    ['off0', `${base}.24m.off0`],
    ['off100', `${base}.24m.off100`],
    ['off with leading zero', `${base}.24m.off05`],
    ['negative off', `${base}.24m.off-5`],
    ['off without a number', `${base}.24m.off`],
    ['off with a percent sign', `${base}.24m.off65%`],
    ['huge off', `${base}.24m.off99999999999999999999`],
    ['fractional off', `${base}.24m.off6_5`],
    ['add without a unit', `${base}.24m.add3`],
    ['add with a bad unit', `${base}.24m.add3h`],
    ['add0', `${base}.24m.add0m`],
    ['absurd add', `${base}.24m.add500m`],
    ['negative add', `${base}.24m.add-3m`],
    ['try0', `${base}.24m.try0d`],
    ['absurd try', `${base}.24m.try9999d`],
    ['two offs', `${base}.24m.off10.off20`],
    ['two adds', `${base}.24m.add1m.add2m`],
    ['two trials', `${base}.24m.try3d.try7d`],
    ['far too long', `${base}.24m.${'x'.repeat(300)}`],
  ])('%s: %j', (_label, id) => {
    expect(parseProductId(id)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['v2']])('treats the non-string %j as malformed', (id) => {
    expect(parseProductId(id as unknown as string)).toBeNull();
  });
});

const plan: Plan = {
  id: 'p24',
  product_id: 'v2.tvpn.web.vip.usd.24m.off65.add3m.try7d',
  interval_count: 2,
  interval_unit: 'YEAR',
  price: '99.99',
  price_unit: '4.17',
  currency: 'USD',
  discount_percent: 50,
  is_recommend: true,
  renewal_price: '50.00',
  renewal_interval_count: 1,
  renewal_interval_unit: 'YEAR',
};

const currency = (amount: number, code: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);

describe('derivePlan', () => {
  it('takes the period and extras from the product id', () => {
    expect(derivePlan(plan, 'en')).toEqual({
      ...plan,
      discount_percent_origin: 65,
      originCount: 24,
      originUnit: 'MONTH',
      addCount: 3,
      addUnit: 'MONTH',
      tryCount: 7,
      tryUnit: 'DAY',
      money: '$99.99',
      monthly: '$4.17',
      savingsPercent: 65,
    });
  });

  it('falls back to the plan’s own fields when the product id is not parseable', () => {
    const view = derivePlan({ ...plan, product_id: 'com.turbo.vip.yearly' }, 'en');
    expect(view).toMatchObject({
      discount_percent_origin: 50,
      originCount: 2,
      originUnit: 'YEAR',
      savingsPercent: 50,
    });
    expect(view.addCount).toBeUndefined();
    expect(view.addUnit).toBeUndefined();
    expect(view.tryCount).toBeUndefined();
    expect(view.tryUnit).toBeUndefined();
  });

  it('keeps the server’s discount when the product id has no off segment', () => {
    const view = derivePlan({ ...plan, product_id: `${base}.1m` }, 'en');
    expect(view.discount_percent_origin).toBe(50);
    expect(view.originCount).toBe(1);
    expect(view.originUnit).toBe('MONTH');
  });

  it.each(['en', 'de', 'ar', 'ja'])('formats the money for %s', (locale) => {
    const view = derivePlan(plan, locale);
    expect(view.money).toBe(currency(99.99, 'USD', locale));
    expect(view.monthly).toBe(currency(4.17, 'USD', locale));
  });

  it.each([
    ['en', 'EUR'],
    ['de', 'EUR'],
    ['ar', 'SAR'],
    ['ja', 'JPY'],
  ])('formats the money for %s in %s', (locale, code) => {
    const view = derivePlan({ ...plan, currency: code, price: '1299.5' }, locale);
    expect(view.money).toBe(currency(1299.5, code, locale));
  });

  it('shows the German format with the currency after the amount', () => {
    expect(derivePlan({ ...plan, currency: 'EUR' }, 'de').money).toMatch(/^99,99\s€$/);
    expect(derivePlan({ ...plan, currency: 'JPY', price: '1200' }, 'ja').money).toBe('￥1,200');
  });

  it('treats an empty currency as USD and a lower-case one as its code', () => {
    expect(derivePlan({ ...plan, currency: '' }, 'en').money).toBe('$99.99');
    expect(derivePlan({ ...plan, currency: 'eur' }, 'en').money).toBe('€99.99');
  });

  it('falls back to English for a malformed locale instead of throwing', () => {
    expect(derivePlan(plan, 'not a locale').money).toBe('$99.99');
    expect(derivePlan(plan, '').money).toBe(currency(99.99, 'USD', 'en'));
  });

  it.each([
    ['a negative price', { price: '-1.00' }],
    ['a price with a comma', { price: '9,99' }],
    ['a price that is not a number', { price: 'free' }],
    ['an empty price', { price: '' }],
    ['a malformed currency', { currency: 'US$' }],
  ])('gives null money for %s', (_label, fields) => {
    expect(derivePlan({ ...plan, ...fields }, 'en').money).toBeNull();
  });

  it.each([
    [0, 0],
    [12.4, 12],
    [12.5, 13],
    [100, 99],
    [-5, 0],
    [Number.NaN, 0],
  ])('shows a discount of %s as a savings badge of %s', (discount, badge) => {
    const view = derivePlan({ ...plan, product_id: 'plain', discount_percent: discount }, 'en');
    expect(view.savingsPercent).toBe(badge);
  });
});
