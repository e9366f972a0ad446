import { describe, expect, it } from 'vitest';
import { siteRoutes } from '@/lib/routes';
import { showsSecureCheckout } from './secure-checkout';

describe('showsSecureCheckout', () => {
  it('marks the payment pages of the plain2 layout', () => {
    for (const segment of ['pricing', 'paystatus', 'paySuc']) {
      expect(showsSecureCheckout(segment), segment).toBe(true);
    }
  });

  it('leaves the mark off the gift card redemption, where nothing is paid', () => {
    expect(showsSecureCheckout('redeem-suc')).toBe(false);
  });

  it('knows every plain2 page by its first path segment', () => {
    const segments = new Set(
      siteRoutes
        .filter((route) => route.layout === 'plain2')
        .map((route) => route.path.split('/')[1]),
    );
    expect([...segments].sort()).toEqual(['paySuc', 'paystatus', 'pricing', 'redeem-suc']);
  });
});
