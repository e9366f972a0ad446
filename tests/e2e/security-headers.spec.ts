// Security and caching headers of one page of each layout, in English and Arabic, as a browser
// gets them from the production server (docs/security.md): the CSP is hash-based on prerendered
// pages and nonce-based on pages rendered per request, no script is refused, and the pages
// hydrate (the cookie banner, a client island of the root layout, answers clicks).
import { type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { inlineScriptHashes } from '../../src/server/security/csp';
import { signInDemo } from './helpers';

type Kind = 'prerendered' | 'dynamic';

interface Layout {
  layout: string;
  path: string;
  kind: Kind;
  /** Behind the session check: never cached by a shared cache. */
  signedIn?: boolean;
}

const layouts: Layout[] = [
  { layout: 'default', path: '/features', kind: 'prerendered' },
  { layout: 'default (pricing)', path: '/pricing', kind: 'dynamic' },
  { layout: 'default (account)', path: '/myAccount', kind: 'dynamic', signedIn: true },
  { layout: 'blog', path: '/blog', kind: 'dynamic' },
  { layout: 'internetaccess', path: '/InternetAccess/vpn-for-gaming', kind: 'prerendered' },
  { layout: 'plain', path: '/login', kind: 'prerendered' },
  { layout: 'plain2', path: '/pricing/standplan', kind: 'dynamic' },
  { layout: 'simple', path: '/offer', kind: 'prerendered' },
  { layout: 'standalone', path: '/ext/survey', kind: 'prerendered' },
];

/** The directives of a CSP header value. */
function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Collects CSP violations: the DOM event and Chrome's console report. */
async function watchViolations(
  context: BrowserContext,
  page: Page,
): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) console.push(text);
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The e2e server is a production build (NODE_ENV=production).
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
}

async function expectPageCsp(response: Response, kind: Kind) {
  const all = await response.headersArray();
  const csp = (await response.allHeaders())['content-security-policy'] ?? '';
  // Exactly one policy: a second one would also be enforced.
  expect(
    all.filter((header) => header.name.toLowerCase() === 'content-security-policy'),
  ).toHaveLength(1);
  const policy = directives(csp);
  const scriptSrc = policy.get('script-src') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const html = await response.text();
  if (kind === 'dynamic') {
    const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, csp).toBeTruthy();
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc.some((source) => source.startsWith("'sha256-"))).toBe(false);
    // Next put the request's nonce on the scripts it rendered.
    expect(html).toContain(`nonce="${nonce}"`);
  } else {
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const listed = new Set(scriptSrc.map((source) => source.replace(/'/g, '')));
    const needed = inlineScriptHashes(html);
    expect(needed.length).toBeGreaterThan(0);
    for (const hash of needed) expect(listed.has(hash), `${hash} missing from ${csp}`).toBe(true);
    // Well under the 8 KB many proxies and CDNs allow for one header.
    expect(csp.length).toBeLessThan(2048);
  }
}

/**
 * The cookie banner, rendered only in the browser by a client island that loads when the page is
 * idle, answers clicks: the page hydrated and its lazily loaded chunks ran. A visitor without a
 * stored choice sees it (the server cannot place 127.0.0.1); afterwards the footer reopens it.
 */
async function expectIslandWorks(page: Page, choiceStored: boolean) {
  const banner = page.locator('[data-consent-banner]');
  if (!choiceStored) {
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await banner.getByRole('button').first().click();
    await expect(banner).toBeHidden();
  } else {
    // Clicks before hydration do nothing, so retry until the island answers.
    await expect(async () => {
      await page.locator('[data-consent-open]').click();
      await expect(banner).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  // React attached itself to the server-rendered markup.
  const hydrated = await page.evaluate(() =>
    Object.keys(document.querySelector('#main') ?? {}).some((key) => key.startsWith('__react')),
  );
  expect(hydrated).toBe(true);
}

test.describe('security headers of each layout', () => {
  for (const { layout, path, kind, signedIn } of layouts) {
    test(`${layout}: ${path} (${kind}) in en and ar`, async ({ context, page }) => {
      if (signedIn) await signInDemo(context);
      const violations = await watchViolations(context, page);
      for (const locale of ['en', 'ar']) {
        const url = locale === 'en' ? path : `/${locale}${path}`;
        const response = await page.goto(url);
        if (!response) throw new Error(`no response for ${url}`);
        expect(response.status(), url).toBe(200);
        expect(new URL(page.url()).pathname).toBe(url);
        const headers = await response.allHeaders();
        expectCommonHeaders(headers);
        await expectPageCsp(response, kind);
        // Caching: shared caches get only what everyone gets.
        const cacheControl = headers['cache-control'] ?? '';
        const setsCookie = (await response.headersArray()).some(
          (header) => header.name.toLowerCase() === 'set-cookie',
        );
        if (kind === 'dynamic' || signedIn) {
          expect(cacheControl).toBe('private, no-store');
        } else if (setsCookie) {
          // The first Arabic page sets LANGUAGE=ar.
          expect(cacheControl).toBe('private, no-cache');
        } else {
          expect(cacheControl).toBe(
            'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
          );
        }
        if (locale === 'ar') expect(setsCookie).toBe(true);
        await expectIslandWorks(page, locale !== 'en');
        expect(await violations(), `CSP violations on ${url}`).toEqual([]);
      }
    });
  }

  test('the not-found page is rendered per request in the URL’s language, under a nonce', async ({
    context,
    page,
  }) => {
    const violations = await watchViolations(context, page);
    const response = await page.goto('/ar/no-such-page');
    if (!response) throw new Error('no response');
    expect(response.status()).toBe(404);
    const headers = await response.allHeaders();
    expectCommonHeaders(headers);
    await expectPageCsp(response, 'dynamic');
    expect(headers['cache-control']).toContain('no-store');
    // The server's own document is Arabic, with the site's header and footer.
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

test.describe('caching of everything else', () => {
  test('framework files are immutable, public files kept a day, API answers never', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_next/static/') && r.url().endsWith('.js')) scripts.push(r.url());
    });
    await page.goto('/');
    // The framework's scripts are requested after the first paint (deferred-scripts.ts).
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const asset = await request.get(scripts[0] ?? '');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const image = await request.get('/og/turbo-vpn.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );

    const api = await request.post('/api/mms/account/v1/web/login', {
      headers: { 'app-type': '502' },
      data: { username: 'nobody@example.com', password: 'wrong-password-1' },
    });
    expect(api.headers()['cache-control']).toBe('no-store');
    const apiCsp = directives(api.headers()['content-security-policy'] ?? '');
    expect(apiCsp.get('default-src')).toEqual(["'none'"]);
    expect(apiCsp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('payload files (src/server/http/deferred-scripts.ts, page-payloads.ts)', () => {
  test('pages rendered per request fetch their payload from a file after the first paint', async ({
    context,
    page,
  }) => {
    const violations = await watchViolations(context, page);
    for (const path of ['/ar/blog', '/pricing']) {
      const files: Response[] = [];
      const listener = (response: Response) => {
        if (new URL(response.url()).pathname.startsWith('/_next/payload/')) files.push(response);
      };
      page.on('response', listener);
      const response = await page.goto(path);
      if (!response) throw new Error(`no response for ${path}`);
      const html = await response.text();
      expect(html, path).not.toContain('__next_f.push');
      expect(html, path).toContain('data-next-f-src');
      await expect.poll(() => files.length, path).toBe(1);
      const [file] = files;
      expect(file?.status(), path).toBe(200);
      expect(await file?.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await file?.headerValue('content-encoding')).toBe('br');
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).not.toBe('');
      expect(await file?.text()).not.toContain(nonce);
      await expectIslandWorks(page, path !== '/ar/blog');
      page.off('response', listener);
    }
    expect(await violations()).toEqual([]);
  });
});

test.describe('compression (src/server/http/http-server.ts)', () => {
  test('the browser gets pages, framework files and API answers compressed with Brotli', async ({
    page,
    request,
  }) => {
    const seen = new Map<string, Response>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/' || url.pathname.startsWith('/_next/static/'))
        seen.set(url.pathname, r);
    });
    await page.goto('/');
    const files = [...seen.entries()].filter(([name]) => name !== '/');
    expect(files.length).toBeGreaterThan(0);
    for (const [name, response] of [...seen.entries()]) {
      const headers = await response.allHeaders();
      expect(headers['content-encoding'], name).toBe('br');
      expect(headers.vary ?? '', name).toMatch(/accept-encoding/i);
    }
    const [, first] = files[0] ?? [];
    const headers = (await first?.allHeaders()) ?? {};
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'none'");

    // Clients without Brotli get gzip; the body is the same file either way.
    const url = files[0]?.[0] ?? '';
    const gzip = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
    const brotli = await request.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(await gzip.body()).toEqual(await brotli.body());

    const api = await request.get('/ws/mm/v2/blog/recommend-categories?locale=en', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(api.status()).toBe(200);
    expect(api.headers()['content-encoding']).toBe('br');
  });
});

test.describe('prerendered pages from memory (src/server/http/page-cache.ts)', () => {
  test('a page is served from its compressed copy with the headers and body Next sent', async ({
    request,
  }) => {
    const ask = () =>
      request.get('/features/encryption', { headers: { 'accept-encoding': 'gzip, br' } });
    const first = await ask();
    // The copy is made after the first answer; a kept copy has a length, Next's answer streams.
    let kept = await ask();
    for (let i = 0; i < 50 && kept.headers()['content-length'] === undefined; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      kept = await ask();
    }
    expect(kept.headers()['content-length']).toBeDefined();
    expect(kept.headers()['content-encoding']).toBe('br');
    for (const name of ['content-security-policy', 'cache-control', 'etag', 'vary']) {
      expect(kept.headers()[name], name).toBe(first.headers()[name]);
    }
    expect(await kept.text()).toBe(await first.text());
    const revalidated = await request.get('/features/encryption', {
      headers: { 'accept-encoding': 'br', 'if-none-match': kept.headers().etag ?? '' },
    });
    expect(revalidated.status()).toBe(304);
  });
});
