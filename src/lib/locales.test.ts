import { describe, expect, it } from 'vitest';
import { asLocale, directionOf, isLocale, locales, localizePath, splitLocale } from './locales';

describe('asLocale', () => {
  it('keeps a site locale and falls back to English for anything else', () => {
    expect(asLocale('zh-Hant')).toBe('zh-Hant');
    expect(asLocale('xx')).toBe('en');
    expect(asLocale(undefined)).toBe('en');
  });
});

describe('locales', () => {
  it('has the 18 languages of the spec', () => {
    expect(locales).toHaveLength(18);
    expect(new Set(locales).size).toBe(18);
    expect(locales).toContain('zh-Hant');
  });

  it('writes English paths without a prefix and others with one', () => {
    expect(localizePath('en', '/')).toBe('/');
    expect(localizePath('en', '/pricing')).toBe('/pricing');
    expect(localizePath('de', '/')).toBe('/de');
    expect(localizePath('zh-Hant', '/faq')).toBe('/zh-Hant/faq');
  });

  it('splits a prefix off a path only when it is a locale', () => {
    expect(splitLocale('/de/pricing')).toEqual({ prefix: 'de', path: '/pricing' });
    expect(splitLocale('/de')).toEqual({ prefix: 'de', path: '/' });
    expect(splitLocale('/en/x/y')).toEqual({ prefix: 'en', path: '/x/y' });
    expect(splitLocale('/pricing')).toEqual({ prefix: null, path: '/pricing' });
    expect(splitLocale('/')).toEqual({ prefix: null, path: '/' });
    expect(splitLocale('/DE/pricing')).toEqual({ prefix: null, path: '/DE/pricing' });
  });

  it('is right-to-left only for Arabic', () => {
    expect(locales.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
    expect(isLocale('ar')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
