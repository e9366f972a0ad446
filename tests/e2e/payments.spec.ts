import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { type Locale, localizePath } from '../../src/lib/locales';
import {
  demoAccount,
  expectNoSeriousAxeViolations,
  hasType,
  jsonLdOf,
  ownServer,
  signInDemo,
} from './helpers';

const demo = demoAccount;
const paymentApi = '/api/mms/payment/v1';

const own = ownServer();
const openPage = own.openPage;

/** "Continue to PayPal" and the new tab it opens (the sandbox approval page). */
async function continueToPayPal(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  const paypal = await popup;
  await paypal.waitForLoadState();
  await expect(
    paypal.getByRole('heading', { name: /^Sandbox (payment|subscription)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete the payment on PayPal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Completed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  return paypal;
}

/** The checkout tab reaches /paySuc by itself (the return page told it) or after Completed. */
async function reachPaySuc(page: Page): Promise<'by itself' | 'after Completed'> {
  const byItself = await page
    .waitForURL(/\/paySuc\?order=/, { timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!byItself) await page.getByRole('button', { name: 'Completed' }).click();
  await page.waitForURL(/\/paySuc\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible();
  return byItself ? 'by itself' : 'after Completed';
}

const displayDate = /^\d{4}-\d{2}-\d{2} (AM|PM) \d{2}:\d{2}:\d{2}$/;

test('pricing: four plans from the catalogue, the 24-month plan recommended at 4.17', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  const response = await page.goto('/pricing');
  expect(response?.status()).toBe(200);
  const cards = page.locator('[data-plan]');
  await expect(cards).toHaveCount(4);
  const best = page.locator('[data-plan="p24m"]');
  await expect(best).toHaveAttribute('data-selected', 'true');
  await expect(best).toContainText('Best value');
  await expect(best).toContainText('Save 65%');
  await expect(best.locator('[data-price="monthly"]')).toHaveText('$4.17');
  await expect(best.locator('[data-price="total"]')).toHaveText('$99.99 for 24 months');
  await expect(best.getByRole('link', { name: 'Get 24 months' })).toHaveAttribute(
    'href',
    '/pricing/checkout/p24m',
  );
  await expect(page.getByRole('heading', { name: '30-day money-back guarantee' })).toBeVisible();
  await expect(page.getByText('Prices in USD.')).toBeVisible();
  const compare = page.getByRole('table', { name: 'Free and premium compared' });
  await expect(compare.locator('[data-row="ads"]')).toContainText('Shows ads');
  await expect(compare.locator('[data-row="kill-switch"]')).toContainText('Not included');
  await expect(compare.locator('[data-row="apps"]')).toContainText(
    'Windows, macOS, Android and iOS',
  );
  await expect(page.getByRole('link', { name: 'All questions' })).toHaveAttribute('href', '/faq');
  const ld = jsonLdOf(await page.content());
  const product = ld.find((node) => hasType(node, 'Product'));
  expect(product?.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '4.17' });
  expect(product?.aggregateRating).toMatchObject({ '@type': 'AggregateRating' });

  // `?plan=` preselects another plan; the cards stay plain links (no client script needed).
  await page.goto('/pricing?plan=p6m');
  await expect(page.locator('[data-plan="p6m"]')).toHaveAttribute('data-selected', 'true');
  await expect(page.locator('[data-plan="p24m"]')).not.toHaveAttribute('data-selected', 'true');
});

test('new buyer: pricing → checkout → PayPal tab → paid → password → account', async ({
  browser,
}) => {
  const { page } = await openPage(browser);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Get 24 months' }).click();
  await expect(page).toHaveURL(/\/pricing\/checkout\/p24m$/);
  await expect(page.getByRole('radio', { name: /^24 months/ })).toBeChecked();

  // The spec's email texts, before anything is sent.
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page.getByText('Please Enter Email')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page.getByText('! Invalid Email provide')).toBeVisible();

  // Before leaving for PayPal: what is charged today, that it renews, when, and for what.
  const terms = page.locator('[data-renewal-terms]');
  await expect(terms).toContainText('You pay $99.99 today.');
  await expect(terms).toContainText('renews automatically on ');
  await expect(terms).toContainText('for a further 12 months at $50.00');
  await expect(terms).toContainText('turn it off at any time in your account');

  const email = `buyer-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  const paypal = await continueToPayPal(page);
  // The sandbox's approval page states the subscription's terms too.
  await expect(paypal.getByText('50.00 USD every year')).toBeVisible();
  await paypal.getByRole('button', { name: /^Pay 99\.99 USD/ }).click();
  // PayPal returns to /paystatus/web; without a session yet, the protected group sends this
  // buyer to the login page there (the checkout tab completes the payment instead).
  await paypal.waitForURL(/\/(paystatus\/web\?order=|login\?redirect=%2Fpaystatus%2Fweb)/);
  test
    .info()
    .annotations.push({ type: 'return page', description: new URL(paypal.url()).pathname });
  const how = await reachPaySuc(page);
  test.info().annotations.push({ type: 'checkout tab reached /paySuc', description: how });

  const details = page.locator('dl');
  await expect(details.locator('[data-row="plan"] dd')).toHaveText('24 months');
  await expect(details.locator('[data-row="amount"] dd')).toHaveText('$99.99');
  await expect(details.locator('[data-row="email"] dd')).toHaveText(email);
  await expect(details.locator('[data-row="until"] dd')).toHaveText(displayDate);

  // The set-password step (the capture made this account), then the ways on.
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Chosen-pass1!');
  await page.getByLabel('Confirm the new password').fill('Chosen-pass1!');
  await page.getByRole('button', { name: 'Set a password' }).click();
  await expect(page.getByText(`Your password is set. Use it with ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  const mine = await page.request.get(`${paymentApi}/web/subscription_my`, {
    headers: { 'app-type': '502' },
  });
  expect(mine.status()).toBe(200);
  const { data } = (await mine.json()) as {
    data: { is_premium: boolean; history: { label: string }[] };
  };
  expect(data.is_premium).toBe(true);
  expect(data.history.map((entry) => entry.label)).toContain('Paid');

  // The purchase's receipt, downloaded from the history as a PDF that says what was bought.
  const receiptLink = page.getByRole('link', { name: /^Download receipt R-\d{6} as a PDF$/ });
  const download = page.waitForEvent('download');
  await receiptLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^turbovpn-R-\d{6}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await file.path()) ?? '')));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('Turbo VPN Premium: 24 months');
  expect(text).toContain(email);
  expect(text).toContain('$99.99');

  // Auto-renewal, turned off with one click and one confirmation.
  const renewal = page.locator('[data-auto-renew]');
  await expect(renewal).toContainText('On. Your plan renews on');
  await expect(renewal).toContainText('$50.00');
  await renewal.getByRole('button', { name: 'Turn off auto-renewal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off auto-renewal?' });
  await expect(dialog).toContainText('You will not be charged again.');
  await expect(dialog.getByRole('button', { name: 'Keep auto-renewal' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(renewal).toContainText('Off. Your premium ends on');
  await expect(renewal.getByRole('button', { name: 'Turn off auto-renewal' })).toHaveCount(0);
  await expect(page.locator('dd[data-status]')).toHaveText('Ends on its date');

  // And back on: approved at PayPal (the sandbox), nothing charged before the paid end.
  await renewal.getByRole('button', { name: 'Turn auto-renewal on' }).click();
  const onDialog = page.getByRole('dialog', { name: 'Turn auto-renewal back on?' });
  await expect(onDialog).toContainText('nothing is charged before that date');
  await expect(onDialog).toContainText('$50.00');
  await onDialog.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox subscription' })).toBeVisible();
  await page.getByRole('button', { name: /^(Pay|Subscribe|Agree)/ }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(renewal).toContainText('On. Your plan renews on');
  await expect(page.locator('dd[data-status]')).toHaveText('Active');
});

test('Cancel in the checkout tab goes back to the plan choice', async ({ browser }) => {
  const { page } = await openPage(browser);
  await page.goto('/pricing/checkout/p6m');
  await page.getByLabel('Email').fill(`cancel-${Date.now()}@example.com`);
  const paypal = await continueToPayPal(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The payment was cancelled. Nothing was charged.')).toBeVisible();
  await expect(page.locator('[data-status]')).toBeFocused();
  await expect(page.getByRole('radio', { name: /^6 months/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Continue to PayPal' })).toBeVisible();
  await expect.poll(() => paypal.isClosed()).toBe(true);
});

test('signed in: PayPal’s cancel returns to the status page; a purchase moves the tab on by itself', async ({
  browser,
}) => {
  const { context, page } = await openPage(browser);
  await signInDemo(context);
  await page.goto('/pricing/checkout/p12m');
  await expect(page.getByText(`Signed in as ${demo.email}`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);

  let paypal = await continueToPayPal(page);
  await paypal.getByRole('button', { name: 'Cancel and return' }).click();
  await paypal.waitForURL(/\/paystatus\/web\?order=.*cancel=1/);
  await expect(paypal.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(paypal.getByRole('link', { name: 'Back to plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(page.getByText('The payment was cancelled.')).toBeVisible();
  await paypal.close();

  // A purchase: the return page captures and hands over to this tab, which goes on by itself.
  await page.getByRole('radio', { name: /^1 month\b/ }).check();
  await expect(page).toHaveURL(/\/pricing\/checkout\/p1m$/);
  paypal = await continueToPayPal(page);
  await paypal.getByRole('button', { name: /^Pay 11\.99 USD/ }).click();
  await paypal.waitForURL(/\/paystatus\/web\?order=/);
  await expect(paypal.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(paypal.getByText('You can close this tab now.')).toBeVisible();
  await page.waitForURL(/\/paySuc\?order=/);
  await expect(page.locator('[data-row="plan"] dd')).toHaveText('1 month');
  // An account with a password gets no set-password step.
  await expect(page.getByRole('heading', { name: 'Set a password' })).toHaveCount(0);

  // The same plan again while it runs: the spec's message, inline.
  await page.goto('/pricing/checkout/p1m');
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(
    page.getByText('The plan had purchased. You can upgrade the new plan.'),
  ).toBeVisible();
  // Shown once: inline, not also as a toast.
  await expect(page.getByText('The plan had purchased.', { exact: false })).toHaveCount(1);

  // A plan that renews: the checkout says how to change it from the renewal instead of paying
  // now, and the account page does it, approved at PayPal (the sandbox), nothing charged.
  const note = page.locator('[data-renewing-note]');
  await expect(note).toContainText('Your current plan renews automatically on');
  await note.getByRole('link', { name: 'change your plan in your account' }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  const renewal = page.locator('[data-auto-renew]');
  await expect(renewal).toContainText('$11.99');
  await renewal.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your plan' });
  await expect(dialog).toContainText('nothing is charged before that date');
  // One choice per renewal period, the cheapest: 12 months renew at $50.00, not $69.99.
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByRole('radio', { name: '12 months: $50.00 per renewal' }).check();
  await expect(dialog.locator('[data-plan-change-terms]')).toContainText(
    'your plan renews for $50.00 every 12 months',
  );
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox plan change' })).toBeVisible();
  await page.getByRole('button', { name: 'Agree to the new plan' }).click();
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(renewal).toContainText('your plan changes to 12 months for $50.00');
  await expect(renewal).toContainText('On. Your plan renews on');
  const history = await page.request.get(`${paymentApi}/web/subscription_my`, {
    headers: { 'app-type': '502' },
  });
  const mine = (await history.json()) as { data: { history: { kind: string }[] } };
  expect(mine.data.history.filter((entry) => entry.kind === 'renewal')).toHaveLength(0);
});

test('an email that already has a password is sent to log in first', async ({ browser }) => {
  const { page } = await openPage(browser);
  await page.goto('/pricing/checkout/p24m');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(
    page.getByText('This email already has an account. Log in to continue.'),
  ).toBeVisible();
  const login = page.getByRole('link', { name: 'Log in to buy' });
  await expect(login).toHaveAttribute('href', '/login?redirect=%2Fpricing%2Fcheckout%2Fp24m');
  await login.click();
  // The checkout form has an Email field too: fill only once the login page is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Turbo VPN' })).toBeVisible();
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/pricing\/checkout\/p24m$/);
  await expect(page.getByText(`Signed in as ${demo.email}`)).toBeVisible();
});

test('Windows app: /win-pay/native with a one-time code, PayPal in the same window, result page', async ({
  browser,
  playwright,
}) => {
  // The app signs in as itself (app-type 401, Windows) and asks for a one-time code.
  const windowsApp = { 'app-type': '401' };
  const app = await playwright.request.newContext({ baseURL: own.baseUrl() });
  const login = await app.post('/api/mms/account/v1/web/login', {
    headers: windowsApp,
    data: { username: demo.email, password: demo.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const newCode = async () => {
    const answer = await app.post('/api/mms/account/v1/web/login/handoff', {
      headers: { ...windowsApp, authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { data: { code: string } }).data.code;
  };

  const { page } = await openPage(browser);
  await page.goto('/win-pay');
  await expect(
    page.getByText('Open this page from the Turbo VPN app for Windows to upgrade to premium.'),
  ).toBeVisible();
  // Session tokens in the address are not read any more (another path: a real page load).
  await page.goto(`/win-pay/native#token=${token}`);
  await expect(
    page.getByText('Open this page from the Turbo VPN app for Windows to upgrade to premium.'),
  ).toBeVisible();

  // A used code signs nobody in: the page says to open it again from the app.
  const spent = await newCode();
  const exchanged = await app.post('/api/mms/account/v1/web/login/handoff/exchange', {
    headers: { 'app-type': '502' },
    data: { code: spent },
  });
  expect(exchanged.status()).toBe(200);
  await page.goto(`/win-pay?code=${spent}`);
  await expect(
    page.getByText('Your sign-in has expired. Open this page again from the app.'),
  ).toBeVisible();
  expect(page.url()).not.toContain(spent);

  const code = await newCode();
  await page.goto(`/win-pay/native?code=${code}`);
  await expect(page.getByText(`Signed in as ${demo.email}`)).toBeVisible();
  expect(page.url()).not.toContain(code);
  expect(new URL(page.url()).pathname).toBe('/win-pay/native');
  await page.getByRole('radio', { name: /^6 months/ }).check();
  await page.getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/win-pay-result\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('You can return to the app now.')).toBeVisible();
  await expect(page.locator('time')).toHaveText(displayDate);

  const mine = await app.get(`${paymentApi}/web/subscription_my`, {
    headers: { ...windowsApp, authorization: `Bearer ${token}` },
  });
  const { data } = (await mine.json()) as {
    data: { history: { label: string; plan_id: string }[] };
  };
  expect(data.history.some((entry) => entry.plan_id === 'p6m' && entry.label === 'Paid')).toBe(
    true,
  );
  await app.dispose();
});

for (const locale of ['en', 'ar'] as Locale[]) {
  for (const path of ['/pricing', '/pricing/checkout']) {
    const url = localizePath(locale, path);
    test(`no serious axe issue and no sideways scrolling at 375 px: ${url}`, async ({
      browser,
    }) => {
      const { page } = await openPage(browser, { width: 375, height: 800 });
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await expectNoSeriousAxeViolations(page, url);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
