// New-user journeys, each walked from its first page to its last in a real browser, in English
// and Arabic at 375 and 1280 px: buy a plan; cancel at PayPal and buy again; redeem a gift card
// for a new email; sign in with a wrong then the right password (once with the keyboard alone,
// checking at every Tab stop that nothing covers the focused element); reset a password with a
// wrong then the right code; switch language on a search and on a login redirect.
//
// The server is this file's own, started the way a newcomer starts it on another port: no
// SITE_URL (its default follows PORT, http://localhost:<port>), opened under another name
// (http://127.0.0.1:<port>), so the sandbox's approval page and its same-origin check must work
// on the address the buyer uses. Mail goes to a real SMTP server of the test's.
//
// The last step of every journey is kept as a screenshot (an attachment of the test, under
// test-results/): they are looked at before a change to these flows is called done.
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import {
  chooseEssentialCookies,
  codeMailedTo,
  demoAccount,
  expectHydrated,
  expectNoSidewaysScroll,
  messageOf,
  type ProductionServer,
  startSpecServer,
} from './helpers';

const msg = messageOf;

let smtp: TestSmtpServer | undefined;
let server: ProductionServer | undefined;
const contexts: BrowserContext[] = [];

test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startTestSmtpServer();
  const smtpUrl = smtp.url;
  // SITE_URL empty: the server's default (http://localhost:<its port>), not the name we open.
  server = await startSpecServer(() => ({ SMTP_URL: smtpUrl, SITE_URL: '' }));
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

function baseUrl(): string {
  if (!server) throw new Error('the server runs only inside tests');
  return server.baseUrl;
}

interface View {
  locale: Locale;
  width: number;
}
const height = (width: number) => (width < 640 ? 740 : 800);

/** A new browser at the view's size; `consent` stores a cookie choice first (no banner). */
async function open(browser: Browser, view: View, consent = true) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: view.width, height: height(view.width) },
  });
  contexts.push(context);
  if (consent) await chooseEssentialCookies(context, baseUrl());
  return { context, page: await context.newPage() };
}

async function keepLastStep(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

let counter = 0;
const newEmail = (who: string) => `${who}-${Date.now()}-${++counter}@example.com`;

/** The 6-digit code of the next mail to `email`. */
function codeFor(email: string): Promise<string> {
  if (!smtp) throw new Error('the mail server runs only inside tests');
  return codeMailedTo(smtp, email);
}

/**
 * A purchase made through the API in a browser of its own (checkout, the sandbox's Pay form with
 * the site's Origin, capture): a gift card, or a plan that makes an account for `email`.
 */
async function paidThroughApi(browser: Browser, kind: 'plan' | 'gift', email: string) {
  const { context } = await open(browser, { locale: 'en', width: 1280 });
  const started = await context.request.post('/api/mms/payment/v1/web/checkout', {
    headers: { 'app-type': '502' },
    data: { plan_id: 'p12m', kind, email },
  });
  expect(started.status()).toBe(201);
  const order = ((await started.json()) as { data: { order_id: string; approve_url: string } })
    .data;
  const approve = await context.request.post(`${order.approve_url}/approve`, {
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(approve.status()).toBe(303);
  const captured = await context.request.post(
    `/api/mms/payment/v1/web/checkout/${order.order_id}/capture`,
    { headers: { 'app-type': '502' } },
  );
  expect(captured.status()).toBe(200);
  return ((await captured.json()) as { data: { gift_code: string | null } }).data;
}

/** "Continue to PayPal" on a checkout page; answers the sandbox tab it opens. */
async function continueToPayPal(page: Page, locale: Locale): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: msg(locale, 'Checkout.continue') }).click();
  const paypal = await popup;
  await paypal.waitForLoadState();
  // On the address the buyer uses, whatever SITE_URL says.
  expect(new URL(paypal.url()).origin).toBe(baseUrl());
  await expect(
    paypal.getByRole('heading', { name: /^Sandbox (payment|subscription)$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: msg(locale, 'Checkout.waitingTitle') }),
  ).toBeVisible();
  return paypal;
}

/** Pays in the sandbox tab and lets its return page finish before the tab is closed. */
async function payAndClose(paypal: Page) {
  await paypal.getByRole('button', { name: /^Pay / }).click();
  await paypal.waitForURL(/\/(paystatus\/web\?order=|paySuc|login\?redirect=)/);
  // A tab closed while its capture is on the way loses the session cookie it brings.
  await paypal.waitForLoadState('networkidle');
  await paypal.close();
}

/** The checkout tab reaches /paySuc by itself or after "Completed". */
async function reachPaySuc(page: Page, locale: Locale) {
  const byItself = await page
    .waitForURL(/\/paySuc\?order=/, { timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!byItself)
    await page.getByRole('button', { name: msg(locale, 'Checkout.completed') }).click();
  await page.waitForURL(/\/paySuc\?order=/);
  await expect(
    page.getByRole('heading', { level: 1, name: msg(locale, 'Pages.paySuc.heading') }),
  ).toBeVisible();
}

/** Chooses a password on the success page of a new account's first purchase. */
async function setFirstPassword(page: Page, locale: Locale, password: string) {
  await page.getByLabel(msg(locale, 'Auth.newPassword'), { exact: true }).fill(password);
  await page.getByLabel(msg(locale, 'Auth.confirmPassword')).fill(password);
  await page.getByRole('button', { name: msg(locale, 'Account.setPassword') }).click();
}

// Each journey runs in two views; between them, every journey meets both languages and every
// language both widths.
const viewsA: View[] = [
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 375 },
];
const viewsB: View[] = [
  { locale: 'en', width: 375 },
  { locale: 'ar', width: 1280 },
];
const label = (view: View) => `${view.locale} at ${view.width} px`;

for (const view of viewsA) {
  test(`buy a plan (${label(view)}): pricing → checkout → PayPal → paid → password`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { locale } = view;
    const { page } = await open(browser, view);
    await page.goto(localizePath(locale, '/pricing'));
    const plan = page.locator('[data-plan="p12m"]');
    await plan.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/pricing/checkout/p12m')}$`));
    const email = newEmail(`buy-${locale}`);
    await page.getByLabel(msg(locale, 'Checkout.email')).fill(email);
    const paypal = await continueToPayPal(page, locale);
    await payAndClose(paypal);
    await reachPaySuc(page, locale);
    await expect(page.locator('main')).toContainText(email);
    await expectNoSidewaysScroll(page);

    await setFirstPassword(page, locale, 'Bought-pass1!');
    await expect(
      page.getByRole('heading', { name: msg(locale, 'Account.setPassword') }),
    ).toBeHidden();
    await keepLastStep(page, testInfo, `buy-${locale}-${view.width}`);
  });
}

for (const view of viewsB) {
  test(`cancel and buy again (${label(view)}): PayPal's cancel, then a purchase`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { locale } = view;
    const { page } = await open(browser, view);
    await page.goto(localizePath(locale, '/pricing/checkout/p1m'));
    const email = newEmail(`again-${locale}`);
    await page.getByLabel(msg(locale, 'Checkout.email')).fill(email);
    let paypal = await continueToPayPal(page, locale);
    await paypal.getByRole('button', { name: 'Cancel and return' }).click();
    await paypal.waitForURL(/\/paystatus\/web\?order=.*cancel=1/);
    // The return page cancels the order and tells the checkout tab; closed before it ran, the
    // checkout tab would only hear that the buyer is back and keep waiting.
    await paypal.waitForLoadState('networkidle');
    await paypal.close();
    // The checkout tab learns it by itself and offers the plans again.
    await expect(page.locator('[data-status]')).toContainText(
      msg(locale, 'Checkout.cancelled').split('.')[0] ?? '',
    );
    await expect(
      page.getByRole('button', { name: msg(locale, 'Checkout.continue') }),
    ).toBeVisible();
    // What the buyer typed is still there.
    await expect(page.getByLabel(msg(locale, 'Checkout.email'))).toHaveValue(email);

    paypal = await continueToPayPal(page, locale);
    await payAndClose(paypal);
    await reachPaySuc(page, locale);
    await expectNoSidewaysScroll(page);
    await keepLastStep(page, testInfo, `cancel-again-${locale}-${view.width}`);
  });
}

for (const view of viewsA) {
  test(`redeem a gift card for a new email (${label(view)})`, async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const { locale } = view;
    // A gift card bought in another browser (the buyer's journey is gift-and-account.spec.ts).
    const gift = (await paidThroughApi(browser, 'gift', newEmail('gift-buyer'))).gift_code;
    expect(gift).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const friend = newEmail(`gift-${locale}`);
    const { page } = await open(browser, view);
    await page.goto(localizePath(locale, '/gift-card'));
    const redeem = page.locator('[data-area="gift-redeem"]');
    await expectHydrated(redeem.locator('form'));
    await redeem.locator('#gift-code').fill(gift ?? '');
    await redeem.locator('#redeem-email').fill(friend);
    await redeem.getByRole('button', { name: msg(locale, 'GiftCard.redeem') }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/redeem-suc')}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: msg(locale, 'Pages.redeemSuc.heading') }),
    ).toBeVisible();
    await expect(page.locator('[data-area="redeemed"]')).toContainText(friend);

    await setFirstPassword(page, locale, 'Gifted-pass1!');
    await expect(
      page.getByRole('heading', { name: msg(locale, 'Account.setPassword') }),
    ).toBeHidden();
    await expectNoSidewaysScroll(page);
    await keepLastStep(page, testInfo, `gift-${locale}-${view.width}`);
  });
}

/** Wrong then right password on the login form; ends on the account page. */
for (const view of viewsB) {
  test(`sign in with a wrong then the right password (${label(view)})`, async ({
    browser,
  }, testInfo) => {
    const { locale } = view;
    const { page } = await open(browser, view);
    await page.goto(localizePath(locale, '/myAccount'));
    // Not signed in: the account page sends to the login with the way back.
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const form = page.locator('form').filter({ has: page.locator('#password') });
    await expectHydrated(form);
    await page.locator('#email').fill(demoAccount.email);
    await page.locator('#password').fill('Wrong-pass1!');
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText(msg(locale, 'ApiErrors.40101'));
    await page.locator('#password').fill(demoAccount.password);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/myAccount')}$`));
    await expect(page.locator('[data-area="subscription"]')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepLastStep(page, testInfo, `sign-in-${locale}-${view.width}`);
  });
}

interface FocusCheck {
  tag: string;
  text: string;
  /** What sits on the focused element's centre when something else does. */
  coveredBy: string | null;
}

/** The focused element, and whether anything covers it, once scrolling has settled. */
function focusCheck(page: Page): Promise<FocusCheck | null> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    const name = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    // The centre of the part of the element inside the viewport.
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    let coveredBy: string | null = null;
    if (right <= left || bottom <= top) {
      coveredBy = 'outside the viewport';
    } else {
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      const own = hit && (hit === element || element.contains(hit) || hit.contains(element));
      // A label or wrapper of the field (clicking it reaches the field) is the field's own.
      const labelOf = hit?.closest('label')?.control === element;
      if (!own && !labelOf) coveredBy = hit ? name(hit) : 'nothing hit-testable';
    }
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
      coveredBy,
    };
  });
}

/** Tabs until `done` holds for the focused element, checking every stop on the way. */
async function tabUntil(page: Page, what: string, done: () => Promise<boolean>) {
  for (let stop = 0; stop < 120; stop++) {
    await page.keyboard.press('Tab');
    const focus = await focusCheck(page);
    if (focus) {
      expect(
        focus.coveredBy,
        `Tab stop ${stop + 1} (${focus.tag} "${focus.text}") is covered`,
      ).toBe(null);
    }
    if (await done()) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

test('keyboard alone (ar at 375 px): banner, menu, login with a wrong then the right password', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const locale: Locale = 'ar';
  // A first visit: the cookie banner is up, and is answered with the keyboard too.
  const { page } = await open(browser, { locale, width: 375 }, false);
  await page.goto(localizePath(locale, '/'));
  const banner = page.locator('[data-consent-banner]');
  await expectHydrated(banner.getByRole('button').first());
  const essential = banner.getByRole('button', { name: msg(locale, 'Consent.reject') });
  await tabUntil(page, 'the banner', () =>
    essential.evaluate((el) => el === document.activeElement),
  );
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();

  // The phone menu, then its log-in link.
  const menuButton = page.getByRole('button', { name: msg(locale, 'Nav.openMenu') });
  await tabUntil(page, 'the menu button', () =>
    menuButton.evaluate((el) => el === document.activeElement),
  );
  await page.keyboard.press('Enter');
  const login = page.locator('header').getByRole('link', { name: msg(locale, 'Nav.login') });
  await tabUntil(page, 'the log-in link', () =>
    login
      .first()
      .evaluate((el) => el === document.activeElement)
      .catch(() => false),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/login')}`));
  const form = page.locator('form').filter({ has: page.locator('#password') });
  await expectHydrated(form);

  const email = page.locator('#email');
  await tabUntil(page, 'the email field', () =>
    email.evaluate((el) => el === document.activeElement),
  );
  await page.keyboard.type(demoAccount.email);
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type('Wrong-pass1!');
  await page.keyboard.press('Enter');
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText(msg(locale, 'ApiErrors.40101'));
  // Focus stays in the form, on a field the error concerns, and is not covered.
  await expect(page.locator('#password')).toBeFocused();
  expect((await focusCheck(page))?.coveredBy).toBe(null);

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(demoAccount.password);
  await expect(alert).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/myAccount')}$`));
  await expect(page.locator('[data-area="subscription"]')).toBeVisible();
  await keepLastStep(page, testInfo, 'keyboard-sign-in-ar-375');
});

for (const view of viewsB) {
  test(`switch language on a search and on a login redirect (${label(view)})`, async ({
    browser,
  }, testInfo) => {
    const { locale } = view;
    const other: Locale = locale === 'en' ? 'ja' : 'en';
    const { page } = await open(browser, view);
    const switchTo = async (target: Locale) => {
      const menu = page.locator('footer details');
      await expectHydrated(menu);
      await menu.locator('summary').click();
      const link = menu.locator(`a[hreflang="${target}"]`);
      await link.click();
    };

    await page.goto(localizePath(locale, '/blog/search'));
    const search = page.locator('#blog-search');
    // The blog's scripts start after the first paint: React takes the field over a moment after
    // the load event, and a value typed into it before that would be replaced by its state.
    await expectHydrated(search);
    await search.fill('vpn');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/blog\/search\?q=vpn$/);
    await switchTo(other);
    await expect(page).toHaveURL(new RegExp(`${localizePath(other, '/blog/search')}\\?q=vpn$`));
    await expect(page.locator('#blog-search')).toHaveValue('vpn');

    await page.goto(`${localizePath(locale, '/login')}?redirect=%2FmyAccount`);
    await switchTo(other);
    await expect(page).toHaveURL(
      new RegExp(`${localizePath(other, '/login')}\\?redirect=%2FmyAccount$`),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    // The redirect still works: signing in lands on the account page in the new language.
    const form = page.locator('form').filter({ has: page.locator('#password') });
    await expectHydrated(form);
    await page.locator('#email').fill(demoAccount.email);
    await page.locator('#password').fill(demoAccount.password);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(other, '/myAccount')}$`));
    await keepLastStep(page, testInfo, `switch-${locale}-${view.width}`);
  });
}

// Each on an account of its own, made by a purchase (so no other journey's password changes).
for (const [index, view] of viewsA.entries()) {
  test(`reset a password with a wrong then the right code (${label(view)})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { locale } = view;
    const email = newEmail(`reset-${locale}`);
    await paidThroughApi(browser, 'plan', email);
    const { page } = await open(browser, view);
    await page.goto(localizePath(locale, '/login'));
    await page
      .getByRole('link', { name: msg(locale, 'Auth.forgotPassword') })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/forgetPassword')}$`));
    await expectHydrated(page.locator('main form'));
    await page.getByLabel(msg(locale, 'Auth.email')).fill(email);
    await page.getByRole('button', { name: msg(locale, 'Auth.sendCode') }).click();
    const sent = await codeFor(email);
    const wrong = sent === '000000' ? '111111' : '000000';

    const code = page.getByLabel(msg(locale, 'Auth.code'));
    await code.fill(wrong);
    await page.getByRole('button', { name: msg(locale, 'Auth.verifyCode') }).click();
    await expect(page.locator('#code-error')).toHaveText(msg(locale, 'ApiErrors.40003'));
    await code.fill(sent);
    await expect(page.locator('#code-error')).toHaveCount(0);
    await page.getByRole('button', { name: msg(locale, 'Auth.verifyCode') }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/resetPassword')}$`));

    const password = `Reset-pass${index}!`;
    await page.getByLabel(msg(locale, 'Auth.newPassword'), { exact: true }).fill(password);
    await page.getByLabel(msg(locale, 'Auth.confirmPassword')).fill(password);
    await page.getByRole('button', { name: msg(locale, 'Auth.savePassword') }).click();
    await expect(page.getByRole('status')).toHaveText(msg(locale, 'Auth.resetDone'));

    // The new password signs in.
    await page
      .locator('main')
      .getByRole('link', { name: msg(locale, 'Auth.login') })
      .click();
    const form = page.locator('form').filter({ has: page.locator('#password') });
    await expectHydrated(form);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/myAccount')}$`));
    await expectNoSidewaysScroll(page);
    await keepLastStep(page, testInfo, `reset-${locale}-${view.width}`);
  });
}
