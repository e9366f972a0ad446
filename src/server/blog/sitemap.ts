import 'server-only';
import type { MetadataRoute } from 'next';
import { blogCategories } from '@/lib/catalog';
import { isLocale, type Locale } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import type { Db } from '@/server/db/client';
import { cached } from './cache';
import { categoryCounts, sitemapPosts, sitemapTags } from './queries';
import { pageCountOf } from './service';
import { postKey } from './wire';

// The blog's sitemap entries, read from the database: every post (with its translations as
// alternates), every tag page of every locale with its later pages, and category pages 2…n
// (page 1 of each category comes from the route table).

export function blogSitemapEntries(
  db: Db,
  siteUrl: string,
  pageSize: number,
): Promise<MetadataRoute.Sitemap> {
  return cached(db, `sitemap:${siteUrl}:${pageSize}`, async () => {
    const entries: MetadataRoute.Sitemap = [];
    const posts = (await sitemapPosts(db)).filter((p) => isLocale(p.locale));
    const groups = new Map<string, typeof posts>();
    for (const post of posts)
      groups.set(post.translationKey, [...(groups.get(post.translationKey) ?? []), post]);
    const postUrl = (p: (typeof posts)[number]) =>
      absoluteUrl(siteUrl, p.locale as Locale, `/blog/${encodeURIComponent(postKey(p))}`);
    for (const post of posts) {
      const languages: Record<string, string> = {};
      for (const version of groups.get(post.translationKey) ?? [])
        languages[version.locale] = postUrl(version);
      entries.push({
        url: postUrl(post),
        lastModified: post.updatedAt ?? post.publishedAt,
        alternates: { languages },
      });
    }
    for (const tag of await sitemapTags(db)) {
      if (!isLocale(tag.locale)) continue;
      const pages = pageCountOf(tag.posts, pageSize);
      for (let page = 1; page <= pages; page += 1) {
        const path = page === 1 ? `/blog/tag/${tag.slug}` : `/blog/tag/${tag.slug}/page/${page}`;
        entries.push({ url: absoluteUrl(siteUrl, tag.locale, path) });
      }
    }
    const locales = [...new Set(posts.map((p) => p.locale as Locale))];
    for (const locale of locales) {
      for (const category of await categoryCounts(db, locale)) {
        if (!(blogCategories as readonly string[]).includes(category.slug)) continue;
        const pages = pageCountOf(category.posts, pageSize);
        for (let page = 2; page <= pages; page += 1) {
          entries.push({
            url: absoluteUrl(siteUrl, locale, `/blog/category/${category.slug}/page/${page}`),
          });
        }
      }
    }
    return entries;
  });
}
