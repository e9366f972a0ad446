import { escapeHtml } from '@/lib/escape-html';
import 'server-only';
import { loadMessages } from '@/i18n/messages';
import { decodeBlogKey } from '@/lib/blog-key';
import { blogCategories, includes } from '@/lib/catalog';
import { defaultLocale, isLocale, type Locale, localizePath } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { cached } from './cache';
import * as q from './queries';
import {
  type BlogPage,
  type BlogPostDetail,
  type BlogPostSummary,
  type CategoryNames,
  postKey,
  postPath,
  toDetail,
  toSummary,
} from './wire';

// The blog's rules: paging, lookups by unique key, search and recommendations. Every read goes
// through the 15-minute blog cache, keyed by what was asked.

export class BlogNotFoundError extends Error {
  override name = 'BlogNotFoundError';
}

export async function categoryNames(locale: Locale): Promise<CategoryNames> {
  return (await loadMessages(locale)).Blog.categories as CategoryNames;
}

async function summaries(
  db: Db,
  rows: q.PostSummaryRow[],
  locale: Locale,
): Promise<BlogPostSummary[]> {
  const [tags, names] = await Promise.all([
    q.tagsOfPosts(
      db,
      rows.map((r) => r.id),
    ),
    categoryNames(locale),
  ]);
  return rows.map((row) => toSummary(row, tags.get(row.id) ?? [], names, locale));
}

/** The page count of a list: at least 1, so an empty list still has its first page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

function checkPage(page: number, totalPages: number) {
  if (page > totalPages) {
    throw new BlogNotFoundError(
      `Page ${page} is out of range: this list has ${totalPages} page${totalPages === 1 ? '' : 's'}`,
    );
  }
}

/** Resolves a unique key (or a bare short_path) to a lookup; null when it cannot name a post. */
export function lookupOf(locale: Locale, key: string): q.PostLookup | null {
  const decoded = decodeBlogKey(key);
  if (decoded.id !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(decoded.id) || Number(decoded.id) > 2_147_483_647) return null;
    return { locale, id: Number(decoded.id) };
  }
  if (!decoded.short_path) return null;
  return { locale, shortPath: decoded.short_path, isWp: decoded.isWP };
}

const notFoundPost = (key: string, locale: Locale) =>
  new BlogNotFoundError(`No blog post "${key}" in locale ${locale}`);

export function blogHome(db: Db, locale: Locale, sizes = { featured: 3, latest: 6 }) {
  return cached(db, `home:${locale}:${sizes.featured}:${sizes.latest}`, async () => {
    const featuredRows = await q.listPosts(db, {
      locale,
      limit: sizes.featured,
      offset: 0,
      featuredFirst: true,
    });
    const featuredIds = new Set(featuredRows.map((r) => r.id));
    const latestRows = (
      await q.listPosts(db, { locale, limit: sizes.latest + sizes.featured, offset: 0 })
    )
      .filter((row) => !featuredIds.has(row.id))
      .slice(0, sizes.latest);
    const [featured, latest, categories, total] = await Promise.all([
      summaries(db, featuredRows, locale),
      summaries(db, latestRows, locale),
      recommendCategories(db, locale),
      q.countPosts(db, { locale }),
    ]);
    return { locale, total, featured, latest, categories };
  });
}

export interface ListParams {
  locale: Locale;
  category?: string;
  tag?: string;
  page: number;
  pageSize: number;
}

/** A page of a category, a tag or the whole archive; 404s for unknown tags and pages past the end. */
export function listBlogPosts(db: Db, params: ListParams): Promise<BlogPage<BlogPostSummary>> {
  const { locale, category, tag, page, pageSize } = params;
  return cached(
    db,
    `list:${locale}:${category ?? ''}:${tag ?? ''}:${page}:${pageSize}`,
    async () => {
      if (category !== undefined && !includes(blogCategories, category)) {
        throw new BlogNotFoundError(`No blog category "${category}"`);
      }
      const total = await q.countPosts(db, { locale, category, tag });
      if (tag !== undefined && total === 0) {
        throw new BlogNotFoundError(`No blog posts tagged "${tag}" in locale ${locale}`);
      }
      const totalPages = pageCountOf(total, pageSize);
      checkPage(page, totalPages);
      const rows = await q.listPosts(db, {
        locale,
        category,
        tag,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        page,
        page_size: pageSize,
        total,
        total_pages: totalPages,
        items: await summaries(db, rows, locale),
      };
    },
  );
}

/** Pages of a list (for the proxy's existence check and the sitemap); 0 for an unknown tag. */
export function blogPageCount(
  db: Db,
  filter: { locale: Locale; category?: string; tag?: string },
  pageSize: number,
) {
  return cached(
    db,
    `pages:${filter.locale}:${filter.category ?? ''}:${filter.tag ?? ''}:${pageSize}`,
    async () => {
      const total = await q.countPosts(db, filter);
      if (filter.tag !== undefined && total === 0) return 0;
      return pageCountOf(total, pageSize);
    },
  );
}

export function blogPostDetail(db: Db, locale: Locale, key: string): Promise<BlogPostDetail> {
  return cached(db, `detail:${locale}:${key}`, async () => {
    const lookup = lookupOf(locale, key);
    // Its own post, or the English one this locale has no translation of (shown in English).
    const row = lookup ? await q.findVisiblePost(db, lookup) : undefined;
    if (!row) throw notFoundPost(key, locale);
    const [tags, names, translations] = await Promise.all([
      q.tagsOfPosts(db, [row.id]),
      categoryNames(locale),
      q.translationsOf(db, row.translationKey),
    ]);
    const versions = translations
      .filter((t) => isLocale(t.locale))
      .map((t) => {
        const unikey = postKey(t);
        return { locale: t.locale as Locale, unikey, url: postPath(t.locale as Locale, unikey) };
      });
    return toDetail(row, tags.get(row.id) ?? [], names, versions, locale);
  });
}

export function fastBlogDetail(db: Db, locale: Locale, key: string): Promise<BlogPostSummary> {
  return cached(db, `fast:${locale}:${key}`, async () => {
    const lookup = lookupOf(locale, key);
    const row = lookup ? await q.findVisiblePostSummary(db, lookup) : undefined;
    if (!row) throw notFoundPost(key, locale);
    const [summary] = await summaries(db, [row], locale);
    if (!summary) throw notFoundPost(key, locale);
    return summary;
  });
}

/** Whether /blog/{key} is shown in the locale (the proxy's check); cached like the rest. */
export function postExists(db: Db, locale: Locale, key: string): Promise<boolean> {
  return cached(db, `exists:${locale}:${key}`, async () => {
    const lookup = lookupOf(locale, key);
    return lookup ? (await q.findVisiblePostSummary(db, lookup)) !== undefined : false;
  });
}

/**
 * Where /<locale>/blog/{key} leads when the locale does not show that key but another language
 * has a post under it (a language switch on a post, a shared link): that post's version in
 * this locale (its translation, or the English one it shows), else the locale's blog home.
 * Null when no language has such a post.
 */
export function postElsewhere(db: Db, locale: Locale, key: string): Promise<string | null> {
  return cached(db, `elsewhere:${locale}:${key}`, async () => {
    const lookup = lookupOf(locale, key);
    if (!lookup) return null;
    const { locale: _ignored, ...where } = lookup;
    const keys = await q.translationKeysAnywhere(db, where);
    if (keys.length === 0) return null;
    for (const translationKey of keys) {
      const versions = await q.translationsOf(db, translationKey);
      const own = versions.find((version) => version.locale === locale);
      const english = versions.find((version) => version.locale === defaultLocale);
      const target = own ?? english;
      if (target) return postPath(locale, postKey(target));
    }
    return localizePath(locale, '/blog');
  });
}

export function recommendedPosts(db: Db, locale: Locale, key: string, limit: number) {
  return cached(db, `recommended:${locale}:${key}:${limit}`, async () => {
    const lookup = lookupOf(locale, key);
    const row = lookup ? await q.findVisiblePostSummary(db, lookup) : undefined;
    if (!row) throw notFoundPost(key, locale);
    return summaries(db, await q.relatedPosts(db, row, limit), locale);
  });
}

/** Escapes a headline and turns the search's match sentinels into <mark> elements. */
export function highlightHtml(headline: string): string {
  return escapeHtml(headline).replaceAll(q.markStart, '<mark>').replaceAll(q.markStop, '</mark>');
}

export interface BlogSearchHit extends BlogPostSummary {
  rank: number;
  /** HTML: escaped text of the best passages with the matched words in <mark>. */
  highlight: string;
  title_highlight: string;
}

export function searchBlog(
  db: Db,
  params: { locale: Locale; q: string; page: number; pageSize: number },
): Promise<BlogPage<BlogSearchHit> & { q: string }> {
  const { locale, page, pageSize } = params;
  const text = params.q.trim().replace(/\s+/g, ' ');
  return cached(db, `search:${locale}:${page}:${pageSize}:${text.toLowerCase()}`, async () => {
    const { total, rows } = await q.searchPosts(db, {
      locale,
      q: text,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const totalPages = pageCountOf(total, pageSize);
    checkPage(page, totalPages);
    const items = await summaries(db, rows, locale);
    return {
      q: text,
      page,
      page_size: pageSize,
      total,
      total_pages: totalPages,
      items: items.map((item, index) => {
        const row = rows[index];
        return {
          ...item,
          rank: Number(row?.rank ?? 0),
          highlight: highlightHtml(row?.headline ?? item.excerpt),
          title_highlight: highlightHtml(row?.titleHeadline ?? item.title),
        };
      }),
    };
  });
}

export interface SearchSuggestion {
  term: string;
  kind: 'tag' | 'title';
}

/** Search suggestions: without text the locale's most used tags; with text matching tags and titles. */
export function recommendSearches(db: Db, locale: Locale, text: string | undefined, limit: number) {
  const typed = text?.trim().toLowerCase() ?? '';
  return cached(
    db,
    `suggest:${locale}:${limit}:${typed}`,
    async (): Promise<SearchSuggestion[]> => {
      if (!typed) {
        const tags = await q.tagCounts(db, locale, limit);
        return tags.map((t) => ({ term: t.slug.replaceAll('-', ' '), kind: 'tag' as const }));
      }
      const found = await q.suggestTerms(db, { locale, q: typed, limit });
      const merged: SearchSuggestion[] = [
        ...found.tags.map((t) => ({ term: t.replaceAll('-', ' '), kind: 'tag' as const })),
        ...found.titles.map((t) => ({ term: t, kind: 'title' as const })),
      ];
      return merged.slice(0, limit);
    },
  );
}

export interface BlogCategorySummary {
  slug: string;
  name: string;
  posts: number;
  url: string;
}

export function recommendCategories(db: Db, locale: Locale): Promise<BlogCategorySummary[]> {
  return cached(db, `categories:${locale}`, async () => {
    const [counts, names] = await Promise.all([
      q.categoryCounts(db, locale),
      categoryNames(locale),
    ]);
    return counts.map((c) => ({
      slug: c.slug,
      name: names[c.slug] ?? c.slug,
      posts: c.posts,
      url: localizePath(locale, `/blog/category/${c.slug}`),
    }));
  });
}

export function blogTags(db: Db, locale: Locale) {
  return cached(db, `tags:${locale}`, () => q.tagCounts(db, locale));
}

/** The post with a database id, in whatever locale it is written (/blog/detail?id=…). */
export function postById(db: Db, id: number) {
  return cached(db, `by-id:${id}`, async () => {
    const row = await q.findPostById(db, id);
    return row ? { locale: row.locale, unikey: postKey(row) } : null;
  });
}

export function tagLocales(db: Db, tag: string): Promise<Locale[]> {
  return cached(db, `tag-locales:${tag}`, async () =>
    (await q.localesWithTag(db, tag)).filter(isLocale),
  );
}
