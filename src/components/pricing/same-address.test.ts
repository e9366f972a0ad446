import { describe, expect, it } from 'vitest';
import { sameAddress } from './same-address';

describe('sameAddress', () => {
  it('gives the page in its locale, without a prefix for English', () => {
    expect(sameAddress('en', '/pricing')).toBe('/pricing');
    expect(sameAddress('de', '/pricing')).toBe('/de/pricing');
    expect(sameAddress('zh-Hant', '/pricing/checkout')).toBe('/zh-Hant/pricing/checkout');
  });

  it('keeps the query, repeated keys included, encoded', () => {
    expect(
      sameAddress('en', '/pricing/checkout/p24m', {
        channel: 'partner',
        plan: ['p6m', 'p1m'],
        empty: undefined,
        q: 'a&b c',
      }),
    ).toBe('/pricing/checkout/p24m?channel=partner&plan=p6m&plan=p1m&q=a%26b+c');
  });
});
