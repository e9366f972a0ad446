// Accounts end to end (issue 3): sign-in, the account page with devices, logout, password reset
// by an emailed code read from a real SMTP server, the protected-page round trip, and the
// "Confirm logout" dialog for an expired session.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer, textPart } from '../support/smtp-server';
import { type ProductionServer, startSpecServer } from './helpers';

const demo = { email: 'demo@turbovpn.local', password: 'Demo-pass1!' };

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('on the shared server (demo account)', () => {
  test('login → account → unbind a device → logout dialog', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/myAccount$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(page.locator('[data-area="subscription"]')).toBeVisible();
    await expect(page.locator('[data-area="payment-history"]')).toContainText('Payment history');

    const devices = page.locator('[data-device]');
    const before = await devices.count();
    expect(before).toBeGreaterThan(0);
    const first = devices.first();
    const name = (await first.locator('p').first().textContent()) ?? '';
    await first.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this device?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${name} was removed from your account.`)).toBeVisible();
    await expect(devices).toHaveCount(before - 1);
    // The removal is real: a reload shows the same list.
    await page.reload();
    await expect(page.locator('[data-device]')).toHaveCount(before - 1);

    await page.getByRole('button', { name: 'Log out' }).click();
    const logout = page.getByRole('dialog', { name: 'Log out?' });
    await expect(logout).toBeVisible();
    await logout.getByRole('button', { name: 'Cancel' }).click();
    await expect(logout).toBeHidden();
    await expect(page).toHaveURL(/\/myAccount$/);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page
      .getByRole('dialog', { name: 'Log out?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/myAccount');
    await expect(page).toHaveURL(/\/login\?redirect=%2FmyAccount$/);
  });

  test('signed-in browsers: another browser is listed and signed out from here', async ({
    page,
    playwright,
  }) => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    await page.goto('/login');
    const origin = new URL(page.url()).origin;
    const elsewhere = await playwright.request.newContext({ baseURL: origin });
    const signIn = await elsewhere.post('/api/mms/account/v1/web/login', {
      headers: { 'app-type': '502', 'user-agent': firefox },
      data: { username: demo.email, password: demo.password },
    });
    expect(signIn.status()).toBe(200);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;

    await logIn(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/myAccount$/);
    const card = page.locator('[data-area="sessions"]');
    await expect(card.getByRole('heading', { name: 'Signed-in browsers' })).toBeVisible();
    await expect(card.locator('[data-session="current"]')).toContainText('This browser');
    const row = card.locator('[data-session="other"]').filter({ hasText: 'Firefox 133 on Linux' });
    await expect(row.first()).toContainText('Last active');
    await row.first().getByRole('button', { name: 'Sign out Firefox 133 on Linux' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out this browser?' });
    await expect(confirm).toContainText('Firefox 133 on Linux will be signed out');
    await confirm.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('Firefox 133 on Linux was signed out.')).toBeVisible();
    const ended = await elsewhere.get('/api/mms/account/v1/web/profile', {
      headers: { authorization: `Bearer ${token}`, 'app-type': '502' },
    });
    expect(((await ended.json()) as { code: number }).code).toBe(50008);
    await elsewhere.dispose();

    // The security activity lists the sign-ins and the sign-out, newest first.
    await page.reload();
    const activity = page.locator('[data-area="activity"]');
    await expect(activity.getByRole('heading', { name: 'Recent security activity' })).toBeVisible();
    await expect(activity.locator('[data-event]').first()).toHaveAttribute(
      'data-event',
      'session_ended',
    );
    await expect(activity.locator('[data-event="session_ended"]').first()).toContainText(
      'A browser was signed out',
    );
    await expect(
      activity.locator('[data-event="login"]').filter({ hasText: 'Firefox 133 on Linux' }).first(),
    ).toBeVisible();
  });

  test('protected page → login → back to the page', async ({ page }) => {
    await page.goto('/de/myAccount');
    await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2FmyAccount$/);
    await page.locator('#email').fill(demo.email);
    await page.locator('#password').fill(demo.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/de\/myAccount$/);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('wrong password: the spec message on the form; client rules before sending', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, 'not-an-email', 'short');
    await expect(page.getByText('! Invalid Email provide')).toBeVisible();
    await expect(page.getByText('Minimum 8 characters')).toBeVisible();
    await logIn(page, demo.email, 'Wrong-pass1!');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unsafe ?redirect= is ignored after login', async ({ page }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await logIn(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/myAccount$/);
  });
});

test.describe('password reset with a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let server: ProductionServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startTestSmtpServer();
    server = await startSpecServer(() => ({ SMTP_URL: smtp.url }), 90_000);
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test('forgot password → code from the email → reset → old refused, new accepted, other session ended', async ({
    browser,
    playwright,
  }) => {
    const other = await playwright.request.newContext({ baseURL: server.baseUrl });
    const signIn = await other.post('/api/mms/account/v1/web/login', {
      headers: { 'app-type': '502' },
      data: { username: demo.email, password: demo.password },
    });
    expect(signIn.status()).toBe(200);
    const otherToken = ((await signIn.json()) as { data: { token: string } }).data.token;

    const page = await (browser as Browser).newPage({ baseURL: server.baseUrl });
    await page.goto('/forgetPassword');
    await page.getByLabel('Email').fill(demo.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('a 6-digit code is on its way')).toBeVisible();
    const mail = await smtp.nextMail(15_000);
    expect(mail.to).toEqual([demo.email]);
    const code = /\b(\d{6})\b/.exec(textPart(mail.raw))?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
    await expect(page.getByText(`Choose a new password for ${demo.email}.`)).toBeVisible();
    // The shared rules refuse a weak password before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm the new password').fill('weakpassword');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(
      page.getByText('Password should contain uppercase and lowercase letters, and symbols.'),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Fresh-pass2#');
    await page.getByLabel('Confirm the new password').fill('Fresh-pass2#');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.goto('/login');
    await logIn(page, demo.email, demo.password);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }),
    ).toBeVisible();
    await logIn(page, demo.email, 'Fresh-pass2#');
    await expect(page).toHaveURL(/\/myAccount$/);

    const ended = await other.get('/api/mms/account/v1/web/profile', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(ended.status()).toBe(401);
    expect(((await ended.json()) as { code: number }).code).toBe(50008);
    await other.dispose();
    await page.close();
  });
});

test.describe('expired session', () => {
  let server: ProductionServer;
  const idleSeconds = 4;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startSpecServer(() => ({ SESSION_IDLE_SECONDS: String(idleSeconds) }), 90_000);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an expired session opens the Confirm logout dialog; Re-Login leads to login', async ({
    browser,
  }) => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await page.goto('/login');
    await logIn(page, demo.email, demo.password);
    await expect(page).toHaveURL(/\/myAccount$/);
    await page.waitForTimeout((idleSeconds + 1) * 1000);

    const removeFirst = async () => {
      await page.locator('[data-device]').first().getByRole('button').click();
      await page
        .getByRole('dialog', { name: 'Remove this device?' })
        .getByRole('button', { name: 'Remove' })
        .click();
    };
    await removeFirst();
    const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/myAccount$/);

    await removeFirst();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FmyAccount$/);
    await page.close();
  });
});
