// The route table (spec 2.2) against the running site: pages, aliases, legacy redirects, 404s.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { aliases, isProtectedPath, permanentRedirects, siteRoutes } from '../../src/lib/routes';
import { absolute, headOf, locationOf, normalizeUrl, sessionCookie } from './helpers';

const sampleLocales: Locale[] = ['en', 'de', 'ar'];

/** Protected pages need a session to be served rather than sent to /login. */
const headersFor = async (
  request: APIRequestContext,
  path: string,
): Promise<Record<string, string>> =>
  isProtectedPath(path) ? { cookie: await sessionCookie(request) } : {};

test.describe('every page answers 200', () => {
  for (const route of siteRoutes) {
    test(`${route.path} (${route.layout})`, async ({ request }) => {
      for (const locale of sampleLocales) {
        const url = localizePath(locale, route.path);
        const response = await request.get(url, {
          maxRedirects: 0,
          headers: await headersFor(request, route.path),
        });
        expect(response.status(), `GET ${url}`).toBe(200);
      }
    });
  }
});

test.describe('aliases serve the main page with a canonical link to it', () => {
  for (const [alias, main] of Object.entries(aliases)) {
    test(`${alias} → ${main}`, async ({ request }) => {
      for (const locale of ['en', 'de'] as const) {
        const url = localizePath(locale, alias);
        const response = await request.get(url, {
          maxRedirects: 0,
          headers: await headersFor(request, alias),
        });
        expect(response.status(), `GET ${url}`).toBe(200);
        const { canonical } = headOf(await response.text());
        expect(canonical, `canonical link of ${url}`).toBeDefined();
        expect(normalizeUrl(canonical ?? ''), `canonical link of ${url}`).toBe(
          absolute(localizePath(locale, main)),
        );
      }
    });
  }
});

test.describe('legacy paths redirect permanently', () => {
  for (const [from, to] of Object.entries(permanentRedirects)) {
    test(`${from} → ${to}`, async ({ request }) => {
      const plain = await request.get(from, {
        maxRedirects: 0,
        headers: await headersFor(request, from),
      });
      expect(plain.status(), `GET ${from}`).toBe(308);
      expect(locationOf(plain), `Location of ${from}`).toBe(to);

      const german = `/de${from}?utm_source=e2e&x=1`;
      const prefixed = await request.get(german, {
        maxRedirects: 0,
        headers: await headersFor(request, from),
      });
      expect(prefixed.status(), `GET ${german}`).toBe(308);
      expect(locationOf(prefixed), `Location of ${german}`).toBe(`/de${to}?utm_source=e2e&x=1`);
    });
  }
});

test.describe('unknown paths are real 404s', () => {
  const message = 'This page could not be found';
  const unknown: { path: string; home: string[] }[] = [
    '/nope',
    '/features/nope',
    '/vpn-server/atlantis-vpn',
    '/InternetAccess/vpn-for-music/nope',
    '/download/linux',
    '/blog/category/privacy/page/abc',
    '/404',
  ].map((path) => ({ path, home: ['/'] }));
  unknown.push({ path: '/de/nope', home: ['/de', '/'] });

  for (const { path, home } of unknown) {
    test(`${path} → 404 with a link home`, async ({ request, page }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);

      // What a visitor sees.
      const visit = await page.goto(path);
      expect(visit?.status()).toBe(404);
      if (!path.startsWith('/de/')) await expect(page.getByText(message).first()).toBeVisible();
      const homeLinks = home.map((href) => `main a[href="${href}"]`).join(', ');
      await expect(page.locator(homeLinks).first(), 'a link home in the page body').toBeVisible();
      await expect(page.locator('html')).toHaveAttribute(
        'lang',
        path.startsWith('/de/') ? 'de' : 'en',
      );

      // The same page without JavaScript: the message must be in the server's HTML.
      const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
      if (!path.startsWith('/de/')) {
        expect.soft(html.includes(message), 'the message is server-rendered').toBe(true);
      }
      // The 404 page is rendered per request in the URL's language.
      expect
        .soft(headOf(html).lang, 'server-rendered <html lang>')
        .toBe(path.startsWith('/de/') ? 'de' : 'en');
      if (path.startsWith('/de/')) {
        expect
          .soft(html, 'the German text is server-rendered')
          .toContain('Diese Seite wurde nicht gefunden');
      }
    });
  }
});

test.describe('redirects stay on this site', () => {
  for (const path of ['/en//evil.example', '/en//evil.example/x?y=1', '/en/%5Cevil.example']) {
    test(`${path} redirects to a path of this site`, async ({ request, baseURL }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const location = response.headers().location;
      if (!location) return;
      const origin = new URL(baseURL ?? 'http://localhost').origin;
      expect(new URL(location, origin).origin, `Location: ${location}`).toBe(origin);
    });
  }
});
