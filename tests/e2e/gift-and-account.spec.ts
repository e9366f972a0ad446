import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import {
  demoAccount,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  ownServer,
  signInDemo,
} from './helpers';

const paymentApi = '/api/mms/payment/v1';
const api = { 'app-type': '502' };
const displayDate = /^\d{4}-\d{2}-\d{2} (AM|PM) \d{2}:\d{2}:\d{2}$/;
const giftCodeShape = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;

const own = ownServer();
const openPage = own.openPage;

let counter = 0;
const newEmail = (who: string) => `${who}-${Date.now()}-${++counter}@example.com`;

/**
 * Buys a plan for the signed-in demo account through the API: checkout with the session, the
 * sandbox page's Pay form (with this site's Origin), then the capture. The first plan the
 * account does not hold yet is bought. Returns the order and its receipt number.
 */
async function buyPlanAsDemo(context: BrowserContext) {
  let order: { order_id: string; approve_url: string } | undefined;
  for (const plan_id of ['p1m', 'p6m', 'p12m', 'p24m']) {
    const started = await context.request.post(`${paymentApi}/web/checkout`, {
      headers: api,
      data: { plan_id, kind: 'plan' },
    });
    const body = (await started.json()) as { code: number; data: typeof order };
    if (started.status() === 201) {
      order = body.data;
      break;
    }
    // 40902: the account already holds this plan (an earlier test bought it); try the next.
    expect(body.code).toBe(40902);
  }
  if (!order) throw new Error('no plan could be bought');
  const approve = await context.request.post(`${order.approve_url}/approve`, {
    headers: { Origin: own.baseUrl() },
    maxRedirects: 0,
  });
  expect(approve.status()).toBe(303);
  const captured = await context.request.post(
    `${paymentApi}/web/checkout/${order.order_id}/capture`,
    { headers: api },
  );
  expect(captured.status()).toBe(200);
  expect(((await captured.json()) as { data: { state: string } }).data.state).toBe('paid');
  const mine = await context.request.get(`${paymentApi}/web/subscription_my`, { headers: api });
  const history = (
    (await mine.json()) as {
      data: { history: { id: string; documents: { type: string; number: string }[] }[] };
    }
  ).data.history;
  // The receipt number the history shows and a refund request quotes.
  const receipt = history.find((entry) => entry.id === order?.order_id)?.documents[0]?.number ?? '';
  expect(receipt).not.toBe('');
  return { orderId: order.order_id, receipt };
}

/** Buys a gift card on /gift-card as a new buyer and returns the code the page shows. */
async function buyGiftCard(page: Page, buyer: string): Promise<string> {
  await page.goto('/gift-card');
  const buy = page.locator('[data-area="gift-buy"]');
  await expect(buy.getByRole('radio', { name: /^24 months/ })).toBeChecked();

  // The email is checked before anything is sent.
  await buy.getByRole('button', { name: 'Continue' }).click();
  await expect(buy.getByText('Please Enter Email')).toBeVisible();
  await expect(buy.getByLabel('Your email')).toBeFocused();

  await buy.getByRole('radio', { name: /^12 months/ }).check();
  await buy.getByLabel('Your email').fill(buyer);
  const opened = page.waitForEvent('popup');
  await buy.getByRole('button', { name: 'Continue' }).click();
  const paypal = await opened;
  await paypal.waitForLoadState();
  await expect(
    paypal.getByRole('heading', { name: /^Sandbox (payment|subscription)$/ }),
  ).toBeVisible();
  await expect(
    buy.getByRole('heading', { name: 'Finish the payment in the new window' }),
  ).toBeVisible();
  await paypal.getByRole('button', { name: /^Pay 69\.99 USD/ }).click();
  // PayPal returns to /paystatus/web, which may complete the payment itself (then /paySuc);
  // either way this tab shows the code: by its polling, or after Completed.
  await paypal.waitForURL(/\/(paystatus\/web\?order=|paySuc|login\?redirect=)/);
  // Its capture (which signs the new buyer in, once) finishes before the tab is closed.
  await paypal.waitForLoadState('networkidle');
  await paypal.close();

  const code = buy.locator('[data-gift-code]');
  const completed = buy.getByRole('button', { name: 'Completed' });
  await expect(code.or(completed)).toBeVisible();
  // The page polls every 3 s: it may show the code before the click lands, which is fine.
  if (await completed.isVisible()) await completed.click({ timeout: 5000 }).catch(() => {});
  await expect(code).toHaveText(giftCodeShape);
  await expect(buy.getByRole('heading', { name: 'Your gift card is ready' })).toBeFocused();
  await expect(buy).toContainText(`We also emailed it to ${buyer}.`);
  await expect(buy.getByRole('button', { name: 'Copy code' })).toBeVisible();
  return (await code.textContent()) ?? '';
}

test('gift card: buy as a new email, redeem in another browser, set a password, see it in the account', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  const code = await buyGiftCard(page, newEmail('gift-buyer'));

  // Another browser, another new email; the code typed in lower case with spaces.
  const friend = newEmail('gift-friend');
  const other = await openPage(browser);
  await other.page.goto('/gift-card');
  const redeem = other.page.locator('[data-area="gift-redeem"]');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByText('Please enter the gift card code')).toBeVisible();
  await redeem.getByLabel('Gift card code').fill(` ${code.toLowerCase().replaceAll('-', ' ')} `);
  await redeem.getByLabel('Your email').fill(friend);
  await redeem.getByRole('button', { name: 'Redeem' }).click();

  await expect(other.page).toHaveURL(/\/redeem-suc$/);
  await expect(
    other.page.getByRole('heading', { level: 1, name: 'Gift card redeemed' }),
  ).toBeVisible();
  const redeemed = other.page.locator('[data-area="redeemed"]');
  await expect(redeemed).toContainText('12 months +3 months free');
  await expect(redeemed).toContainText(friend);
  await expect(redeemed.locator('[data-premium-until]')).toHaveText(displayDate);

  await expect(other.page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await other.page.getByLabel('New password', { exact: true }).fill('Gift-pass1!');
  await other.page.getByLabel('Confirm the new password').fill('Gift-pass1!');
  await other.page.getByRole('button', { name: 'Set a password' }).click();
  await expect(
    other.page.getByText(`Your password is set. Log in to the apps with ${friend}`),
  ).toBeVisible();
  await expect(other.page.getByRole('heading', { name: 'Set a password' })).toBeHidden();

  await other.page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(other.page).toHaveURL(/\/myAccount$/);
  const subscription = other.page.locator('[data-area="subscription"]');
  await expect(subscription.locator('[data-status="active"]')).toHaveText('Active');
  await expect(subscription).toContainText('12 months +3 months free');
  await expect(subscription.locator('[data-premium-until]')).toHaveText(displayDate);
  await expect(subscription.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  const success = other.page.locator('[data-history="Success"]');
  await expect(success).toHaveCount(1);
  await expect(success).toContainText('Success');
  await expect(success).toContainText('12 months +3 months free gift card, redeemed');
  await expect(success).toContainText('No charge');
  // A redeemed gift card is nothing to refund.
  await expect(success.getByRole('button', { name: /Request a refund/ })).toHaveCount(0);

  // The same code again, from the buyer's browser: already redeemed, said next to the form.
  // The capture signed the new buyer in, so no email is asked any more.
  await page.reload();
  const again = page.locator('[data-area="gift-redeem"]');
  await expect(again.getByLabel('Your email')).toHaveCount(0);
  await again.getByLabel('Gift card code').fill(code);
  await again.getByRole('button', { name: 'Redeem' }).click();
  await expect(again.getByRole('alert').filter({ hasText: 'already been redeemed' })).toBeVisible();
  await expect(page).toHaveURL(/\/gift-card$/);
});

test('gift card redeem: an invalid code and an email with a password are explained inline', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  await page.goto('/gift-card');
  const redeem = page.locator('[data-area="gift-redeem"]');
  await redeem.getByLabel('Gift card code').fill('ABCD-EFGH-JKLM-NPQR');
  await redeem.getByLabel('Your email').fill(newEmail('nobody'));
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(
    redeem.getByRole('alert').filter({ hasText: 'This gift card code is not valid.' }),
  ).toBeVisible();

  await redeem.getByLabel('Your email').fill(demoAccount.email);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  const login = redeem.getByRole('link', { name: 'Log in to continue' });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent('/gift-card')}`,
  );
});

test('demo account: a plan bought through the API, then refunded from the account page', async ({
  browser,
}) => {
  const { context, page } = await openPage(browser);
  await signInDemo(context);

  const { receipt } = await buyPlanAsDemo(context);

  await page.goto('/myAccount');
  await expect(page.locator('[data-area="subscription"] [data-status="active"]')).toBeVisible();
  const row = page.locator('[data-history]').filter({ hasText: receipt });
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: `Request a refund for receipt ${receipt}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Why are you asking for a refund?')).toBeFocused();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please tell us in a few words')).toBeVisible();
  await dialog.getByLabel('Why are you asking for a refund?').fill('I no longer need a VPN.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();

  const status = page.locator('[data-area="payment-history"] [role="status"]').first();
  await expect(status).toContainText('Your refund is done.');
  await expect(status).toBeFocused();
  const refunded = page.locator('[data-history]').filter({ hasText: receipt });
  await expect(refunded).toContainText('Refunded');
  await expect(refunded.locator('[data-refund="refunded"]')).toBeVisible();
  await expect(refunded.getByRole('button', { name: /Request a refund/ })).toHaveCount(0);
  // It stays so after a reload (server-rendered from the database).
  await page.reload();
  await expect(
    page.locator('[data-history="Refunded"]').filter({ hasText: receipt }),
  ).toContainText('Refunded');
});

test('/promotion outside the window: the offer has ended, with the way to the plans', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  await page.goto('/promotion');
  await expect(page.getByRole('heading', { name: 'This offer has ended' })).toBeVisible();
  await expect(page.locator('[data-promotion-state="ended"]')).toContainText(
    'come with a 7-day money-back guarantee',
  );
  // English first: visiting /ar/ makes Arabic the remembered language.
  for (const locale of ['en', 'ar'] as Locale[]) {
    const response = await page.goto(localizePath(locale, '/promotion'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-promotion-state="ended"]')).toBeVisible();
    await expect(page.locator('[role="timer"]')).toHaveCount(0);
    await expect(page.locator('a[href*="/pricing/checkout/"]')).toHaveCount(0);
    await expect(page.locator('[data-promotion-state="ended"] a')).toHaveAttribute(
      'href',
      localizePath(locale, '/pricing'),
    );
  }
  await page.locator('[data-promotion-state="ended"] a').click();
  await expect(page).toHaveURL(/\/ar\/pricing$/);
});

test('money-back guarantee: signed-in buyers are sent to their account to ask', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  await page.goto('/money-back-guarantee');
  await expect(
    page.getByRole('link', { name: 'Request a refund from your account' }),
  ).toHaveAttribute('href', '/myAccount');
  await expect(page.getByText('reportaproblem.apple.com')).toBeVisible();
});

for (const locale of ['en', 'ar'] as Locale[]) {
  test(`no serious axe issue and no sideways scrolling at 375 px: ${locale} /gift-card and /myAccount`, async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, { width: 375, height: 800 });
    await page.goto(localizePath(locale, '/gift-card'));
    await expect(page.locator('[data-area="gift-redeem"]')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // With a purchase, so the subscription and the history table are checked too.
    await signInDemo(context);
    await buyPlanAsDemo(context);
    await page.goto(localizePath(locale, '/myAccount'));
    await expect(page.locator('[data-area="payment-history"]')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousAxeViolations(page);
  });
}
