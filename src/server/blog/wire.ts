import 'server-only';
import { encodeBlogKey } from '@/lib/blog-key';
import { isLocale, type Locale, localizePath } from '@/lib/locales';
import type { BlogSeoHead, BlogTocEntry } from '@/server/db/schema/blog';
import type { PostRow, PostSummaryRow } from './queries';

// What the blog API answers and the blog pages render: the database rows in the API's shape.

export interface BlogCategoryRef {
  slug: string;
  name: string;
}

export interface BlogPostSummary {
  id: number;
  /** The post's unique key (spec 3): /blog/{unikey}. */
  unikey: string;
  short_path: string;
  isWP: boolean;
  locale: Locale;
  /**
   * Site path of the post in the blog that lists it, e.g. /de/blog/wie-ein-vpn-funktioniert; an
   * English post a locale shows untranslated is under that locale's prefix (`locale` says 'en').
   */
  url: string;
  title: string;
  excerpt: string;
  cover: { url: string; alt: string } | null;
  author: string;
  published: string;
  updated: string | null;
  reading_minutes: number;
  category: BlogCategoryRef;
  tags: string[];
}

export interface BlogTranslation {
  locale: Locale;
  unikey: string;
  url: string;
}

export interface BlogPostDetail extends BlogPostSummary {
  html: string;
  toc: BlogTocEntry[];
  seo: { title: string; description: string };
  yoast_head: BlogSeoHead;
  translation_key: string;
  translations: BlogTranslation[];
  wp_link: string | null;
}

export interface BlogPage<T> {
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
  items: T[];
}

export type CategoryNames = Record<string, string>;

export function postKey(row: { id: number; shortPath: string; isWp: boolean }): string {
  return encodeBlogKey({ id: row.id, short_path: row.shortPath, isWP: row.isWp });
}

export function postPath(locale: Locale, unikey: string): string {
  return localizePath(locale, `/blog/${encodeURIComponent(unikey)}`);
}

/** `view`: the locale whose blog lists the post (its own by default). */
export function toSummary(
  row: PostSummaryRow,
  tags: string[],
  names: CategoryNames,
  view?: Locale,
): BlogPostSummary {
  const locale = isLocale(row.locale) ? row.locale : 'en';
  const unikey = postKey(row);
  return {
    id: row.id,
    unikey,
    short_path: row.shortPath,
    isWP: row.isWp,
    locale,
    url: postPath(view ?? locale, unikey),
    title: row.title,
    excerpt: row.excerpt,
    cover: row.coverUrl ? { url: row.coverUrl, alt: row.coverAlt } : null,
    author: row.author,
    published: row.publishedAt.toISOString(),
    updated: row.updatedAt ? row.updatedAt.toISOString() : null,
    reading_minutes: row.readingMinutes,
    category: { slug: row.categorySlug, name: names[row.categorySlug] ?? row.categorySlug },
    tags,
  };
}

export function toDetail(
  row: PostRow,
  tags: string[],
  names: CategoryNames,
  translations: BlogTranslation[],
  view?: Locale,
): BlogPostDetail {
  return {
    ...toSummary(row, tags, names, view),
    html: row.bodyHtml,
    toc: row.toc,
    seo: { title: row.seoTitle, description: row.seoDescription },
    yoast_head: row.seoHead,
    translation_key: row.translationKey,
    translations,
    wp_link: row.wpLink,
  };
}
