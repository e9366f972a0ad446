import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/api/app';
import { testSiteUrl } from '../../../tests/support/fixture-posts';
import { useTestDb } from '../../../tests/support/test-db';
import { importWordPress, WordPressImportError } from './import-wordpress';
import { countAllPosts } from './queries';

// A local server that answers like WordPress's /wp-json/wp/v2/posts (with _embed), two posts a page.
function wpPost(id: number, slug: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    slug,
    link: `https://wp.example/2025/01/${slug}/`,
    status: 'publish',
    date_gmt: `2025-01-0${id}T10:00:00`,
    modified_gmt: `2025-01-0${id}T10:00:00`,
    title: { rendered: `Post &#8220;${id}&#8221; &amp; more` },
    excerpt: { rendered: `<p>Excerpt of post ${id} [&hellip;]</p>` },
    content: {
      rendered: `<h2>Part one</h2><p>Body of post ${id} about routers.</p><script>alert(${id})</script><img src="https://wp.example/a.png" onerror="alert(1)">`,
    },
    _embedded: {
      author: [{ name: 'WP Author' }],
      'wp:term': [
        [{ taxonomy: 'category', slug: id === 1 ? 'security' : 'uncategorized' }],
        [{ taxonomy: 'post_tag', slug: 'home-network' }],
      ],
    },
    ...extra,
  };
}

const posts = [
  wpPost(1, 'secure-your-router'),
  wpPost(2, 'router-basics', {
    yoast_head_json: { title: 'Router basics (SEO)', description: 'SEO text' },
  }),
  wpPost(3, 'draft-post', { status: 'draft' }),
];

describe('WordPress importer', () => {
  const testDb = useTestDb();
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${url.pathname}?${url.searchParams}`);
      if (url.pathname === '/broken/wp-json/wp/v2/posts') {
        response.writeHead(500).end('oops');
        return;
      }
      if (url.pathname !== '/wp-json/wp/v2/posts') {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"code":"rest_no_route"}');
        return;
      }
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page'));
      const slice = posts.slice((page - 1) * perPage, page * perPage);
      response.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'x-wp-total': String(posts.length),
        'x-wp-totalpages': String(Math.ceil(posts.length / perPage)),
      });
      response.end(JSON.stringify(slice));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = () => ({ baseUrl, locale: 'en' as const, siteUrl: testSiteUrl, perPage: 2 });

  it('reads every page of published posts and stores them as WordPress posts', async () => {
    const db = testDb().handle.db;
    const report = await importWordPress(db, options());
    expect(report).toEqual({ created: 2, updated: 0, unchanged: 0, failed: [] });
    expect(requests).toEqual([
      '/wp-json/wp/v2/posts?per_page=2&page=1&_embed=1',
      '/wp-json/wp/v2/posts?per_page=2&page=2&_embed=1',
    ]);
    expect(await countAllPosts(db)).toBe(2);
  });

  it('keeps the WordPress path: key __wp__<slug>, link and sanitised body', async () => {
    const response = await createApp({ db: () => testDb().handle }).request(
      '/ws/mm/v2/blog/detail',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-type': '502' },
        body: JSON.stringify({ locale: 'en', short_path: 'secure-your-router', isWP: true }),
      },
    );
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      unikey: '__wp__secure-your-router',
      url: '/blog/__wp__secure-your-router',
      isWP: true,
      wp_link: 'https://wp.example/2025/01/secure-your-router/',
      title: 'Post “1” & more',
      excerpt: 'Excerpt of post 1 […]',
      author: 'WP Author',
      category: { slug: 'security', name: 'Security' },
      tags: ['home-network'],
      toc: [{ id: 'part-one', text: 'Part one', level: 2 }],
    });
    expect(data.html).toBe('<h2 id="part-one">Part one</h2><p>Body of post 1 about routers.</p>');
    // The same slug without isWP names no post.
    const plain = await createApp({ db: () => testDb().handle }).request(
      '/ws/mm/blog/fast-blog-detail?key=secure-your-router',
    );
    expect(plain.status).toBe(404);
  });

  it('maps unknown WordPress categories to news and takes Yoast titles', async () => {
    const response = await createApp({ db: () => testDb().handle }).request(
      '/ws/mm/v2/blog/yoast-head?slug=__wp__router-basics',
    );
    const { data } = (await response.json()) as {
      data: { title: string; meta: { name?: string; content: string }[] };
    };
    expect(data.title).toBe('Router basics (SEO) | Turbo VPN');
    expect(data.meta).toContainEqual({ name: 'description', content: 'SEO text' });
    const card = await createApp({ db: () => testDb().handle }).request(
      '/ws/mm/blog/fast-blog-detail?key=__wp__router-basics',
    );
    expect(
      ((await card.json()) as { data: { category: { slug: string } } }).data.category.slug,
    ).toBe('news');
  });

  it('is idempotent', async () => {
    const report = await importWordPress(testDb().handle.db, options());
    expect(report).toEqual({ created: 0, updated: 0, unchanged: 2, failed: [] });
    expect(await countAllPosts(testDb().handle.db)).toBe(2);
  });

  it('fails clearly when the site answers an error or cannot be reached', async () => {
    await expect(
      importWordPress(testDb().handle.db, { ...options(), baseUrl: `${baseUrl}/broken` }),
    ).rejects.toThrow(/answered HTTP 500/);
    await expect(
      importWordPress(testDb().handle.db, { ...options(), baseUrl: 'http://127.0.0.1:1' }),
    ).rejects.toBeInstanceOf(WordPressImportError);
  });
});
