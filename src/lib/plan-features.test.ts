import { describe, expect, it } from 'vitest';
import { featureContent } from './features-content';
import { freeIncludes, freeShare, planFeatures, premiumOnly } from './plan-features';

describe('plan features', () => {
  it('keeps the claims of spec 6: the kill switch, no ads, faster servers and every app are Premium', () => {
    expect(premiumOnly('kill-switch')).toBe(true);
    expect(premiumOnly('ads')).toBe(true);
    expect(freeIncludes('speed')).toBe(false);
    expect(freeIncludes('apps')).toBe(false);
    expect(freeIncludes('servers')).toBe(false);
    expect(freeIncludes('servers', 'some')).toBe(true);
  });

  it('gives every tier the same encryption and no-logs promise', () => {
    expect(freeIncludes('encryption')).toBe(true);
    expect(freeIncludes('no-logs')).toBe(true);
  });

  it('knows the free share of every feature', () => {
    for (const feature of planFeatures)
      expect(['all', 'some', 'none']).toContain(freeShare(feature));
  });

  it('derives the feature pages’ Premium badge from the same table', () => {
    const premium = Object.entries(featureContent)
      .filter(([, content]) => content.premiumOnly)
      .map(([slug]) => slug);
    expect(premium).toEqual(['automatic-kill-switch']);
  });
});
