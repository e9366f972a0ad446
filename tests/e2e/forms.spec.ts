// The public forms in the browser: validation messages before sending, the success state,
// campaign links, newsletter link landings, /redirect's allowlist and axe on every form page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { localizePath } from '../../src/lib/locales';
import { locationOf } from './helpers';

// Each run sends from its own addresses, so the per-email limits never carry over between runs.
const run = Date.now().toString(36);
const email = (who: string) => `${who}-${run}@example.com`;

// A stored cookie choice keeps the consent banner (the tracking issue's) from covering the forms;
// the campaign test makes the choice itself.
test.beforeEach(async ({ context, baseURL }, testInfo) => {
  if (testInfo.title.includes('remembered')) return;
  await context.addCookies([{ name: 'cookie_consent', value: 'essential', url: baseURL ?? '' }]);
});

async function submit(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}

test.describe('contact form', () => {
  test('shows the spec’s messages, focuses the first invalid field, then succeeds', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await submit(page, 'Send message');
    await expect(page.getByText('Please Enter Email', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter your name', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter your inquiry', { exact: true })).toBeVisible();
    await expect(page.locator('main').getByLabel('Email')).toBeFocused();
    await expect(page.locator('main').getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.locator('main').getByLabel('Email').fill('reader@');
    await page.getByLabel('Name').fill('Ana');
    await page.getByLabel('How can we help?').fill('The app does not connect on Wi-Fi.');
    await submit(page, 'Send message');
    await expect(page.getByText('! Invalid Email provide', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid Email provide!', { exact: true })).toBeVisible();
    await expect(page.getByText('Please Enter Email', { exact: true })).toHaveCount(0);

    await page.locator('main').getByLabel('Email').fill(email('contact'));
    await page.getByLabel(/Topic/).selectOption('technical');
    await submit(page, 'Send message');
    const status = page.locator('main').getByRole('status');
    await expect(status).toContainText('Submit success');
    await expect(status).toContainText(email('contact'));
    await expect(status).toBeFocused();
  });
});

test.describe('partner applications', () => {
  test('affiliate: every field is checked, then the application is sent', async ({ page }) => {
    await page.goto('/affiliate-program');
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await submit(page, 'Send application');
    for (const text of [
      'Please enter your name',
      'Please Enter Email',
      'Please add at least one link to your channel',
      'Please tell us about your audience',
      'Please enter your country',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Your name')).toBeFocused();

    await page.getByLabel('Your name').fill('Robin Reviews');
    await page.getByLabel('Email for partnership').fill(email('affiliate'));
    await page.getByLabel('Links to your channels or website').fill('not a link');
    await page.getByLabel('Your audience').fill('A VPN comparison site, 8,000 readers a month');
    await page.getByLabel('Country where you are based').fill('Germany');
    await submit(page, 'Send application');
    await expect(
      page.getByText('Please enter full links that start with https://', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Links to your channels or website')).toBeFocused();

    await page
      .getByLabel('Links to your channels or website')
      .fill('https://reviews.example.com\nhttps://www.youtube.com/@robin');
    await submit(page, 'Send application');
    await expect(page.locator('main').getByRole('status')).toContainText('Submit success');
  });

  test('influencer: ?campaign= is remembered for 45 days and shown with the form', async ({
    page,
    context,
  }) => {
    await page.goto('/influencer?campaign=yt-e2e_1');
    await expect(page.getByText('You arrived through the campaign link “yt-e2e_1”')).toBeVisible();
    // A tracking cookie: nothing is stored before the visitor accepts (local addresses have no
    // country, so the consent banner asks).
    expect((await context.cookies()).some((c) => c.name === 'inf_campaign')).toBe(false);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === 'inf_campaign'))
      .toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'inf_campaign');
    expect(cookie?.value).toBe('yt-e2e_1');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(44.9);
    expect(days).toBeLessThanOrEqual(45);

    // A later visit without the parameter still carries the campaign.
    await page.goto('/influencer');
    await expect(page.getByText('“yt-e2e_1”')).toBeVisible();

    await page.getByLabel('Your name').fill('Sam Creator');
    await page.getByLabel('Email for partnership').fill(email('influencer'));
    await page.getByLabel('Links to your channels or website').fill('https://www.tiktok.com/@sam');
    await page.getByLabel('Your audience').fill('Travel videos, 40,000 followers');
    await page.getByLabel('Country where you are based').fill('Brazil');
    await submit(page, 'Send application');
    await expect(page.locator('main').getByRole('status')).toContainText('Submit success');
  });

  test('influencer: a malformed campaign is ignored', async ({ page, context }) => {
    await page.goto('/influencer?campaign=%3Cscript%3E');
    await expect(page.getByRole('button', { name: 'Send application' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'inf_campaign')).toBe(false);
    await expect(page.getByText('You arrived through the campaign link')).toHaveCount(0);
  });
});

test.describe('newsletter', () => {
  test('validates the address and asks to confirm by email', async ({ page }) => {
    await page.goto('/edmsub');
    await submit(page, 'Subscribe');
    await expect(page.getByText('Please Enter Email', { exact: true })).toBeVisible();
    await page.locator('main').getByLabel('Email').fill('nobody');
    await submit(page, 'Subscribe');
    await expect(page.getByText('! Invalid Email provide', { exact: true })).toBeVisible();
    await page.locator('main').getByLabel('Email').fill(email('newsletter'));
    await submit(page, 'Subscribe');
    const status = page.locator('main').getByRole('status');
    await expect(status).toContainText('Submit success');
    await expect(status).toContainText(`we sent a confirmation link to ${email('newsletter')}`);
  });

  test('shows where a confirmation link led', async ({ page }) => {
    await page.goto('/edmsub?confirmed=1');
    await expect(page.locator('main').getByRole('status')).toHaveText(
      'Your subscription is confirmed. Welcome to the Turbo VPN newsletter!',
    );
    await page.goto('/edmsub?confirmed=0');
    await expect(page.locator('main').getByRole('alert')).toContainText(
      'This confirmation link is invalid',
    );
  });

  test('an unknown confirmation token comes back as a clear error', async ({ page }) => {
    await page.goto(`/api/mms/newsletter/v1/confirm?token=${'A'.repeat(43)}`);
    await expect(page).toHaveURL(/\/edmsub\?confirmed=0$/);
    await expect(page.locator('main').getByRole('alert')).toContainText(
      'This confirmation link is invalid',
    );
  });

  test('the unsubscribe page asks first and reports an unknown link', async ({ page }) => {
    await page.goto(`/edmsub?unsubscribe=${'B'.repeat(43)}`);
    await expect(
      page.getByRole('heading', { name: 'Unsubscribe from the newsletter' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.locator('main').getByRole('alert')).toContainText(
      'This unsubscribe link is not valid',
    );
    await page.goto('/edmsub?unsubscribe=broken');
    await expect(page.locator('main').getByRole('alert')).toContainText(
      'This unsubscribe link is not valid',
    );
  });
});

test.describe('extension uninstall survey', () => {
  test('needs a reason or a comment, then thanks the user', async ({ page }) => {
    await page.goto('/ext/survey?version=3.1.0');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await submit(page, 'Send feedback');
    await expect(
      page.getByText('Please choose a reason or tell us in your own words', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('It did not work or would not connect')).toBeFocused();
    await page.getByLabel('Browsing was too slow').check();
    await page.getByLabel('Anything else you want to tell us?').fill('Video kept buffering.');
    await submit(page, 'Send feedback');
    await expect(page.locator('main').getByRole('status')).toContainText('Submit success');
    await expect(page.getByRole('link', { name: /Get Turbo VPN for Chrome again/ })).toBeVisible();
  });
});

test.describe('/redirect', () => {
  const refused = [
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(document.domain)',
    'https://play.google.com.evil.example/',
    'https://play.google.com@evil.example/',
    'http://play.google.com/store',
  ];
  for (const target of refused) {
    test(`refuses ${target}`, async ({ request }) => {
      for (const param of ['to', 'url']) {
        const url = `/redirect?${param}=${encodeURIComponent(target)}`;
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(200);
        expect(response.headers().location).toBeUndefined();
        expect(await response.text()).toContain('We stopped this link here');
      }
    });
  }

  test('refuses encoded and unencoded variants', async ({ request }) => {
    for (const query of [
      'to=%2F%2Fevil.example',
      'to=%252F%252Fevil.example',
      'to=https%253A%252F%252Fevil.example',
      'to=//evil.example',
      'to=%2F%5Cevil.example',
      'to=java%0Ascript:alert(1)',
      'to=%20javascript:alert(1)',
      'to=JAVASCRIPT:alert(1)',
      'to=https:%2F%2Fevil.example',
    ]) {
      const response = await request.get(`/redirect?${query}`, { maxRedirects: 0 });
      expect(response.status(), query).toBe(200);
      expect(response.headers().location, query).toBeUndefined();
    }
  });

  test('forwards to an allowed store page with a 307, in every locale', async ({ request }) => {
    const target = 'https://play.google.com/store/apps/details?id=free.vpn.example&hl=en';
    for (const path of ['/redirect', localizePath('ar', '/redirect')]) {
      for (const param of ['to', 'url']) {
        const response = await request.get(`${path}?${param}=${encodeURIComponent(target)}`, {
          maxRedirects: 0,
        });
        expect(response.status()).toBe(307);
        expect(locationOf(response)).toBe(target);
      }
    }
  });

  test('the explanation page offers a way on', async ({ page }) => {
    await page.goto('/redirect?to=https%3A%2F%2Fevil.example');
    await expect(page).toHaveURL(/\/redirect\?to=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We stopped this link here');
    await expect(page.getByRole('link', { name: 'Download the apps' })).toBeVisible();
  });
});

test.describe('forms pages: axe and console', () => {
  const pages = [
    '/contact-us',
    '/affiliate-program',
    '/influencer',
    '/edmsub',
    '/ext/survey',
    '/redirect',
  ];
  for (const locale of ['en', 'ar'] as const) {
    for (const path of pages) {
      const url = localizePath(locale, path);
      test(`${url}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        const response = await page.goto(url, { waitUntil: 'load' });
        expect(response?.status(), url).toBe(200);
        // Also audit the error state where the page has a form.
        const button = page.locator('main form button[type="submit"]');
        if ((await button.count()) > 0) {
          await button.click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        }
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious, `axe on ${url}`).toEqual([]);
        expect(errors, `console errors on ${url}`).toEqual([]);
      });
    }
  }
});
