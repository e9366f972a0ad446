// Every blog is first-class in its language: at least the eight evergreen guides in its own
// language, the English posts it has no translation of listed after them and marked as English,
// and a language switch on a post that leads to its translation, or to the post in English
// where there is none: never a 404.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type Locale, locales, localizePath } from '../../src/lib/locales';
import { chooseEssentialCookies, expectHydrated, messageOf } from './helpers';

/** The slug of a post in a locale's content folder, by its translation key. */
function slugOf(locale: Locale, key: string): string | undefined {
  const dir = path.join(process.cwd(), 'content', 'blog', locale);
  for (const file of readdirSync(dir)) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const own = /^translationKey: "?([^"\n]+)"?$/m.exec(source)?.[1];
    const slug = /^slug: "?([^"\n]+)"?$/m.exec(source)?.[1];
    if ((own ?? slug) === key) return slug;
  }
  return undefined;
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('every blog lists at least eight posts in its own language, then marked English ones', async ({
  request,
}) => {
  for (const locale of locales) {
    const list = await request.get(`/ws/mm/v2/blog/list?locale=${locale}&page_size=50`, {
      headers: { 'app-type': '502' },
    });
    const items = ((await list.json()) as { data: { items: { locale: string }[] } }).data.items;
    const own = items.filter((item) => item.locale === locale).length;
    expect(own, `${locale}: posts in its language`).toBeGreaterThanOrEqual(8);
    // Its own first, then the English ones it has no translation of.
    expect(
      items.slice(0, own).every((item) => item.locale === locale),
      locale,
    ).toBe(true);
    expect(
      items.slice(own).every((item) => item.locale === 'en'),
      locale,
    ).toBe(true);

    const messages = {
      noPostsInLocale: messageOf(locale, 'Blog.noPostsInLocale'),
      noPosts: messageOf(locale, 'Blog.noPosts'),
      inEnglish: messageOf(locale, 'Blog.inEnglish'),
    };
    const home = await (await request.get(localizePath(locale, '/blog'))).text();
    expect(home, locale).not.toContain(messages.noPostsInLocale);
    expect(home, locale).not.toContain(messages.noPosts);
    if (locale !== 'en') {
      expect(items.length, `${locale}: English posts listed too`).toBeGreaterThan(own);
      // The archive page after the locale's own posts shows English ones, marked.
      const page = Math.floor(own / 4) + 1;
      const archive = await (
        await request.get(`${localizePath(locale, '/blog/more')}?page=${page}`)
      ).text();
      expect(archive, locale).toContain('data-post-lang="en"');
      expect(archive, locale).toContain(messages.inEnglish);
    }
  }
});

test('the language switcher on a post leads to its translation', async ({ page, request }) => {
  const french = slugOf('fr', 'streaming-while-travelling');
  const german = slugOf('de', 'streaming-while-travelling');
  expect(french && german).toBeTruthy();
  await page.goto(`/fr/blog/${french}`);
  const menu = page.locator('footer details');
  await expectHydrated(menu);
  await menu.locator('summary').click();
  const deutsch = menu.locator('a[hreflang="de"]');
  await expect(deutsch).toHaveAttribute('href', `/de/blog/${german}`);
  expect((await request.get(`/de/blog/${german}`)).status()).toBe(200);
  await deutsch.click();
  await expect(page).toHaveURL(new RegExp(`/de/blog/${german}$`));
  // German text: nothing of the page is marked as English.
  await expect(page.locator('h1')).not.toHaveAttribute('lang', 'en');
  await expect(page.locator('[data-english-only]')).toHaveCount(0);
});

test('a post without a translation opens in English in that language’s blog, marked so', async ({
  page,
}) => {
  // English only: no translation key in the German folder.
  expect(slugOf('de', 'why-streams-buffer')).toBeUndefined();
  const response = await page.goto('/de/blog/why-streams-buffer');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
  await expect(page.locator('[data-english-only]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('a link to a post of another language is sent to this language’s version', async ({
  request,
}) => {
  const french = slugOf('fr', 'streaming-while-travelling');
  const german = slugOf('de', 'streaming-while-travelling');
  const moved = await request.get(`/de/blog/${french}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(307);
  expect(new URL(moved.headers().location ?? '', 'http://x').pathname).toBe(`/de/blog/${german}`);
  // The English slug of a post German has translated goes to the German one too.
  const english = await request.get('/de/blog/streaming-while-travelling', { maxRedirects: 0 });
  expect(new URL(english.headers().location ?? '', 'http://x').pathname).toBe(`/de/blog/${german}`);
});
