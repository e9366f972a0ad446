import 'server-only';
import type { DbHandle } from '@/server/db/client';
import { logger } from '@/server/log';
import { defaultContentDir, importMarkdownDir } from './import-markdown';
import { countAllPosts } from './queries';

/**
 * At start: a database without blog posts gets content/blog imported, so a newcomer's
 * `npm start` shows a full blog. A database that has posts is left alone (`npm run blog:import`
 * updates it). Problems in single files are logged; they never stop the server.
 */
export async function importBlogIfEmpty(
  handle: DbHandle,
  siteUrl: string,
  dir = defaultContentDir(),
) {
  if ((await countAllPosts(handle.db)) > 0) return null;
  const report = await importMarkdownDir(handle.db, dir, siteUrl);
  if (report.created > 0) {
    logger.info({ area: 'blog', created: report.created, dir }, 'blog posts imported');
  }
  for (const failure of report.failed) {
    logger.warn(
      { area: 'blog', source: failure.source, reason: failure.error },
      'blog post skipped',
    );
  }
  return report;
}
