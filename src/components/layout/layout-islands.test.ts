import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { locales } from '@/lib/locales';
import { LanguageSwitcher } from './language-switcher';
import { MobileNav } from './mobile-nav';
import { isNotFoundRoute, localeHeaderName, notFoundLocale } from './not-found-route';
import { isInside } from './use-dismiss';

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe('LanguageSwitcher as the server renders it', () => {
  it('links to the page in all 18 languages, English prefixed, without a query', () => {
    const html = renderToStaticMarkup(
      createElement(LanguageSwitcher, { locale: 'ar', label: 'Language', path: '/blog/search' }),
    );
    expect(hrefsOf(html)).toEqual(locales.map((code) => `/${code}/blog/search`));
    expect(html).toContain('aria-current="true"');
    expect(html).not.toContain(' open=');
  });

  it('links home where the page is not known (outside the router: the path is "/")', () => {
    const html = renderToStaticMarkup(
      createElement(LanguageSwitcher, { locale: 'en', label: 'Language' }),
    );
    expect(hrefsOf(html)).toEqual(locales.map((code) => `/${code}`));
  });
});

describe('MobileNav as the server renders it', () => {
  it('is closed: the panel is hidden on phones and there is no veil', () => {
    const html = renderToStaticMarkup(
      createElement(
        MobileNav,
        // The children come as createElement's third argument.
        { openLabel: 'Open menu', closeLabel: 'Close menu' } as ComponentProps<typeof MobileNav>,
        'links',
      ),
    );
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/class="hidden basis-full[^"]*lg:block/);
    expect(html).not.toContain('data-menu-veil');
    expect(html).toContain('Open menu');
  });
});

describe('isInside (what counts as a press outside a menu)', () => {
  const child = {};
  const menu = { contains: (node: unknown) => node === child || node === menu };
  it('is true for the menu and what it contains, false for anything else', () => {
    expect(isInside(menu, child as EventTarget)).toBe(true);
    expect(isInside(menu, menu as unknown as EventTarget)).toBe(true);
    expect(isInside(menu, {} as EventTarget)).toBe(false);
  });
  it('is false without a menu or a target', () => {
    expect(isInside(null, child as EventTarget)).toBe(false);
    expect(isInside(menu, null)).toBe(false);
  });
});

describe('the not-found component', () => {
  it('renders the 404 page only where Next gives it the props of a page', () => {
    expect(isNotFoundRoute({})).toBe(false);
    expect(
      isNotFoundRoute({ params: Promise.resolve({}), searchParams: Promise.resolve({}) }),
    ).toBe(true);
  });

  it('takes the language from the proxy’s header, English when missing or unknown', () => {
    expect(notFoundLocale('ar')).toBe('ar');
    expect(notFoundLocale('zh-Hant')).toBe('zh-Hant');
    expect(notFoundLocale('xx')).toBe('en');
    expect(notFoundLocale('AR')).toBe('en');
    expect(notFoundLocale(null)).toBe('en');
    expect(notFoundLocale(undefined)).toBe('en');
  });

  it('reads the header the proxy sets', () => {
    const proxy = readFileSync(path.join(process.cwd(), 'src/proxy.ts'), 'utf8');
    expect(proxy).toContain(`'${localeHeaderName}'`);
  });
});
