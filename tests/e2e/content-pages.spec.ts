// Pages worth reading in every language: the feature and country guides (long enough, with a
// FAQ marked up as FAQPage), the standard plans page the apps link to, and translated legal
// pages that say the English text is authoritative.
import { expect, type Page, test } from '@playwright/test';
import { localizePath } from '../../src/lib/locales';
import {
  chooseEssentialCookies,
  expectNoSeriousAxeViolations,
  hasType,
  jsonLdOf,
  messageOf,
} from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

/** Words of the page's main content as a reader sees it. */
async function wordsOf(page: Page): Promise<number> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not hidden text.
  const text = await page.locator('main').innerText();
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

for (const { url, words } of [
  { url: '/features/automatic-kill-switch', words: 600 },
  { url: '/vpn-server/japan-vpn', words: 400 },
]) {
  test(`${url}: at least ${words} words, a FAQ as FAQPage, in its language`, async ({
    page,
    request,
  }) => {
    await page.goto(url);
    expect(await wordsOf(page)).toBeGreaterThanOrEqual(words);
    const html = await (await request.get(url)).text();
    const faq = jsonLdOf(html).find((node) => hasType(node, 'FAQPage'));
    expect((faq?.mainEntity as unknown[] | undefined)?.length).toBeGreaterThanOrEqual(3);
    await expectNoSeriousAxeViolations(page);

    // The Arabic page carries the Arabic guide, not the English one.
    await page.goto(localizePath('ar', url));
    const guide = page.locator('[data-guide] [lang="ar"]');
    await expect(guide).toBeVisible();
    await expect(page.locator('[data-guide] [lang="en"]')).toHaveCount(0);
    const arabic = jsonLdOf(await (await request.get(localizePath('ar', url))).text()).find(
      (node) => hasType(node, 'FAQPage'),
    );
    expect(arabic?.inLanguage).toBe('ar');
    await expectNoSeriousAxeViolations(page);
  });
}

test('/pricing/standplan: the plans, what premium adds and the guarantee', async ({ page }) => {
  const response = await page.goto('/pricing/standplan');
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-plan]')).toHaveCount(4);
  await expect(page.locator('#compare-title')).toBeVisible();
  await expect(page.locator('main a[href="/money-back-guarantee"]')).toBeVisible();
  await expect(page).toHaveTitle(/Premium plans/);
  await expectNoSeriousAxeViolations(page);
});

for (const locale of ['ar', 'ja', 'de'] as const) {
  test(`${locale} legal pages are in ${locale}, with the authoritative-text note`, async ({
    page,
  }) => {
    for (const url of ['/policy', '/terms-of-service', '/cookie-policy']) {
      await page.goto(localizePath(locale, url));
      await expect(page.locator('[data-authoritative]')).toHaveText(
        messageOf(locale, 'Legal.authoritative'),
      );
      await expect(page.locator(`main article [lang="${locale}"]`).first()).toBeVisible();
      await expect(page.locator('main [lang="en"]')).toHaveCount(0);
    }
  });
}

test('/resetPassword carries its form in the prerendered HTML', async ({ request }) => {
  const html = await (await request.get('/resetPassword')).text();
  for (const id of ['email', 'code', 'password', 'confirm']) {
    expect(html, `#${id}`).toMatch(new RegExp(`<input[^>]+id="${id}"`));
  }
  expect(html).toMatch(/<button[^>]+type="submit"/);
});
