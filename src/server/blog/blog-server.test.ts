import { beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, testSiteUrl } from '../../../tests/support/fixture-posts';
import { useTestDb } from '../../../tests/support/test-db';
import { atomFeed } from './feed';
import { checkBlogPath } from './path-check';
import { countAllPosts } from './queries';
import { blogSitemapEntries } from './sitemap';
import { importBlogIfEmpty } from './startup-import';

describe('blog on the server: start-up import, proxy checks, sitemap, feed', () => {
  const testDb = useTestDb();
  const db = () => testDb().handle.db;

  beforeAll(async () => {
    const report = await importBlogIfEmpty(testDb().handle, testSiteUrl, fixturesDir);
    expect(report?.created).toBe(10);
  });

  it('imports at start only into an empty posts table', async () => {
    expect(await importBlogIfEmpty(testDb().handle, testSiteUrl, fixturesDir)).toBeNull();
    expect(await countAllPosts(db())).toBe(10);
  });

  const check = (locale: 'en' | 'de' | 'fr', path: string, query = '') =>
    checkBlogPath(locale, path, new URLSearchParams(query), db());

  it.each([
    ['/blog'],
    ['/blog/category'],
    ['/blog/category/privacy'],
    ['/blog/category/privacy/page/1'],
    ['/blog/category/news'],
    ['/blog/tag'],
    ['/blog/tag/encryption'],
    ['/blog/tag/encryption/page/1'],
    ['/blog/more'],
    ['/blog/more', 'page=1'],
    ['/blog/search', 'q=vpn'],
    ['/blog/detail'],
    ['/blog/feed'],
    ['/blog/how-a-vpn-works'],
  ])('serves %s?%s', async (path, query = '') => {
    expect(await check('en', path, query)).toEqual({ kind: 'ok' });
  });

  it.each([
    ['/blog/no-such-post'],
    ['/blog/category/cooking'],
    ['/blog/category/privacy/page/2'],
    ['/blog/category/privacy/page/0'],
    ['/blog/category/privacy/page/01'],
    ['/blog/category/privacy/pages/1'],
    ['/blog/tag/no-such-tag'],
    ['/blog/tag/encryption/page/2'],
    ['/blog/tag/Encryption'],
    ['/blog/more', 'page=3'],
    ['/blog/more', 'page=x'],
    ['/blog/detail', 'id=999999'],
    ['/blog/detail', 'id=abc'],
    ['/blog/search/x'],
    ['/blog/how-a-vpn-works/extra'],
    ['/blog/a/b/c/d/e'],
    ['/blog/%E0%A4%A'],
    ['/blog/__wp__how-a-vpn-works'],
  ])('answers 404 for %s?%s', async (path, query = '') => {
    expect(await check('en', path, query)).toEqual({ kind: 'not-found' });
  });

  it('shows a locale its own posts and the English ones it has not translated', async () => {
    expect(await check('de', '/blog/how-a-vpn-works')).toEqual({ kind: 'ok' });
    // English only: shown in English under /de.
    expect(await check('de', '/blog/dns-leaks')).toEqual({ kind: 'ok' });
    expect(await check('de', '/blog/tag/dns')).toEqual({ kind: 'ok' });
    expect(await check('de', '/blog/no-such-post')).toEqual({ kind: 'not-found' });
  });

  it('sends a post of another language to its version here, else to this blog', async () => {
    const { findPost } = await import('./queries');
    const english = await findPost(db(), { locale: 'en', shortPath: 'how-a-vpn-works' });
    // By id: the English post that German has translated leads to the German one.
    expect(await check('de', `/blog/__sys-id__${english?.id}`)).toEqual({
      kind: 'redirect',
      location: '/de/blog/how-a-vpn-works',
      status: 307,
    });
    expect(await check('fr', `/blog/__sys-id__${english?.id}`)).toEqual({ kind: 'ok' });
  });

  it('redirects /blog/detail?id= to the post in its own locale', async () => {
    const { findPost } = await import('./queries');
    const german = await findPost(db(), {
      locale: 'de',
      shortPath: 'how-a-vpn-works',
      isWp: false,
    });
    expect(await check('en', '/blog/detail', `id=${german?.id}`)).toEqual({
      kind: 'redirect',
      location: '/de/blog/how-a-vpn-works',
    });
  });

  it('lists posts with their translations, and tag pages, in the sitemap', async () => {
    const entries = await blogSitemapEntries(db(), testSiteUrl, 2);
    const post = entries.find((e) => e.url === 'https://vpn.example/blog/how-a-vpn-works');
    expect(post?.alternates?.languages).toEqual({
      en: 'https://vpn.example/blog/how-a-vpn-works',
      de: 'https://vpn.example/de/blog/how-a-vpn-works',
      ar: 'https://vpn.example/ar/blog/how-a-vpn-works',
    });
    expect(post?.lastModified).toEqual(new Date('2026-03-02T00:00:00Z'));
    const urls = entries.map((e) => e.url);
    expect(urls).toContain('https://vpn.example/blog/tag/encryption');
    expect(urls).toContain('https://vpn.example/blog/tag/encryption/page/2');
    expect(urls).toContain('https://vpn.example/de/blog/tag/encryption');
    expect(urls).toContain('https://vpn.example/blog/category/privacy/page/2');
    expect(urls).not.toContain('https://vpn.example/blog/category/privacy/page/3');
    expect(urls.filter((u) => u.includes('/blog/tag/dns'))).toEqual([
      'https://vpn.example/blog/tag/dns',
    ]);
  });

  it('publishes an Atom feed per locale with sanitised content', async () => {
    const xml = await atomFeed(db(), 'en', testSiteUrl, { title: 'Blog & news', subtitle: 'Sub' });
    expect(xml).toContain('<title>Blog &amp; news</title>');
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://vpn.example/blog/feed"/>',
    );
    expect(xml.match(/<entry>/g)).toHaveLength(8);
    expect(xml).toContain('<id>https://vpn.example/blog/dns-leaks</id>');
    expect(xml).not.toMatch(/<script|onerror|javascript:/i);
    const german = await atomFeed(db(), 'de', testSiteUrl, { title: 'Blog', subtitle: 'Sub' });
    expect(german.match(/<entry>/g)).toHaveLength(1);
    expect(german).toContain('xml:lang="de"');
  });
});
