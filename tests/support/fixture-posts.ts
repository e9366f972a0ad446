import path from 'node:path';
import { importMarkdownDir } from '@/server/blog/import-markdown';
import type { Db } from '@/server/db/client';

// Shared by the blog's test files: the fixture posts of tests/fixtures/blog.

export const fixturesDir = path.join(process.cwd(), 'tests', 'fixtures', 'blog');
export const testSiteUrl = 'https://vpn.example';

export function importFixtures(db: Db) {
  return importMarkdownDir(db, fixturesDir, testSiteUrl);
}
