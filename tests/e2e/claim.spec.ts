import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { codeMailedTo, expectNoSeriousAxeViolations, ownServerWithMail } from './helpers';

// A paying buyer is never left without a way in: someone pays for an email whose account was
// made by an earlier checkout and has no password yet. This browser may not be signed in to it
// (it only typed the email), so the checkout page sends a code to that email and sets the
// password with it, right there; then the buyer logs in and lands on the order.

const own = ownServerWithMail();

/** A checkout by a buyer without a session, paid at the sandbox; the checkout tab is `page`. */
async function buyAs(page: Page, locale: Locale, email: string) {
  await page.goto(localizePath(locale, '/pricing/checkout/p1m'));
  await page.locator('#checkout-email').fill(email);
  const popup = page.waitForEvent('popup');
  await page.locator('form button[type="submit"]').click();
  const paypal = await popup;
  await paypal.waitForLoadState();
  await paypal.getByRole('button', { name: /^Pay / }).click();
  // PayPal's tab comes back to the return page, which completes the payment (and signs a new
  // buyer in) before the buyer closes it: a tab closed while its answer is on the way loses the
  // session cookie, and the checkout token signs in only once.
  await paypal.waitForURL(/\/(paystatus\/web\?order=|paySuc|login\?redirect=)/);
  await paypal.waitForLoadState('networkidle');
  await paypal.close();
}

const journeys: { locale: Locale; width: number; keyboard: boolean }[] = [
  { locale: 'en', width: 1280, keyboard: false },
  { locale: 'ar', width: 375, keyboard: true },
];

for (const { locale, width, keyboard } of journeys) {
  test(`${locale} at ${width} px${keyboard ? ', keyboard only' : ''}: paid for an account without a password → code → password → log in → order`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = `claim-${locale}-${Date.now()}@example.com`;
    const open = async () => {
      const context = await (browser as Browser).newContext({
        baseURL: own.baseUrl(),
        viewport: { width, height: 900 },
      });
      return { context, page: await context.newPage() };
    };

    // First purchase: this checkout makes the account and signs its browser in; the buyer
    // leaves without choosing a password.
    const first = await open();
    await buyAs(first.page, locale, email);
    await first.page.waitForURL(/\/paySuc\?order=/);

    // Second purchase for the same email, in another browser: no session can be given here.
    const { context, page } = await open();
    await buyAs(page, locale, email);
    // The checkout tab notices by itself that the PayPal tab closed, and completes the order.
    const claim = page.locator('[data-area="claim"]');
    await expect(claim).toBeVisible({ timeout: 15_000 });
    await expect(claim).toContainText(email);
    await expect(page).not.toHaveURL(/\/login/);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`claim-${locale}-${width}.png`) });

    const code = await codeMailedTo(own.smtp(), email);
    const password = 'Claimed-pass1!';
    if (keyboard) {
      // Focus starts at the code field; Tab moves through the form, Enter sends it.
      await page.locator('#code').focus();
      await page.keyboard.type(code);
      await page.keyboard.press('Tab');
      await expect(page.locator('#password')).toBeFocused();
      await page.keyboard.type(password);
      await page.keyboard.press('Tab');
      await expect(page.locator('#confirm')).toBeFocused();
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
    } else {
      await page.locator('#code').fill(code);
      await page.locator('#password').fill(password);
      await page.locator('#confirm').fill(password);
      await claim.locator('button[type="submit"]').click();
    }
    const done = page.locator('[data-area="claim-done"]');
    await expect(done).toBeVisible();
    await expect(done.getByRole('status')).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath(`claim-done-${locale}-${width}.png`) });

    if (keyboard) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    } else {
      await done.getByRole('link').click();
    }
    await page.waitForURL(/\/login\?redirect=/);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/paySuc\?order=/);
    await expect(page.locator('[data-row="email"] dd')).toHaveText(email);
    await page.screenshot({
      path: testInfo.outputPath(`claim-order-${locale}-${width}.png`),
      fullPage: true,
    });
    await Promise.all([first.context.close(), context.close()]);
  });
}
