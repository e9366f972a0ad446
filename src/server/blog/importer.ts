import 'server-only';
import { createHash } from 'node:crypto';
import { encodeBlogKey } from '@/lib/blog-key';
import type { Locale } from '@/lib/locales';
import { localizePath } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { clearBlogCache } from './cache';
import type { PreparedArticle } from './markdown';
import { ensureCategories, sourceHashOf, upsertPost } from './queries';
import { buildSeoHead } from './seo-head';

// What both importers (Markdown files, WordPress REST) share: skip unchanged sources, upsert
// the rest by (locale, short_path, isWP), and report what happened.

// Bump when the stored form of a post changes, so the next import rewrites every post.
const storageVersion = 'v1';

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  failed: { source: string; error: string }[];
}

export const emptyReport = (): ImportReport => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: [],
});

export interface ImportablePost {
  /** Where the post came from, for the report (a file path or a WordPress URL). */
  source: string;
  /** Everything the stored post is derived from; the same text means nothing to update. */
  fingerprint: string;
  locale: Locale;
  shortPath: string;
  isWp: boolean;
  wpLink: string | null;
  translationKey: string;
  category: string;
  tags: string[];
  title: string;
  excerpt: string;
  author: string;
  published: Date;
  updated: Date | null;
  cover: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  featured: boolean;
  /** Rendered and sanitised lazily: unchanged posts are not rendered at all. */
  article: () => PreparedArticle;
}

export async function prepareImport(db: Db): Promise<void> {
  await ensureCategories(db);
}

/** Stores one post unless its source is unchanged; returns what happened. */
export async function storePost(
  db: Db,
  post: ImportablePost,
  siteUrl: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const hash = createHash('sha256')
    .update(`${storageVersion}\n${siteUrl}\n${post.fingerprint}`)
    .digest('hex');
  const existing = await sourceHashOf(db, post.locale, post.shortPath, post.isWp);
  if (existing?.sourceHash === hash) return 'unchanged';
  const article = post.article();
  const unikey = encodeBlogKey({ short_path: post.shortPath, isWP: post.isWp });
  const seoHead = buildSeoHead({
    siteUrl,
    locale: post.locale,
    path: localizePath(post.locale, `/blog/${encodeURIComponent(unikey)}`),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    title: post.title,
    author: post.author,
    published: post.published,
    updated: post.updated,
    cover: post.cover,
    category: post.category,
    tags: post.tags,
  });
  await upsertPost(
    db,
    {
      locale: post.locale,
      shortPath: post.shortPath,
      isWp: post.isWp,
      wpLink: post.wpLink,
      translationKey: post.translationKey,
      categorySlug: post.category,
      title: post.title,
      excerpt: post.excerpt,
      bodyHtml: article.html,
      bodyText: article.text,
      toc: article.toc,
      coverUrl: post.cover,
      coverAlt: post.coverAlt,
      author: post.author,
      publishedAt: post.published,
      updatedAt: post.updated,
      readingMinutes: article.readingMinutes,
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      seoHead,
      featured: post.featured,
      sourceHash: hash,
    },
    [...new Set(post.tags)],
  );
  return existing ? 'updated' : 'created';
}

/** Stores a batch, recording failures per post instead of stopping, then clears the cache. */
export async function storePosts(
  db: Db,
  posts: Iterable<ImportablePost>,
  siteUrl: string,
  report: ImportReport = emptyReport(),
): Promise<ImportReport> {
  await prepareImport(db);
  for (const post of posts) {
    try {
      report[await storePost(db, post, siteUrl)] += 1;
    } catch (error: unknown) {
      report.failed.push({
        source: post.source,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  clearBlogCache(db);
  return report;
}
