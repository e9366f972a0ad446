import { describe, expect, it } from 'vitest';
import { yearly } from '../../../tests/support/plans-api';
import { formatMoney } from './money';
import { isPlan, usablePlans } from './validate';

const plan = yearly;

describe('isPlan', () => {
  it('accepts a complete plan, whatever its product id says', () => {
    expect(isPlan(plan)).toBe(true);
    expect(isPlan({ ...plan, product_id: 'com.turbo.yearly', discount_percent: 0 })).toBe(true);
    expect(isPlan({ ...plan, price: '0', discount_percent: 100 })).toBe(true);
  });

  it.each([
    ['an empty id', { id: '' }],
    ['a numeric id', { id: 12 }],
    ['a missing product id', { product_id: undefined }],
    ['a zero interval', { interval_count: 0 }],
    ['a fractional interval', { interval_count: 1.5 }],
    ['an interval as text', { interval_count: '1' }],
    ['an unknown unit', { interval_unit: 'HOUR' }],
    ['a lower-case unit', { interval_unit: 'year' }],
    ['a price as a number', { price: 59.99 }],
    ['a negative price', { price: '-1' }],
    ['a malformed monthly price', { price_unit: '5,00' }],
    ['a missing currency', { currency: undefined }],
    ['a malformed currency', { currency: 'DOLLAR' }],
    ['a negative discount', { discount_percent: -1 }],
    ['a discount over 100', { discount_percent: 101 }],
    ['a discount as text', { discount_percent: '40' }],
    ['a recommendation as a number', { is_recommend: 1 }],
  ])('refuses %s', (_label, fields) => {
    expect(isPlan({ ...plan, ...fields })).toBe(false);
  });

  it.each([null, undefined, 'plan', 42, [plan]])('refuses the non-object %j', (value) => {
    expect(isPlan(value)).toBe(false);
  });
});

describe('usablePlans', () => {
  it('keeps the usable plans in order and drops the others', () => {
    const other = { ...plan, id: '13', is_recommend: false };
    expect(usablePlans([plan, { ...plan, price: 'x' }, null, other])).toEqual([plan, other]);
    expect(usablePlans([])).toEqual([]);
  });

  it('gives null for anything that is not a list', () => {
    expect(usablePlans({ plans: [plan] })).toBeNull();
    expect(usablePlans(undefined)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats decimal strings with Intl for the locale and currency', () => {
    const expected = new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(
      1234.5,
    );
    expect(formatMoney('1234.5', 'EUR', 'fr')).toBe(expected);
    expect(formatMoney('0', 'USD', 'en')).toBe('$0.00');
    expect(formatMoney('4.17', undefined, 'en')).toBe('$4.17');
  });

  it.each(['', ' 1', '1 ', '1.', '.5', '1e3', '0x10', 'NaN', 'Infinity', '1'.repeat(13)])(
    'gives null for the amount %j',
    (amount) => {
      expect(formatMoney(amount, 'USD', 'en')).toBeNull();
    },
  );

  it.each(['US', 'USDT', '$', '12A'])('gives null for the currency %j', (code) => {
    expect(formatMoney('1.00', code, 'en')).toBeNull();
  });
});
