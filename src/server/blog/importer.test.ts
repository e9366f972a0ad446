import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/api/app';
import { fixturesDir, testSiteUrl } from '../../../tests/support/fixture-posts';
import { useTestDb } from '../../../tests/support/test-db';
import { importMarkdownDir } from './import-markdown';
import { countAllPosts } from './queries';

describe('Markdown importer', () => {
  const testDb = useTestDb();
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-import-'));
  cpSync(fixturesDir, dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const detail = async (key: string) => {
    const response = await createApp({ db: () => testDb().handle }).request(
      '/ws/mm/v2/blog/detail',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-type': '502' },
        body: JSON.stringify({ locale: 'en', key }),
      },
    );
    return (await response.json()) as {
      data: { title: string; tags: string[]; html: string; updated: string | null };
    };
  };

  it('imports every post once, and a second run changes nothing', async () => {
    const db = testDb().handle.db;
    const first = await importMarkdownDir(db, dir, testSiteUrl);
    expect(first).toEqual({ created: 10, updated: 0, unchanged: 0, failed: [] });
    const second = await importMarkdownDir(db, dir, testSiteUrl);
    expect(second).toEqual({ created: 0, updated: 0, unchanged: 10, failed: [] });
    expect(await countAllPosts(db)).toBe(10);
  });

  it('updates a changed file in place, tags included, without duplicating it', async () => {
    const db = testDb().handle.db;
    const file = path.join(dir, 'en', 'lower-ping.md');
    const source = readFileSync(file, 'utf8')
      .replace('title: "Lower ping for online games"', 'title: "Lower ping, fewer lost rounds"')
      .replace('tags: ["latency", "consoles"]', 'tags: ["latency", "pc"]')
      .replace('published: "2026-03-07"', 'published: "2026-03-07"\nupdated: "2026-04-01"');
    writeFileSync(file, source);
    expect(await importMarkdownDir(db, dir, testSiteUrl)).toEqual({
      created: 0,
      updated: 1,
      unchanged: 9,
      failed: [],
    });
    expect(await countAllPosts(db)).toBe(10);
    const post = (await detail('lower-ping')).data;
    expect(post.title).toBe('Lower ping, fewer lost rounds');
    expect(post.tags).toEqual(['latency', 'pc']);
    expect(post.updated).toBe('2026-04-01T00:00:00.000Z');
  });

  it('reports broken files by name and still imports the others', async () => {
    const db = testDb().handle.db;
    writeFileSync(path.join(dir, 'en', 'broken.md'), '---\ntitle: "x"\n---\nno slug');
    writeFileSync(
      path.join(dir, 'en', 'copy.md'),
      readFileSync(path.join(dir, 'en', 'dns-leaks.md'), 'utf8').replace(
        'How to stop DNS leaks',
        'Copy',
      ),
    );
    const report = await importMarkdownDir(db, dir, testSiteUrl);
    expect(report.failed.map((f) => path.basename(f.source)).sort()).toEqual([
      'broken.md',
      'dns-leaks.md',
    ]);
    expect(report.failed.find((f) => f.source.endsWith('broken.md'))?.error).toMatch(
      /invalid front matter: slug/,
    );
    expect(report.failed.find((f) => f.source.endsWith('dns-leaks.md'))?.error).toMatch(
      /slug "dns-leaks" is already used/,
    );
    expect(await countAllPosts(db)).toBe(10);
  });

  it('answers nothing for a missing content folder', async () => {
    expect(
      await importMarkdownDir(testDb().handle.db, path.join(dir, 'nope'), testSiteUrl),
    ).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: [],
    });
  });
});
