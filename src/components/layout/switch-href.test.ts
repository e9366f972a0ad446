import { describe, expect, it } from 'vitest';
import { locales } from '@/lib/locales';
import { switchHref } from './switch-href';

describe('switchHref: the current page in another language', () => {
  it('keeps the query string (issue: the search and the login redirect were lost)', () => {
    expect(switchHref('ja', { pathname: '/ar/blog/search', search: '?q=vpn' })).toBe(
      '/ja/blog/search?q=vpn',
    );
    expect(switchHref('en', { pathname: '/ja/login', search: '?redirect=%2FmyAccount' })).toBe(
      '/en/login?redirect=%2FmyAccount',
    );
  });

  it('keeps every parameter and its encoding as the URL has it', () => {
    expect(
      switchHref('de', { pathname: '/blog/search', search: '?q=%3Cb%3E+vpn&page=2&q=%E6%97%A5' }),
    ).toBe('/de/blog/search?q=%3Cb%3E+vpn&page=2&q=%E6%97%A5');
  });

  it('keeps the hash, after the query', () => {
    expect(switchHref('fr', { pathname: '/faq', hash: '#refunds' })).toBe('/fr/faq#refunds');
    expect(switchHref('fr', { pathname: '/de/faq', search: '?a=1', hash: '#refunds' })).toBe(
      '/fr/faq?a=1#refunds',
    );
  });

  it('prefixes English too, so the server stores the choice before it drops /en', () => {
    expect(switchHref('en', { pathname: '/ar/features' })).toBe('/en/features');
    expect(switchHref('en', { pathname: '/ar' })).toBe('/en');
    expect(switchHref('ar', { pathname: '/' })).toBe('/ar');
    expect(switchHref('ar', { pathname: '/', search: '?utm_source=x' })).toBe('/ar?utm_source=x');
  });

  it('drops the current locale prefix only, and resolves aliases', () => {
    expect(switchHref('ko', { pathname: '/zh-Hant/pricing' })).toBe('/ko/pricing');
    expect(switchHref('ko', { pathname: '/features' })).toBe('/ko/features');
    expect(switchHref('ko', { pathname: '/xx/features' })).toBe('/ko/xx/features');
    expect(switchHref('ko', { pathname: '/de/de/features' })).toBe('/ko/de/features');
    expect(switchHref('pl', { pathname: '/home', search: '?x=1' })).toBe('/pl?x=1');
    expect(switchHref('pl', { pathname: '/ar/myaccount' })).toBe('/pl/myAccount');
  });

  it('leaves out an empty query or hash', () => {
    expect(switchHref('it', { pathname: '/pricing', search: '', hash: '' })).toBe('/it/pricing');
    expect(switchHref('it', { pathname: '/pricing', search: '?', hash: '#' })).toBe('/it/pricing');
  });

  it('repairs a query or hash given without its mark', () => {
    expect(switchHref('it', { pathname: '/pricing', search: 'a=1', hash: 'top' })).toBe(
      '/it/pricing?a=1#top',
    );
    expect(switchHref('it', { pathname: '/pricing', search: '??a=1', hash: '##top' })).toBe(
      '/it/pricing?a=1#top',
    );
    // A hash inside the search part is not part of the query.
    expect(switchHref('it', { pathname: '/pricing', search: '?a=1#x' })).toBe('/it/pricing?a=1');
  });

  it('never makes a link to another site', () => {
    const odd = [
      '//evil.example/x',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/ar//evil.example',
      '/en//evil.example',
      'evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      '/\t/evil.example',
    ];
    for (const pathname of odd) {
      for (const target of locales) {
        const href = switchHref(target, { pathname, search: '?q=1' });
        expect(href, pathname).toMatch(new RegExp(`^/${target}(/|\\?|#|$)`));
        expect(href, pathname).not.toMatch(/\/\/|\\/);
        // What the server makes of /en/… after dropping the prefix stays on this site.
        expect(
          new URL(href.replace(/^\/en(?=\/|\?|#|$)/, '') || '/', 'https://site.example').host,
        ).toBe('site.example');
      }
    }
    expect(switchHref('en', { pathname: '//evil.example/x' })).toBe('/en/evil.example/x');
    expect(switchHref('de', { pathname: '/ar//evil.example' })).toBe('/de/evil.example');
  });

  it('drops control characters and writes spaces as %20', () => {
    expect(
      switchHref('es', { pathname: '/fea\ntures\u0000', search: '?q=a b\r\n', hash: '#x\ty' }),
    ).toBe('/es/features?q=a%20b#xy');
  });

  it('ignores a query or hash left in the path', () => {
    expect(switchHref('nl', { pathname: '/pricing?x=1#y', search: '?q=2' })).toBe(
      '/nl/pricing?q=2',
    );
  });

  it('leads a translated post to its translation, and an untranslated one to its own path', () => {
    const post = {
      pathname: '/fr/blog/streaming-en-voyage',
      alternates: {
        en: '/blog/streaming-while-travelling',
        fr: '/fr/blog/streaming-en-voyage',
        de: '/de/blog/streaming-auf-reisen',
      },
    };
    expect(switchHref('de', post)).toBe('/de/blog/streaming-auf-reisen');
    expect(switchHref('en', post)).toBe('/en/blog/streaming-while-travelling');
    // No Japanese version named: the same path, which the server sends on.
    expect(switchHref('ja', post)).toBe('/ja/blog/streaming-en-voyage');
  });
});
