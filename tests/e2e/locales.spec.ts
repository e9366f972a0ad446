// Language handling (spec 2.1): the URL decides, then the LANGUAGE cookie; never Accept-Language.
import { expect, test } from '@playwright/test';
import { directionOf, locales, localizePath } from '../../src/lib/locales';
import { headOf, locationOf, setCookies } from './helpers';

test.describe('home page in every locale', () => {
  for (const locale of locales) {
    test(`${locale}: 200 with lang="${locale}" dir="${directionOf(locale)}"`, async ({
      request,
    }) => {
      const response = await request.get(localizePath(locale, '/'), { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const head = headOf(await response.text());
      expect(head.lang).toBe(locale);
      expect(head.dir).toBe(directionOf(locale));
    });
  }
});

test.describe('locale prefix and cookie', () => {
  test('the English prefix is stripped with 308, keeping the query', async ({ request }) => {
    const response = await request.get('/en/pricing?x=1', { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(locationOf(response)).toBe('/pricing?x=1');
  });

  test('a prefixed URL answers 200 and remembers the language in LANGUAGE', async ({ request }) => {
    const response = await request.get('/de/pricing', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(headOf(await response.text()).lang).toBe('de');
    expect(setCookies(response)).toContainEqual(expect.stringMatching(/^LANGUAGE=de(;|$)/));
  });

  test('an unprefixed URL with LANGUAGE=de goes to the German page with 307', async ({
    request,
  }) => {
    const response = await request.get('/pricing?x=1', {
      maxRedirects: 0,
      headers: { cookie: 'LANGUAGE=de' },
    });
    expect(response.status()).toBe(307);
    expect(locationOf(response)).toBe('/de/pricing?x=1');
  });

  test('Accept-Language never redirects', async ({ request }) => {
    const response = await request.get('/pricing', {
      maxRedirects: 0,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.status()).toBe(200);
    expect(headOf(await response.text()).lang).toBe('en');
  });
});

test.describe('in the browser', () => {
  test('the language switcher links to the same page in every other locale', async ({ page }) => {
    await page.goto('/pricing');
    for (const locale of locales) {
      if (locale === 'en') continue;
      await expect(
        page.locator(`a[href="${localizePath(locale, '/pricing')}"]`).first(),
        `a link to the ${locale} version of /pricing`,
      ).toBeAttached();
    }
  });

  test('switching from German back to English stays on the page in English', async ({ page }) => {
    await page.goto('/de/pricing'); // sets LANGUAGE=de
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const english = page.locator('a[href="/pricing"], a[href="/en/pricing"]').first();
    await expect(english, 'a link to the English version of /pricing').toBeAttached();
    const href = await english.getAttribute('href');
    if (await english.isVisible()) await english.click();
    else await page.goto(href ?? '/pricing'); // the switcher's menu is closed
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('navigating to another page scrolls to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const link = page.locator('header a[href="/pricing"]').first();
    await expect(link, 'a header link to /pricing').toBeVisible();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
