import 'server-only';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLocale, type Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { parseMarkdownFile } from './front-matter';
import { emptyReport, type ImportablePost, type ImportReport, storePosts } from './importer';
import { renderMarkdown } from './markdown';

// `npm run blog:import`: content/blog/<locale>/<slug>.md → the database (idempotent upsert).

export const defaultContentDir = () => path.join(process.cwd(), 'content', 'blog');

const day = (value: string) => new Date(`${value}T00:00:00Z`);

/** Reads one Markdown file into an importable post (throws naming the problem). */
export function readMarkdownPost(file: string, locale: Locale): ImportablePost {
  const source = readFileSync(file, 'utf8');
  const { meta, body } = parseMarkdownFile(source);
  return {
    source: file,
    fingerprint: source,
    locale,
    shortPath: meta.slug,
    isWp: false,
    wpLink: null,
    translationKey: meta.translationKey ?? meta.slug,
    category: meta.category,
    tags: meta.tags,
    title: meta.title,
    excerpt: meta.excerpt,
    author: meta.author,
    published: day(meta.published),
    updated: meta.updated ? day(meta.updated) : null,
    cover: meta.cover ?? null,
    coverAlt: meta.coverAlt,
    seoTitle: meta.seoTitle ?? meta.title,
    seoDescription: meta.seoDescription ?? meta.excerpt,
    featured: meta.featured,
    article: () => renderMarkdown(body),
  };
}

/** Imports every content/blog/<locale>/*.md; unreadable files are reported, the rest imported. */
export async function importMarkdownDir(
  db: Db,
  dir: string,
  siteUrl: string,
): Promise<ImportReport> {
  const report = emptyReport();
  const posts: ImportablePost[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return report; // no content folder: nothing to import
  }
  for (const locale of entries) {
    const folder = path.join(dir, locale);
    if (!statSync(folder).isDirectory()) continue;
    if (!isLocale(locale)) {
      report.failed.push({ source: folder, error: `"${locale}" is not one of the site's locales` });
      continue;
    }
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.md')) continue;
      const file = path.join(folder, name);
      try {
        posts.push(readMarkdownPost(file, locale));
      } catch (error: unknown) {
        report.failed.push({
          source: file,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  const seen = new Map<string, string>();
  const unique = posts.filter((post) => {
    const id = `${post.locale}/${post.shortPath}`;
    const first = seen.get(id);
    if (first) {
      report.failed.push({
        source: post.source,
        error: `slug "${post.shortPath}" is already used by ${first}`,
      });
      return false;
    }
    seen.set(id, post.source);
    return true;
  });
  return storePosts(db, unique, siteUrl, report);
}
