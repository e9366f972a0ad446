// FAQ, legal and information pages (issue 6): content in en and ar without console errors,
// the FAQ accordion and its JSON-LD, the IP check, and axe on every one of these pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { hasType, jsonLdOf, messageOf } from './helpers';

/**
 * Each page with a phrase of its English body text. In Arabic the content is translated: the
 * document must be marked lang="ar" (legal pages also carry the note that the English text is
 * authoritative); pages built from messages only need their heading.
 */
const legalPages = new Set([
  '/policy',
  '/terms-of-service',
  '/cookie-policy',
  '/money-back-guarantee',
]);
const fromMessages = new Set(['/promotion', '/offer']);
const pages: { path: string; text: string }[] = [
  { path: '/faq', text: 'Does Turbo VPN keep logs of what I do?' },
  { path: '/policy', text: 'What we never collect' },
  { path: '/terms-of-service', text: 'Acceptable use' },
  { path: '/cookie-policy', text: 'paypal_token' },
  { path: '/money-back-guarantee', text: 'Purchases through app stores and other platforms' },
  { path: '/aboutus', text: 'What we believe' },
  { path: '/press-room', text: 'You may quote this paragraph as it is.' },
  { path: '/what-is-vpn', text: 'What a VPN does not do' },
  { path: '/vpn-benefits', text: 'Safe on public Wi-Fi' },
  { path: '/free-vpn', text: 'How a free VPN can be trustworthy' },
  { path: '/wfh', text: 'A note on company VPNs' },
  { path: '/wfh/pc', text: 'Good habits for working from home' },
  { path: '/tsbox', text: 'Turbo VPN on the big screen' },
  { path: '/what-is-my-ip', text: 'What your IP address reveals' },
  { path: '/promotion', text: 'This offer has ended' },
  { path: '/offer', text: 'Everything in premium' },
];
const locales: Locale[] = ['en', 'ar'];

/** The note on translated legal pages, as the locale's messages word it. */
const authoritative = (locale: Locale) => messageOf(locale, 'Legal.authoritative');

/** Console errors and uncaught exceptions while the page is open. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const locale of locales) {
  for (const { path, text } of pages) {
    const url = localizePath(locale, path);

    test(`${url} shows its content without console errors`, async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), `GET ${url}`).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const body = page.locator('main');
      if (locale !== 'en' && legalPages.has(path)) {
        await expect(body.locator('[data-authoritative]')).toHaveText(authoritative(locale));
        await expect(body.locator(`article [lang="${locale}"]`).first()).toBeVisible();
        await expect(body.locator('[lang="en"]')).toHaveCount(0);
      } else if (locale !== 'en') {
        if (!fromMessages.has(path))
          await expect(body.locator(`[lang="${locale}"]`).first()).toBeVisible();
      } else if (path === '/faq') {
        await expect(body.locator('summary', { hasText: text })).toBeVisible();
      } else {
        await expect(body.getByText(text, { exact: false }).first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      expect(errors, `console errors on ${url}`).toEqual([]);
    });

    test(`${url} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(url, { waitUntil: 'load' });
      if (path === '/what-is-my-ip') {
        await expect(page.locator('[data-state]')).toBeVisible();
      }
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `axe on ${url}`).toEqual([]);
    });
  }
}

test('the FAQ has 19 entries and matching FAQPage JSON-LD', async ({ page, request }) => {
  for (const locale of locales) {
    const url = localizePath(locale, '/faq');
    const html = await (await request.get(url)).text();
    const faq = jsonLdOf(html).find((node) => hasType(node, 'FAQPage'));
    expect(faq, `FAQPage JSON-LD on ${url}`).toBeDefined();
    const questions = (faq?.mainEntity ?? []) as Record<string, unknown>[];
    expect(questions).toHaveLength(19);
    for (const question of questions) {
      expect(hasType(question, 'Question')).toBe(true);
      expect(typeof question.name === 'string' && question.name.length > 5).toBe(true);
      const answer = question.acceptedAnswer as Record<string, unknown>;
      expect(hasType(answer, 'Answer')).toBe(true);
      expect(typeof answer.text === 'string' && answer.text.length > 20).toBe(true);
    }
    await page.goto(url);
    await expect(page.locator('main details')).toHaveCount(19);
    const names = await page.locator('main summary').allTextContents();
    expect(names.map((name) => name.trim())).toEqual(questions.map((q) => q.name));
  }
});

test('the FAQ accordion works by keyboard', async ({ page }) => {
  await page.goto('/faq');
  const first = page.locator('main details').first();
  const second = page.locator('main details').nth(1);
  const answer = first.locator('p').first();
  await expect(answer).toBeHidden();
  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(first).not.toHaveAttribute('open', '');
  // Tab skips the closed answer and reaches the next question, which Space opens.
  await page.keyboard.press('Tab');
  await expect(second.locator('summary')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('open', '');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('FAQ answers still open', async ({ page }) => {
    await page.goto('/faq');
    const first = page.locator('main details').first();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('p').first()).toBeVisible();
  });
});

test('what-is-my-ip shows the address the site sees, or an honest error', async ({ page }) => {
  await page.goto('/what-is-my-ip');
  const state = page.locator('[data-state]');
  await expect(state).toBeVisible();
  if ((await state.getAttribute('data-state')) === 'result') {
    await expect(state.getByText('IP address')).toBeVisible();
    await expect(state.getByText(/^(Exposed|Protected)$/)).toBeVisible();
  } else {
    await expect(state.getByText('We could not look up your IP address right now.')).toBeVisible();
    await expect(state.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
});

test('what-is-my-ip shows its error state when the lookup fails', async ({ page }) => {
  await page.route('**/api/mms/account/v1/geo_info', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 503, message: 'Service temporarily unavailable' }),
    }),
  );
  await page.goto('/ar/what-is-my-ip');
  await expect(page.locator('[data-state="error"]')).toBeVisible();
  await page.unroute('**/api/mms/account/v1/geo_info');
  await page.route('**/api/mms/account/v1/geo_info', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 200,
        message: 'ok',
        data: {
          country: 'Germany',
          user_ip: '203.0.113.24',
          country_code: 'DE',
          is_exposed: true,
          location: { city: 'Berlin' },
        },
      }),
    }),
  );
  await page.locator('[data-state="error"] button').click();
  const result = page.locator('[data-state="result"]');
  await expect(result).toBeVisible();
  await expect(result.getByText('203.0.113.24')).toBeVisible();
  await expect(result.getByText('Germany')).toBeVisible();
});
