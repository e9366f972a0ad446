import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/api/app';
import { postKey } from '@/server/blog/wire';
import { importFixtures } from '../../../tests/support/fixture-posts';
import { useTestDb } from '../../../tests/support/test-db';

describe('blog API', () => {
  const testDb = useTestDb();
  const app = () => createApp({ db: () => testDb().handle });

  interface Body {
    code: number;
    message: string;
    // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field below
    data?: any;
  }

  async function get(path: string): Promise<{ status: number; body: Body }> {
    const response = await app().request(path);
    return { status: response.status, body: (await response.json()) as Body };
  }

  async function post(
    path: string,
    body: unknown,
    headers: Record<string, string> = { 'app-type': '502' },
  ) {
    const response = await app().request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  beforeAll(async () => {
    const report = await importFixtures(testDb().handle.db);
    expect(report.failed).toEqual([]);
  });

  describe('GET /ws/mm/v2/blog/home', () => {
    it('answers featured and latest posts of the locale and every category with counts', async () => {
      const { status, body } = await get('/ws/mm/v2/blog/home?locale=en');
      expect(status).toBe(200);
      expect(body.data.total).toBe(8);
      expect(body.data.featured).toHaveLength(3);
      expect(body.data.featured[0].title).toBe('How to stop DNS leaks'); // newest
      const shown = [...body.data.featured, ...body.data.latest].map(
        (p: { unikey: string }) => p.unikey,
      );
      expect(new Set(shown).size).toBe(shown.length);
      expect(body.data.categories).toHaveLength(6);
      expect(body.data.categories[0]).toMatchObject({
        slug: 'privacy',
        name: 'Privacy',
        posts: 3,
        url: '/blog/category/privacy',
      });
    });

    it('shows a locale its own posts first, then the English ones it has not translated', async () => {
      const { body } = await get('/ws/mm/v2/blog/home?locale=de');
      // The German post and the seven English posts German has no translation of.
      expect(body.data.total).toBe(8);
      expect(body.data.featured[0]).toMatchObject({
        title: 'Wie ein VPN funktioniert',
        locale: 'de',
        url: '/de/blog/how-a-vpn-works',
      });
      const others = [...body.data.featured, ...body.data.latest].slice(1);
      expect(others.length).toBeGreaterThan(0);
      for (const post of others) {
        expect(post.locale).toBe('en');
        expect(post.url).toBe(`/de/blog/${post.unikey}`);
        expect(post.unikey).not.toBe('how-a-vpn-works');
      }
    });

    it('refuses an unknown locale, naming the field', async () => {
      const { status, body } = await get('/ws/mm/v2/blog/home?locale=xx');
      expect(status).toBe(400);
      expect(body.message).toMatch(/^Invalid request: locale: must be one of/);
    });
  });

  describe('GET /ws/mm/v2/blog/list', () => {
    it('pages a category newest first', async () => {
      const first = await get('/ws/mm/v2/blog/list?locale=en&category=privacy&page_size=2');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ page: 1, page_size: 2, total: 3, total_pages: 2 });
      expect(first.body.data.items.map((p: { unikey: string }) => p.unikey)).toEqual([
        'dns-leaks',
        'no-logs-explained',
      ]);
      const second = await get('/ws/mm/v2/blog/list?locale=en&category=privacy&page_size=2&page=2');
      expect(second.body.data.items.map((p: { unikey: string }) => p.unikey)).toEqual([
        'how-a-vpn-works',
      ]);
    });

    it('answers 404 for a page past the end', async () => {
      const { status, body } = await get(
        '/ws/mm/v2/blog/list?locale=en&category=privacy&page_size=2&page=3',
      );
      expect(status).toBe(404);
      expect(body.message).toBe('Page 3 is out of range: this list has 2 pages');
    });

    it('lists a tag and the whole archive', async () => {
      const tag = await get('/ws/mm/v2/blog/list?locale=en&tag=encryption');
      expect(tag.body.data.total).toBe(3);
      expect(
        tag.body.data.items.every((p: { tags: string[] }) => p.tags.includes('encryption')),
      ).toBe(true);
      const all = await get('/ws/mm/v2/blog/list?locale=en&page_size=50');
      expect(all.body.data.total).toBe(8);
    });

    it('lists a category in a locale: its own posts first, then untranslated English ones', async () => {
      const { status, body } = await get('/ws/mm/v2/blog/list?locale=de&category=privacy');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ total: 3, total_pages: 1 });
      expect(
        body.data.items.map((p: { unikey: string; locale: string }) => `${p.locale}:${p.unikey}`),
      ).toEqual(['de:how-a-vpn-works', 'en:dns-leaks', 'en:no-logs-explained']);
    });

    it('answers 404 for a tag without posts', async () => {
      const { status, body } = await get('/ws/mm/v2/blog/list?locale=en&tag=no-such-tag');
      expect(status).toBe(404);
      expect(body.message).toBe('No blog posts tagged "no-such-tag" in locale en');
    });

    it.each([
      ['page=0', 'page: must be a whole number from 1'],
      ['page=abc', 'page: must be a whole number from 1'],
      ['page=-1', 'page: must be a whole number from 1'],
      ['page_size=51', 'page_size: must be at most 50'],
      [
        'category=cooking',
        'category: must be one of privacy, streaming, gaming, security, how-to, news',
      ],
      ['tag=Not%20A%20Slug', 'tag: must be a lower-case slug'],
      ['category=privacy&tag=dns', 'tag: give either category or tag, not both'],
    ])('refuses %s', async (query, problem) => {
      const { status, body } = await get(`/ws/mm/v2/blog/list?locale=en&${query}`);
      expect(status).toBe(400);
      expect(body.message).toBe(`Invalid request: ${problem}`);
    });
  });

  describe('POST /ws/mm/v2/blog/detail', () => {
    it('answers the whole post by unique key with contents, head and translations', async () => {
      const { status, body } = await post('/ws/mm/v2/blog/detail', {
        locale: 'en',
        key: 'how-a-vpn-works',
      });
      expect(status).toBe(200);
      const detail = body.data;
      expect(detail).toMatchObject({
        unikey: 'how-a-vpn-works',
        isWP: false,
        category: { slug: 'privacy', name: 'Privacy' },
      });
      expect(detail.tags).toEqual(['encryption', 'wi-fi']);
      expect(detail.toc).toEqual([
        { id: 'the-tunnel', text: 'The tunnel', level: 2 },
        { id: 'keys-and-handshakes', text: 'Keys and handshakes', level: 3 },
        { id: 'why-it-matters-on-public-wi-fi', text: 'Why it matters on public Wi-Fi', level: 2 },
      ]);
      expect(detail.html).toContain('<h2 id="the-tunnel">The tunnel</h2>');
      expect(detail.html).toContain('rel="noopener noreferrer"');
      expect(detail.translations.map((t: { url: string }) => t.url).sort()).toEqual([
        '/ar/blog/how-a-vpn-works',
        '/blog/how-a-vpn-works',
        '/de/blog/how-a-vpn-works',
      ]);
    });

    it('finds a post by short_path and by its system id key', async () => {
      const byPath = await post('/ws/mm/v2/blog/detail', {
        locale: 'en',
        short_path: 'dns-leaks',
        isWP: 'false',
      });
      expect(byPath.status).toBe(200);
      const bySysId = await post('/ws/mm/v2/blog/detail', {
        locale: 'en',
        key: `__sys-id__${byPath.body.data.id}`,
      });
      expect(bySysId.body.data.unikey).toBe('dns-leaks');
      const byId = await post('/ws/mm/v2/blog/detail', { locale: 'en', id: byPath.body.data.id });
      expect(byId.body.data.title).toBe('How to stop DNS leaks');
    });

    it('shows an untranslated English post in another locale, and hides a translated one', async () => {
      const shown = await post('/ws/mm/v2/blog/detail', { locale: 'fr', key: 'dns-leaks' });
      expect(shown.status).toBe(200);
      expect(shown.body.data).toMatchObject({ locale: 'en', url: '/fr/blog/dns-leaks' });
      // German has its own version of this one: the English post is not German's to show.
      const english = await post('/ws/mm/v2/blog/detail', { locale: 'en', key: 'how-a-vpn-works' });
      const hidden = await post('/ws/mm/v2/blog/detail', {
        locale: 'de',
        key: `__sys-id__${english.body.data.id}`,
      });
      expect(hidden.status).toBe(404);
    });

    it('never hands out script, event handlers or javascript: links', async () => {
      const { body } = await post('/ws/mm/v2/blog/detail', {
        locale: 'en',
        key: 'no-logs-explained',
      });
      expect(body.data.html).toContain('We keep no connection or activity logs.');
      expect(body.data.html).not.toMatch(/<script|onerror|javascript:|alert\(/i);
    });

    it('answers 404 for an unknown post, a post of another locale and a WordPress key that is not one', async () => {
      for (const request of [
        { locale: 'en', key: 'no-such-post' },
        { locale: 'en', key: '__wp__how-a-vpn-works' },
        { locale: 'en', key: '__sys-id__999999' },
        { locale: 'en', key: '__sys-id__abc' },
      ]) {
        const { status, body } = await post('/ws/mm/v2/blog/detail', request);
        expect(status, request.key).toBe(404);
        expect(body.message).toBe(`No blog post "${request.key}" in locale ${request.locale}`);
      }
    });

    it('refuses a body that names no post, and a request without app-type', async () => {
      const empty = await post('/ws/mm/v2/blog/detail', { locale: 'en' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(
        'Invalid request: key: give key, or short_path (with isWP), or id',
      );
      const noHeader = await post('/ws/mm/v2/blog/detail', { key: 'dns-leaks' }, {});
      expect(noHeader.status).toBe(403);
    });
  });

  describe('GET /ws/mm/blog/fast-blog-detail and /ws/mm/v2/blog/yoast-head', () => {
    it('answers a post card without its body', async () => {
      const { status, body } = await get('/ws/mm/blog/fast-blog-detail?locale=en&key=lower-ping');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        title: 'Lower ping for online games',
        reading_minutes: 1,
        cover: { url: '/blog/covers/lower-ping.svg' },
      });
      expect(body.data.html).toBeUndefined();
      expect((await get('/ws/mm/blog/fast-blog-detail?locale=en&key=nope')).status).toBe(404);
      const missing = await get('/ws/mm/blog/fast-blog-detail?locale=en');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Invalid request: key: is required');
    });

    it('answers the SEO head: title, meta and the BlogPosting script', async () => {
      const { status, body } = await get(
        '/ws/mm/v2/blog/yoast-head?locale=de&slug=how-a-vpn-works',
      );
      expect(status).toBe(200);
      expect(body.data.title).toBe('Wie ein VPN funktioniert | Turbo VPN');
      expect(body.data.meta).toContainEqual({
        property: 'og:url',
        content: 'https://vpn.example/de/blog/how-a-vpn-works',
      });
      expect(body.data.meta).toContainEqual({ property: 'og:type', content: 'article' });
      const ld = JSON.parse(body.data.script[0].json);
      expect(ld).toMatchObject({
        '@type': 'BlogPosting',
        headline: 'Wie ein VPN funktioniert',
        inLanguage: 'de',
      });
      expect((await get('/ws/mm/v2/blog/yoast-head?locale=de&slug=no-such-post')).status).toBe(404);
    });
  });

  describe('GET /ws/mm/v2/blog/recommended', () => {
    it('recommends the closest posts first, never the post itself', async () => {
      const { status, body } = await get(
        '/ws/mm/v2/blog/recommended?locale=en&key=how-a-vpn-works&limit=3',
      );
      expect(status).toBe(200);
      const keys = body.data.map((p: { unikey: string }) => p.unikey);
      expect(keys).toHaveLength(3);
      expect(keys).not.toContain('how-a-vpn-works');
      // same category and a shared tag, then two shared tags, then the same category alone
      expect(keys).toEqual(['no-logs-explained', 'public-wifi-risks', 'dns-leaks']);
    });

    it('answers 404 for an unknown post and 400 for a bad limit', async () => {
      expect((await get('/ws/mm/v2/blog/recommended?locale=en&key=nope')).status).toBe(404);
      const bad = await get('/ws/mm/v2/blog/recommended?locale=en&key=dns-leaks&limit=13');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid request: limit: must be at most 12');
    });
  });

  describe('GET /ws/mm/v2/blog/search', () => {
    it('ranks a title match above body matches and highlights the words', async () => {
      const { status, body } = await get('/ws/mm/v2/blog/search?locale=en&q=public%20wi-fi');
      expect(status).toBe(200);
      expect(body.data.total).toBeGreaterThanOrEqual(2);
      expect(body.data.items[0].unikey).toBe('public-wifi-risks');
      const ranks = body.data.items.map((p: { rank: number }) => p.rank);
      expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
      expect(body.data.items[0].highlight).toMatch(/<mark>[^<]+<\/mark>/);
      expect(body.data.items[0].title_highlight).toContain('<mark>');
    });

    it('orders every page as ts_rank_cd over all matches does, with the same count', async () => {
      const words = 'vpn or privacy or "public wi-fi" or server -zebra';
      const reference = (await testDb().handle.db.execute(sql`
        select id, short_path, is_wp from blog_posts
        where locale = 'en' and search_vector @@ websearch_to_tsquery('english', ${words})
        order by ts_rank_cd(search_vector, websearch_to_tsquery('english', ${words}), 1) desc,
          published_at desc, id desc`)) as unknown as {
        rows: { id: number; short_path: string; is_wp: boolean }[];
      };
      const expected = reference.rows.map((row) =>
        postKey({ id: row.id, shortPath: row.short_path, isWp: row.is_wp }),
      );
      expect(expected.length).toBeGreaterThanOrEqual(4);
      const found: string[] = [];
      for (let page = 1; found.length < expected.length; page++) {
        const { body } = await get(
          `/ws/mm/v2/blog/search?locale=en&q=${encodeURIComponent(words)}&page=${page}&page_size=2`,
        );
        expect(body.data.total).toBe(expected.length);
        found.push(...body.data.items.map((p: { unikey: string }) => p.unikey));
      }
      expect(found).toEqual(expected);
    });

    it('keeps search vectors in the row, where ranking reads them', async () => {
      const { rows } = (await testDb().handle.db.execute(sql`
        select a.attstorage as storage, c.reloptions as options from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        where c.relname = 'blog_posts' and a.attname = 'search_vector'`)) as unknown as {
        rows: { storage: string; options: string[] }[];
      };
      expect(rows[0]).toEqual({ storage: 'm', options: ['toast_tuple_target=8160'] });
    });

    it('stems words in the locale language', async () => {
      const en = await get('/ws/mm/v2/blog/search?locale=en&q=encrypted');
      expect(en.body.data.items.map((p: { unikey: string }) => p.unikey)).toContain(
        'how-a-vpn-works',
      );
      const de = await get(
        `/ws/mm/v2/blog/search?locale=de&q=${encodeURIComponent('Verschlüsselung')}`,
      );
      expect(de.body.data.total).toBe(1);
      expect(de.body.data.items[0].locale).toBe('de');
    });

    it('finds the page language first, then the English posts it shows, each stemmed in its own language', async () => {
      const { body } = await get('/ws/mm/v2/blog/search?locale=de&q=vpn');
      const found = body.data.items.map((p: { unikey: string; locale: string }) => p.locale);
      expect(found[0]).toBe('de');
      expect(found.slice(1).length).toBeGreaterThan(0);
      expect(found.slice(1).every((locale: string) => locale === 'en')).toBe(true);
      // An English word stemmed the English way finds an English post from the German blog.
      const english = await get('/ws/mm/v2/blog/search?locale=de&q=leaking');
      expect(english.body.data.items.map((p: { unikey: string }) => p.unikey)).toContain(
        'dns-leaks',
      );
    });

    it('answers an empty first page when nothing matches, 404 past it', async () => {
      const none = await get('/ws/mm/v2/blog/search?locale=en&q=zebra');
      expect(none.status).toBe(200);
      expect(none.body.data).toMatchObject({ total: 0, total_pages: 1, items: [] });
      const past = await get('/ws/mm/v2/blog/search?locale=en&q=zebra&page=2');
      expect(past.status).toBe(404);
    });

    it('escapes markup in what it echoes and refuses empty or long queries', async () => {
      const odd = await get(`/ws/mm/v2/blog/search?locale=en&q=${encodeURIComponent('<b>"vpn')}`);
      expect(odd.status).toBe(200);
      for (const item of odd.body.data.items) expect(item.highlight).not.toContain('<b>');
      expect((await get('/ws/mm/v2/blog/search?locale=en&q=%20')).body.message).toBe(
        'Invalid request: q: must not be empty',
      );
      expect((await get('/ws/mm/v2/blog/search?locale=en')).status).toBe(400);
      expect((await get(`/ws/mm/v2/blog/search?locale=en&q=${'a'.repeat(101)}`)).body.message).toBe(
        'Invalid request: q: must be at most 100 characters',
      );
    });
  });

  describe('GET /ws/mm/v2/blog/recommend-searchs and recommend-categories', () => {
    it('suggests the most used tags, or tags and titles containing the typed text', async () => {
      const popular = await get('/ws/mm/v2/blog/recommend-searchs?locale=en&limit=3');
      expect(popular.status).toBe(200);
      expect(popular.body.data[0]).toEqual({ term: 'encryption', kind: 'tag' });
      expect(popular.body.data).toHaveLength(3);
      const typed = await get('/ws/mm/v2/blog/recommend-searchs?locale=en&q=rout');
      expect(typed.body.data).toEqual([
        { term: 'router', kind: 'tag' },
        { term: 'Set up a VPN on your router', kind: 'title' },
      ]);
      expect((await get('/ws/mm/v2/blog/recommend-searchs?locale=en&limit=0')).status).toBe(400);
    });

    it('lists every category with its localized name and post count', async () => {
      const { body } = await get('/ws/mm/v2/blog/recommend-categories?locale=de');
      expect(body.data).toHaveLength(6);
      // Its own post and the English ones it shows.
      expect(body.data[0]).toMatchObject({
        slug: 'privacy',
        posts: 3,
        url: '/de/blog/category/privacy',
      });
      expect(body.data.find((c: { slug: string }) => c.slug === 'news').posts).toBe(1);
    });
  });
});
