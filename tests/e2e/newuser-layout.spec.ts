// What a new user trips over (layout): the language switcher keeps the page's query string, the
// footer's language menu closes with Escape, the phone menu closes on a tap outside it and does
// not cut through the Arabic hero's button, and an unknown path is a real 404 with the site's
// header and footer in the URL's language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Locale, localeCookieName } from '../../src/lib/locales';
import { chooseEssentialCookies, expectHydrated, headOf } from './helpers';

// The e2e runner (scripts/test/e2e.ts) runs from the repository root.
type Messages = {
  Common: { brand: string };
  Errors: { notFoundTitle: string; notFound: string };
  Nav: { label: string; openMenu: string };
  LanguageSwitcher: { label: string };
};
const messagesOf = (locale: Locale) =>
  JSON.parse(readFileSync(path.join(process.cwd(), `messages/${locale}.json`), 'utf8')) as Messages;

// A stored cookie choice keeps the consent banner from covering the footer's language menu.
test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

/** The footer's language menu, opened once the page is hydrated. */
async function openLanguageMenu(page: Page): Promise<Locator> {
  const menu = page.locator('footer details');
  await expectHydrated(menu);
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  return menu;
}

async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === localeCookieName)?.value;
}

test.describe('the language switcher keeps the page’s query string', () => {
  test('/ar/blog/search?q=vpn → 日本語 keeps the search', async ({ page, context }) => {
    await page.goto('/ar/blog/search?q=vpn');
    const menu = await openLanguageMenu(page);
    const japanese = menu.getByRole('link', { name: '日本語' });
    await expect(japanese).toHaveAttribute('href', '/ja/blog/search?q=vpn');
    await japanese.click();
    await expect(page).toHaveURL(/\/ja\/blog\/search\?q=vpn$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('#blog-search')).toHaveValue('vpn');
    expect(await languageCookie(context)).toBe('ja');
  });

  test('/ja/login?redirect=%2FmyAccount → English keeps the redirect', async ({
    page,
    context,
  }) => {
    await page.goto('/ja/login?redirect=%2FmyAccount');
    const menu = await openLanguageMenu(page);
    const english = menu.getByRole('link', { name: 'English' });
    // English goes through /en/… so the server stores the choice, then drops the prefix.
    await expect(english).toHaveAttribute('href', '/en/login?redirect=%2FmyAccount');
    await english.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FmyAccount$/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await languageCookie(context)).toBe('en');
  });

  test('a query or hash added after the page loaded is kept too', async ({ page }) => {
    await page.goto('/features');
    await expectHydrated(page.locator('footer details'));
    // A change of URL without a new page (as a search box or an in-page link makes).
    await page.evaluate(() => history.replaceState(null, '', '/features?ref=e2e#top'));
    const menu = await openLanguageMenu(page);
    await expect(menu.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
      'href',
      '/de/features?ref=e2e#top',
    );
  });
});

test.describe('the footer’s language menu', () => {
  test('closes with Escape and gives focus back to its button', async ({ page }) => {
    await page.goto('/features');
    const menu = await openLanguageMenu(page);
    const button = menu.locator('summary');
    const japanese = menu.getByRole('link', { name: '日本語' });
    await expect(japanese).toBeVisible();
    await japanese.focus();
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(japanese).toBeHidden();
    await expect(button).toBeFocused();

    // From the keyboard alone: Enter opens it, Escape closes it.
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
  });

  test('closes on a click outside it', async ({ page }) => {
    await page.goto('/features');
    const menu = await openLanguageMenu(page);
    await page.locator('main h1').first().click();
    await expect(menu).not.toHaveAttribute('open');
  });
});

test.describe('the phone menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  test('in Arabic it pushes the hero down instead of cutting through its button, and a tap outside closes it', async ({
    page,
  }) => {
    const ar = messagesOf('ar');
    await page.goto('/ar');
    const toggle = page.getByRole('button', { name: ar.Nav.openMenu });
    await expectHydrated(toggle);
    await toggle.tap();
    const expanded = page.locator('header button[aria-expanded]');
    await expect(expanded).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: ar.Nav.label });
    await expect(nav).toBeVisible();

    // The hero's first button lies wholly below the open menu.
    const heroButton = page.locator('main section').first().getByRole('link').first();
    const navBox = await nav.boundingBox();
    const heroBox = await heroButton.boundingBox();
    if (!navBox || !heroBox) throw new Error('the menu or the hero button has no box');
    expect(heroBox.y).toBeGreaterThanOrEqual(navBox.y + navBox.height);

    // A tap on the page below the menu closes it and presses nothing there.
    const url = page.url();
    await page.touchscreen.tap(187, 780);
    await expect(expanded).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    expect(page.url()).toBe(url);
  });

  test('a tap on the header beside the open menu closes it too', async ({ page }) => {
    await page.goto('/features');
    const toggle = page.getByRole('button', { name: messagesOf('en').Nav.openMenu });
    await expectHydrated(toggle);
    await toggle.tap();
    const expanded = page.locator('header button[aria-expanded]');
    await expect(expanded).toHaveAttribute('aria-expanded', 'true');
    // Between the logo and the menu button: part of the header, not of the menu.
    const toggleBox = await expanded.boundingBox();
    if (!toggleBox) throw new Error('no menu button');
    await page.touchscreen.tap(toggleBox.x - 40, toggleBox.y + toggleBox.height / 2);
    await expect(expanded).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the 404 page in the visitor’s language', () => {
  for (const locale of ['ar', 'ja'] as const) {
    test(`/${locale}/does-not-exist: 404 with the site’s header, footer and a ${locale} title`, async ({
      page,
      request,
    }) => {
      const t = messagesOf(locale);
      const title = `${t.Errors.notFoundTitle} | ${t.Common.brand}`;
      const url = `/${locale}/does-not-exist`;

      // The server's answer: a real 404 whose document is already in the language.
      const answer = await request.get(url, { maxRedirects: 0 });
      expect(answer.status()).toBe(404);
      const head = headOf(await answer.text());
      expect(head.lang).toBe(locale);
      expect(head.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(head.title).toBe(title);

      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text()))
          violations.push(message.text());
      });
      const visit = await page.goto(url);
      expect(visit?.status()).toBe(404);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.Errors.notFound);
      // The site's header with its navigation, in the URL's language.
      const header = page.getByRole('banner');
      await expect(header.getByRole('navigation', { name: t.Nav.label })).toBeAttached();
      await expect(header.locator(`a[href="/${locale}/pricing"]`)).toBeAttached();
      // The site's footer with the language switcher, which keeps the missing path.
      const footer = page.getByRole('contentinfo');
      await expect(footer.locator(`a[href="/${locale}/faq"]`)).toBeAttached();
      const menu = await openLanguageMenu(page);
      await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute(
        'href',
        '/en/does-not-exist',
      );
      expect(violations).toEqual([]);
    });
  }
});
