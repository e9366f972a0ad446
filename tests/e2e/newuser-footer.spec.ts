// What a new user trips over (item 7): the newsletter sign-up in the full footer, on a phone
// (375 px), in English and in Arabic: a visible label, a bad address refused on the form, a good
// one answered with "check your inbox" in place (the same double opt-in call as /edmsub), and
// the link to /edmsub.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { chooseEssentialCookies, expectHydrated } from './helpers';

// The e2e runner (scripts/test/e2e.ts) runs from the repository root.
type Messages = {
  Pages: { edmsub: { heading: string } };
  Forms: { email: string; errors: { emailRequired: string; invalidEmail: string } };
  Newsletter: { submit: string; whatTitle: string; successText: string };
};
const messagesOf = (locale: Locale) =>
  JSON.parse(readFileSync(path.join(process.cwd(), `messages/${locale}.json`), 'utf8')) as Messages;

// Each run subscribes its own addresses, so the per-address limit never carries over.
const run = Date.now().toString(36);

test.use({ viewport: { width: 375, height: 812 } });

// A stored cookie choice keeps the consent banner from covering the footer.
test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

/** The footer's sign-up: the region named by its heading, once its form is hydrated. */
async function signUp(page: Page, locale: Locale) {
  const t = messagesOf(locale);
  await page.goto(localizePath(locale, '/'));
  const region = page
    .getByRole('contentinfo')
    .getByRole('region', { name: t.Pages.edmsub.heading });
  await region.scrollIntoViewIfNeeded();
  const form = region.locator('form');
  await expectHydrated(form);
  return { t, region, form, field: form.getByLabel(t.Forms.email) };
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`the footer's newsletter sign-up (${locale}, 375 px)`, () => {
    test('has a visible label and fits the phone', async ({ page }) => {
      const { t, region, field } = await signUp(page, locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(region.getByRole('heading', { level: 2 })).toHaveText(t.Pages.edmsub.heading);
      await expect(region.getByText(t.Forms.email, { exact: true })).toBeVisible();
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('type', 'email');
      await expect(region.getByRole('button', { name: t.Newsletter.submit })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    });

    test('refuses a bad address on the form, then asks to confirm a good one', async ({ page }) => {
      const { t, region, form, field } = await signUp(page, locale);
      const alert = form.getByRole('alert');

      // Keyboard only: an empty field, then a bad address, sent with Enter.
      await field.focus();
      await page.keyboard.press('Enter');
      await expect(alert).toHaveText(t.Forms.errors.emailRequired);
      await page.keyboard.type('nobody@');
      await page.keyboard.press('Enter');
      await expect(alert).toHaveText(t.Forms.errors.invalidEmail);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      // Nothing left the page: still the same URL, no status.
      await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/')}$`));
      await expect(region.getByRole('status')).toHaveCount(0);

      // A good address: the double opt-in call of /edmsub, then "check your inbox" in place.
      const email = `footer-${locale}-${run}@example.com`;
      await field.fill(email);
      const sent = page.waitForRequest(
        (request) =>
          request.method() === 'POST' &&
          new URL(request.url()).pathname === '/api/mms/newsletter/v1/subscribe',
      );
      await region.getByRole('button', { name: t.Newsletter.submit }).click();
      const request = await sent;
      expect(request.headers()['app-type']).toBe('502');
      expect(request.postDataJSON()).toEqual({ email, locale });

      const status = region.getByRole('status');
      await expect(status).toHaveText(t.Newsletter.successText.replace('{email}', email));
      await expect(status).toBeFocused();
      await expect(region.locator('form')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/')}$`));
    });

    test('links to the newsletter page', async ({ page }) => {
      const { t, region } = await signUp(page, locale);
      const link = region.getByRole('link', { name: t.Newsletter.whatTitle });
      await expect(link).toHaveAttribute('href', localizePath(locale, '/edmsub'));
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/edmsub')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.Pages.edmsub.heading);
    });
  });
}
