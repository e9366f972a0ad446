import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/plans/money';
import { priceSizeClass, visibleLength } from './price-size';

const monthly = (locale: string) => formatMoney('11.99', 'USD', locale) ?? '';

describe('price size on a plan card', () => {
  it('counts the characters as drawn, without bidi marks', () => {
    expect(monthly('ar')).toContain('\u200f');
    expect(visibleLength(monthly('ar'))).toBe(9);
    expect(visibleLength('$11.99')).toBe(6);
  });

  it('keeps short prices large wherever the card allows it', () => {
    for (const locale of ['en', 'de', 'ru', 'tr', 'ja', 'hi']) {
      expect(priceSizeClass(monthly(locale)), locale).toBe('text-3xl @min-[13rem]:text-4xl');
    }
  });

  it('starts long prices smaller, so they fit four cards in a row (ar, ms, it, es, pt …)', () => {
    for (const locale of ['ar', 'ms', 'it', 'es', 'fr', 'pt', 'id', 'ko', 'zh-Hant']) {
      expect(priceSizeClass(monthly(locale)), locale).toBe(
        'text-2xl @min-[13rem]:text-3xl @min-[18rem]:text-4xl',
      );
    }
  });
});
