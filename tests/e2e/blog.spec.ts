import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// The blog (issue 5) against the running site and the posts imported from content/blog at start.
import { expect, type Page, test } from '@playwright/test';
import { absolute, hasType, headOf, jsonLdOf, locationOf } from './helpers';

interface Category {
  slug: string;
  name: string;
  posts: number;
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

test('a reader goes from the blog home to a category, its page 2, a post, a tag and search', async ({
  page,
}) => {
  // Eight pages rendered on demand, on a machine shared with other builds.
  test.setTimeout(120_000);
  // A category with more than one page, found through the API the pages use.
  const { page_size: pageSize } = await apiData<{ page_size: number }>(
    page,
    '/ws/mm/v2/blog/list?locale=en',
  );
  const categories = await apiData<Category[]>(
    page,
    '/ws/mm/v2/blog/recommend-categories?locale=en',
  );
  const paged = categories.find((c) => c.posts > pageSize);
  expect(paged, `a category with more than ${pageSize} posts`).toBeDefined();
  const category = paged as Category;

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Turbo VPN blog' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Featured' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest articles' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Browse by topic' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Blog' })
    .getByRole('link', { name: category.name })
    .click();
  await expect(page).toHaveURL(`/blog/category/${category.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(pageSize);

  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(`/blog/category/${category.slug}/page/2`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${category.name}, page 2` }),
  ).toBeVisible();
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  expect(await articles.count()).toBeLessThanOrEqual(pageSize);

  const firstTitle = articles.first().getByRole('heading');
  const title = (await firstTitle.textContent())?.trim() ?? '';
  await firstTitle.getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: category.name }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share this article' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended reading' })).toBeVisible();

  const tagLink = page.getByRole('region', { name: 'Tags' }).getByRole('link').first();
  const tag = ((await tagLink.textContent()) ?? '').replace('#', '').trim();
  await tagLink.click();
  await expect(page).toHaveURL(`/blog/tag/${tag}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Tag: ${tag.replaceAll('-', ' ')}` }),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Every word of the title: the post itself must come first, its title words marked.
  const word = title;
  await page
    .getByRole('navigation', { name: 'Blog' })
    .getByRole('link', { name: 'Search' })
    .click();
  await expect(page).toHaveURL('/blog/search');
  await expect(page.getByRole('heading', { name: 'Popular topics' })).toBeVisible();
  // A search field with suggestions (a datalist) is a combobox.
  await page.getByRole('combobox', { name: 'Search the blog' }).fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/blog\/search\?q=/);
  await expect(page.getByRole('status')).toContainText(`“${word}”`);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: title })).toBeVisible();
  await expect(first.locator('mark').first()).toBeVisible();
});

test('a post page carries its SEO head, structured data, contents and translations', async ({
  request,
}) => {
  const response = await request.get('/blog/how-a-vpn-works');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = headOf(html);
  expect(head.canonical).toBe(absolute('/blog/how-a-vpn-works'));
  expect(head.meta('og:type')).toBe('article');
  expect(head.description?.length).toBeGreaterThan(50);
  // Every language that has a translation of the post (content/blog/<locale>/, by translationKey).
  const translated = readdirSync('content/blog').filter((locale) =>
    readdirSync(path.join('content/blog', locale)).some((file) =>
      readFileSync(path.join('content/blog', locale, file), 'utf8').includes(
        'translationKey: "how-a-vpn-works"',
      ),
    ),
  );
  const languages = head.alternates.map((a) => a.hreflang).sort();
  expect(languages).toEqual([...new Set([...translated, 'en', 'x-default'])].sort());
  expect(head.alternates.find((a) => a.hreflang === 'de')?.href).toBe(
    absolute('/de/blog/wie-ein-vpn-funktioniert'),
  );
  const ld = jsonLdOf(html);
  expect(ld.some((node) => hasType(node, 'BlogPosting'))).toBe(true);
  const crumbs = ld.find((node) => hasType(node, 'BreadcrumbList'));
  expect(crumbs?.itemListElement).toHaveLength(4);
  expect(html).toContain('id="toc-heading"');
  // The cover is a file of public/ under /blog/, served as such (not taken for a post key).
  const cover = /<img[^>]+src="(\/blog\/covers\/[^"]+\.svg)"/.exec(html)?.[1];
  expect(cover, 'a cover image').toBeDefined();
  const image = await request.get(cover ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/svg+xml');
  expect(html).not.toMatch(/<script>alert|onerror=/i);
});

test('unknown posts, tags and pages past the end are real 404 pages', async ({ request }) => {
  for (const path of [
    '/blog/no-such-post',
    '/blog/tag/no-such-tag',
    '/blog/category/privacy/page/99',
    '/blog/category/cooking',
    '/blog/more?page=99',
    '/blog/detail?id=99999999',
    '/de/blog/no-such-post',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    // The full not-found page in the URL's language, not an empty shell.
    expect(html, path).toContain(
      path.startsWith('/de/') ? 'Diese Seite wurde nicht gefunden' : 'This page could not be found',
    );
  }
});

test('/blog/detail?id= moves to the post, and the archive and indexes list everything', async ({
  page,
}) => {
  const post = await apiData<{ id: number; unikey: string }>(
    page,
    '/ws/mm/blog/fast-blog-detail?key=how-a-vpn-works',
  );
  const moved = await page.request.get(`/blog/detail?id=${post.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(locationOf(moved)).toBe('/blog/how-a-vpn-works');

  await page.goto('/blog/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More from the blog' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/blog/more?page=2');

  await page.goto('/blog/tag');
  await expect(page.getByRole('link', { name: /#encryption/ })).toBeVisible();
  await page.goto('/blog/category');
  await expect(page.getByRole('main').getByRole('link', { name: /Privacy/ })).toBeVisible();
});

test('the category list loads on demand', async ({ page }) => {
  await page.goto('/blog');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('recommend-categories')) requests.push(r.url());
  });
  await expect(page.getByText('All topics')).toBeVisible();
  expect(requests).toEqual([]);
  await page.getByText('All topics').click();
  const menu = page.getByRole('navigation', { name: 'Blog' });
  await expect(menu.getByRole('link', { name: /Privacy \d+ articles/ })).toBeVisible();
  expect(requests).toHaveLength(1);
});

test('the category list also loads when opened before the page’s scripts ran', async ({ page }) => {
  // The blog's scripts come after its first paint: hold them until the reader has opened the menu.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_next\/static\/chunks\/[^?]+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not `load`: scripts added before it would hold it.
  await page.goto('/blog', { waitUntil: 'domcontentloaded' });
  await page.getByText('All topics').click();
  release();
  const menu = page.getByRole('navigation', { name: 'Blog' });
  await expect(menu.getByRole('link', { name: /Privacy \d+ articles/ })).toBeVisible();
});

test('Arabic and German readers get their own posts, feed and sitemap entries', async ({
  page,
  request,
}) => {
  await page.goto('/ar/blog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The covers are files of public/, the same for every language: the language cookie that
  // /ar just set must not send them to /ar/blog/covers/…, where there are none.
  const firstCover = page.locator('main img').first();
  await expect
    .poll(() => firstCover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const src = (await firstCover.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/blog\/covers\/.+\.svg$/);
  const cover = await page.request.get(src, { maxRedirects: 0 });
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toContain('image/svg+xml');

  const feed = await request.get('/de/blog/feed');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  const xml = await feed.text();
  expect(xml).toContain('xml:lang="de"');
  expect(xml).toContain(absolute('/de/blog/wie-ein-vpn-funktioniert'));

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(absolute('/blog/how-a-vpn-works'));
  expect(sitemap).toContain(absolute('/es/blog/como-funciona-una-vpn'));
  expect(sitemap).toContain(absolute('/blog/tag/encryption'));
});
