import { describe, expect, it } from 'vitest';
import { localizedPathname, localizeHref, localizeSitePath, searchOf } from './localize-href';

describe('localized links', () => {
  it('keeps English paths unprefixed and prefixes every other language', () => {
    expect(localizeSitePath('/pricing', 'en')).toBe('/pricing');
    expect(localizeSitePath('/pricing', 'de')).toBe('/de/pricing');
    expect(localizeSitePath('/features/encryption', 'zh-Hant')).toBe(
      '/zh-Hant/features/encryption',
    );
  });

  it('puts no slash after the prefix for the home page', () => {
    expect(localizeSitePath('/', 'ar')).toBe('/ar');
    expect(localizeSitePath('/?utm_source=x', 'ar')).toBe('/ar?utm_source=x');
    expect(localizeSitePath('/#plans', 'fr')).toBe('/fr#plans');
    expect(localizeSitePath('/', 'en')).toBe('/');
  });

  it('prefixes English too when the link switches language', () => {
    expect(localizeSitePath('/blog', 'en', true)).toBe('/en/blog');
    expect(localizeSitePath('/', 'en', true)).toBe('/en');
  });

  it('leaves URLs, protocol-relative, relative and fragment links alone', () => {
    for (const href of [
      'https://db-ip.com',
      'mailto:support@example.com',
      '//cdn.example.com/x',
      '#main',
      '?page=2',
      'details',
    ]) {
      expect(localizeSitePath(href, 'de')).toBe(href);
    }
  });

  it('localizes the pathname of an object href and keeps its query', () => {
    expect(localizeHref({ pathname: '/paySuc', query: { order: 'A1' } }, 'ja')).toEqual({
      pathname: '/ja/paySuc',
      query: { order: 'A1' },
    });
    const external = { hostname: 'example.com', pathname: '/x' };
    expect(localizeHref(external, 'ja')).toBe(external);
    const noPath = { query: { a: '1' } };
    expect(localizeHref(noPath, 'ja')).toBe(noPath);
  });

  it('turns an href into one string', () => {
    expect(localizedPathname('/blog/search', 'ko')).toBe('/ko/blog/search');
    expect(
      localizedPathname(
        { pathname: '/login', query: { redirect: '/checkout?plan=1', tags: ['a', 'b'] } },
        'pl',
      ),
    ).toBe('/pl/login?redirect=%2Fcheckout%3Fplan%3D1&tags=a&tags=b');
    expect(localizedPathname({ pathname: '/pricing', hash: 'plans' }, 'en')).toBe('/pricing#plans');
  });

  it('serializes queries', () => {
    expect(searchOf(undefined)).toBe('');
    expect(searchOf({})).toBe('');
    expect(searchOf('a=1')).toBe('?a=1');
    expect(searchOf('?a=1')).toBe('?a=1');
    expect(searchOf({ n: 2, on: true, empty: null })).toBe('?n=2&on=true&empty=');
  });
});
