import { describe, expect, it } from 'vitest';
import { serverCountrySlugs } from './catalog';
import {
  countriesIn,
  countryName,
  countryOfSlug,
  flagEmoji,
  locationsIn,
  regionOf,
  serverCountryCodes,
  serverLocations,
  serverRegions,
  slugOfCountry,
} from './server-locations';
import { claims } from './site';

describe('server locations', () => {
  it('lists exactly the claimed number of locations in at least the claimed number of countries', () => {
    expect(serverLocations).toHaveLength(claims.locations);
    expect(serverCountryCodes.length).toBeGreaterThanOrEqual(claims.countries);
  });

  it('has no duplicate city and only valid region codes', () => {
    const keys = serverLocations.map((l) => `${l.countryCode}:${l.city}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const code of serverCountryCodes) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code, 'en')).not.toBe(code);
    }
  });

  it('offers free and premium locations', () => {
    expect(serverLocations.some((l) => l.tier === 'free')).toBe(true);
    expect(serverLocations.some((l) => l.tier === 'premium')).toBe(true);
  });

  it('covers every country page of the spec with at least one location', () => {
    for (const slug of serverCountrySlugs) {
      const code = countryOfSlug[slug];
      expect(locationsIn(code).length, slug).toBeGreaterThan(0);
      expect(slugOfCountry(code)).toBe(slug);
    }
  });

  it('names countries in the reader language and draws flags', () => {
    expect(countryName('JP', 'en')).toBe('Japan');
    expect(countryName('JP', 'ar')).not.toBe('Japan');
    expect(flagEmoji('jp')).toBe('🇯🇵');
  });
});

describe('regions', () => {
  it('puts every country with servers in exactly one region', () => {
    const listed = serverRegions.flatMap((region) => countriesIn(region));
    expect(listed.sort()).toEqual([...serverCountryCodes].sort());
    for (const code of serverCountryCodes) expect(regionOf(code), code).toBeDefined();
  });
});
