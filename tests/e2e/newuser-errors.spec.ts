// What a new user trips over (errors): a refusal of the server stays on the form, next to the
// field it concerns (or at the form's top), announced as an alert, until that field changes;
// no toast repeats it. Toasts that remain sit above the cookie banner and never on each other.
// One server of this file's own (fresh database, so its login and code limits are this file's),
// with a real SMTP server for the emailed code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { textPart } from '../support/smtp-server';
import { chooseEssentialCookies, demoAccount, expectHydrated, ownServerWithMail } from './helpers';

type Messages = { ApiErrors: Record<string, string> };
// The e2e runner (scripts/test/e2e.ts) runs from the repository root.
const messagesOf = (locale: Locale) =>
  JSON.parse(readFileSync(path.join(process.cwd(), `messages/${locale}.json`), 'utf8')) as Messages;

const own = ownServerWithMail();
const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A new browser on this file's server; `consent` stores a cookie choice (no banner). */
async function openPage(
  browser: Browser,
  { consent, viewport }: { consent: boolean; viewport?: { width: number; height: number } },
) {
  const context = await browser.newContext({ baseURL: own.baseUrl(), viewport });
  contexts.push(context);
  if (consent) {
    await chooseEssentialCookies(context, own.baseUrl());
  }
  return { context, page: await context.newPage() };
}

/** Whether two boxes share any area. */
function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

for (const locale of ['en', 'ar'] as const) {
  test(`${localizePath(locale, '/login')}: a wrong password stays on the form until the password changes`, async ({
    browser,
  }) => {
    const { page } = await openPage(browser, { consent: true });
    const text = messagesOf(locale).ApiErrors['40101'] ?? 'ApiErrors.40101 is missing';
    await page.goto(localizePath(locale, '/login'));
    const form = page.locator('form').filter({ has: page.locator('#password') });
    await expectHydrated(form);
    await page.locator('#email').fill(demoAccount.email);
    await page.locator('#password').fill('Wrong-pass1!');
    await form.locator('button[type="submit"]').click();

    // At the top of the form (it does not say which field is wrong), as an alert the form names.
    const alert = form.getByRole('alert').filter({ hasText: text });
    await expect(alert).toBeVisible();
    const id = await alert.getAttribute('id');
    expect(id).toBeTruthy();
    await expect(form).toHaveAttribute('aria-describedby', id ?? '');
    await expect(page.locator('[data-toast]')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/login')}$`));

    // Still there long after a toast would have gone (5 s).
    await page.waitForTimeout(8_000);
    await expect(alert).toBeVisible();
    await expect(page.locator('[data-toast]')).toHaveCount(0);

    // Changing the password takes it away.
    await page.locator('#password').fill('Wrong-pass2!');
    await expect(alert).toHaveCount(0);
    await expect(form).not.toHaveAttribute('aria-describedby', /.+/);
  });
}

test('/forgetPassword: a wrong code is said next to the code field, until the code changes', async ({
  browser,
}) => {
  const { page } = await openPage(browser, { consent: true });
  await page.goto('/forgetPassword');
  await expectHydrated(page.locator('form'));
  await page.getByLabel('Email').fill(demoAccount.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('a 6-digit code is on its way')).toBeVisible();
  const mail = await own.smtp().nextMail(15_000);
  const sent = /\b(\d{6})\b/.exec(textPart(mail.raw))?.[1] ?? '';
  expect(sent).toMatch(/^\d{6}$/);
  const wrong = sent === '000000' ? '111111' : '000000';

  const code = page.getByLabel('Code from the email');
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  const text = messagesOf('en').ApiErrors['40003'] ?? 'ApiErrors.40003 is missing';
  const alert = page.locator('#code-error');
  await expect(alert).toHaveText(text);
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAttribute('aria-describedby', /\bcode-error\b/);
  await expect(code).toBeFocused();
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/forgetPassword$/);

  await page.waitForTimeout(6_000);
  await expect(alert).toHaveText(text);

  await code.fill(sent);
  await expect(alert).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');
  // The right code still works: the wrong one only spent one of its tries.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
});

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`first visit at ${viewport.width} px: toasts sit above the cookie banner, one above the other`, async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, { consent: false, viewport });
    const signIn = await context.request.post('/api/mms/account/v1/web/login', {
      headers: { 'app-type': '502' },
      data: { username: demoAccount.email, password: demoAccount.password },
    });
    expect(signIn.status()).toBe(200);
    const { data } = (await signIn.json()) as { data: { token: string } };
    await context.addCookies([{ name: 'paypal_token', value: data.token, url: own.baseUrl() }]);

    // Removing a device is an action without a form: its failures are toasts. Two different
    // failures give two toasts at once.
    const failures = [
      { status: 500, body: { code: 500, message: 'Internal server error' } },
      { status: 503, body: { code: 503, message: 'Service unavailable' } },
    ];
    await page.route('**/api/mms/account/v1/web/device/unbind', async (route) => {
      const failure = failures.shift() ?? { status: 500, body: { code: 500, message: 'x' } };
      await route.fulfill({ status: failure.status, json: failure.body });
    });

    await page.goto('/myAccount');
    const banner = page.locator('[data-consent-banner]');
    await expect(banner).toBeVisible({ timeout: 15_000 });

    await expectHydrated(page.locator('[data-device]').first().getByRole('button'));
    // By keyboard: at 375 px an earlier toast may lie over the button.
    const removeFirst = async () => {
      await page.locator('[data-device]').first().getByRole('button').press('Enter');
      await page
        .getByRole('dialog', { name: 'Remove this device?' })
        .getByRole('button', { name: 'Remove' })
        .click();
    };
    const toasts = page.locator('[data-toast]');
    await removeFirst();
    await expect(toasts).toHaveCount(1);
    await removeFirst();
    await expect(toasts).toHaveCount(2);
    await expect(toasts.nth(0)).toContainText(messagesOf('en').ApiErrors['500'] ?? '500');
    await expect(toasts.nth(1)).toContainText(messagesOf('en').ApiErrors['503'] ?? '503');

    const bannerBox = await boxOf(banner);
    const first = await boxOf(toasts.nth(0));
    const second = await boxOf(toasts.nth(1));
    for (const toast of [first, second]) {
      expect(intersects(toast, bannerBox), 'a toast over the banner').toBe(false);
      expect(toast.y, 'a toast above the window').toBeGreaterThanOrEqual(0);
      expect(toast.y + toast.height).toBeLessThanOrEqual(bannerBox.y);
    }
    expect(intersects(first, second), 'two toasts on each other').toBe(false);

    // With the choice made the banner goes, and the next toast comes down to the window's edge.
    await banner.getByRole('button', { name: 'Essential only' }).click();
    await expect(banner).toHaveCount(0);
    await expect(toasts).toHaveCount(0, { timeout: 10_000 });
    await removeFirst();
    await expect(toasts).toHaveCount(1);
    const alone = await boxOf(toasts.first());
    expect(viewport.height - (alone.y + alone.height)).toBeLessThanOrEqual(17);
    expect(viewport.height - (alone.y + alone.height)).toBeGreaterThanOrEqual(0);
  });
}
