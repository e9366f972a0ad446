// What search engines and sharing previews see: head tags, sitemap, robots, structured data.
import { expect, test } from '@playwright/test';
import { type Locale, locales, localizePath } from '../../src/lib/locales';
import { siteRoutes } from '../../src/lib/routes';
import { absolute, hasType, headOf, jsonLdOf, normalizeUrl, siteUrl } from './helpers';

const sampleRoutes = [
  '/',
  '/pricing',
  '/features/encryption',
  '/InternetAccess/vpn-for-streaming/netflix',
  '/vpn-server/japan-vpn',
  '/blog',
  '/login',
];
const sampleLocales: Locale[] = ['en', 'ar'];

test.describe('head tags', () => {
  for (const locale of sampleLocales) {
    for (const path of sampleRoutes) {
      const url = localizePath(locale, path);
      test(`${url}`, async ({ request }) => {
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status()).toBe(200);
        const head = headOf(await response.text());
        const self = absolute(url);

        expect(head.title, 'title').toBeTruthy();
        expect(head.description, 'meta description').toBeTruthy();
        expect(head.canonical, 'canonical link').toBeDefined();
        expect(normalizeUrl(head.canonical ?? ''), 'canonical link').toBe(self);

        const hreflangs = head.alternates.map((a) => a.hreflang).sort();
        expect(hreflangs, 'hreflang alternates').toEqual([...locales, 'x-default'].sort());
        for (const { hreflang, href } of head.alternates) {
          const target = hreflang === 'x-default' ? 'en' : (hreflang as Locale);
          expect(normalizeUrl(href), `alternate ${hreflang}`).toBe(
            absolute(localizePath(target, path)),
          );
        }

        expect(head.meta('og:title'), 'og:title').toBeTruthy();
        expect(head.meta('og:description'), 'og:description').toBeTruthy();
        expect(normalizeUrl(head.meta('og:url') ?? 'about:blank'), 'og:url').toBe(self);
        expect(head.meta('og:image'), 'og:image').toMatch(/^https?:\/\//);
        expect(head.meta('twitter:card'), 'twitter:card').toBeTruthy();
      });
    }
  }

  test('each sampled page has its own title and description', async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of sampleRoutes) {
      const head = headOf(await (await request.get(path, { maxRedirects: 0 })).text());
      titles.set(path, head.title ?? '');
      descriptions.set(path, head.description ?? '');
    }
    expect(new Set(titles.values()).size, JSON.stringify([...titles], null, 1)).toBe(
      sampleRoutes.length,
    );
    expect(new Set(descriptions.values()).size, JSON.stringify([...descriptions], null, 1)).toBe(
      sampleRoutes.length,
    );
  });
});

test.describe('sitemap and robots', () => {
  test('sitemap.xml lists every indexed page in every locale, with alternates', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();

    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
    const locs = new Set(
      entries.map((entry) => normalizeUrl(/<loc>\s*([^<\s]+)\s*<\/loc>/.exec(entry)?.[1] ?? '')),
    );
    const missing: string[] = [];
    const unexpected: string[] = [];
    for (const route of siteRoutes) {
      for (const locale of locales) {
        const url = absolute(localizePath(locale, route.path));
        if (route.indexed && !locs.has(url)) missing.push(url);
        if (!route.indexed && locs.has(url)) unexpected.push(url);
      }
    }
    expect(missing, 'indexed pages missing from the sitemap').toEqual([]);
    expect(unexpected, 'pages that are not indexed but listed').toEqual([]);

    // Pages of the route table exist in every locale. Blog posts and tag pages (from the
    // database) exist only in some, and list exactly those as alternates.
    const routeUrls = new Set(
      siteRoutes.flatMap((route) =>
        locales.map((locale) => absolute(localizePath(locale, route.path))),
      ),
    );
    const withoutAlternates = entries.filter((entry) => {
      const loc = normalizeUrl(/<loc>\s*([^<\s]+)\s*<\/loc>/.exec(entry)?.[1] ?? '');
      if (!routeUrls.has(loc)) return false;
      const hreflangs = [...entry.matchAll(/<xhtml:link\b[^>]*hreflang="([^"]+)"/g)].map(
        (m) => m[1],
      );
      return !locales.every((locale) => hreflangs.includes(locale));
    });
    expect(
      withoutAlternates.slice(0, 3),
      'sitemap entries without an xhtml:link alternate for every locale',
    ).toEqual([]);
  });

  test('robots.txt points at the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent:/im);
    expect(text).toContain(`Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`);
  });
});

test.describe('structured data', () => {
  test('home carries Organization and WebSite', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(() => jsonLdOf(html), 'JSON-LD blocks parse as JSON').not.toThrow();
    const nodes = jsonLdOf(html);
    expect(
      nodes.some((n) => hasType(n, 'Organization')),
      'an Organization',
    ).toBe(true);
    expect(
      nodes.some((n) => hasType(n, 'WebSite')),
      'a WebSite',
    ).toBe(true);
  });

  test('pricing carries a Product with its offers and rating', async ({ request }) => {
    const html = await (await request.get('/pricing')).text();
    expect(() => jsonLdOf(html), 'JSON-LD blocks parse as JSON').not.toThrow();
    const product = jsonLdOf(html).find((n) => hasType(n, 'Product'));
    expect(product, 'a Product').toBeDefined();

    const offers = product?.offers as Record<string, unknown> | undefined;
    expect(offers && hasType(offers, 'AggregateOffer'), 'offers is an AggregateOffer').toBe(true);
    expect(Number(offers?.lowPrice)).toBe(4.17);
    expect(Number(offers?.highPrice)).toBe(11.99);
    expect(Number(offers?.offerCount)).toBe(4);
    expect(offers?.priceCurrency).toBe('USD');

    const rating = product?.aggregateRating as Record<string, unknown> | undefined;
    expect(rating && hasType(rating, 'AggregateRating'), 'an AggregateRating').toBe(true);
    expect(Number(rating?.ratingValue)).toBe(4.8);
    expect(Number(rating?.bestRating ?? 5)).toBe(5);
    expect(Number(rating?.ratingCount)).toBe(30961);
  });
});
