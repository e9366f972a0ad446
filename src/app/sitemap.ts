import type { MetadataRoute } from 'next';
import { defaultLocale, locales } from '@/lib/locales';
import { siteRoutes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/metadata';
import { config } from '@/server/config';
import { logger } from '@/server/log';

// Generated from the route table the pages use: every indexed page in every locale,
// each entry with its 18 language alternates and x-default.
// Blog posts and tags come from the database, so the sitemap is built per request (the blog's
// part is cached 15 minutes), never at build time.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const siteUrl = config().SITE_URL;
  return [...routeEntries(siteUrl), ...(await blogEntries(siteUrl))];
}

async function blogEntries(siteUrl: string): Promise<MetadataRoute.Sitemap> {
  try {
    const { blogSitemapEntries } = await import('@/server/blog/sitemap');
    const { getDb } = await import('@/server/db/client');
    return await blogSitemapEntries(getDb().db, siteUrl, config().BLOG_PAGE_SIZE);
  } catch (error: unknown) {
    // The static pages are still worth listing when the database is unreachable.
    logger.error({ area: 'sitemap', err: error }, 'blog entries left out of the sitemap');
    return [];
  }
}

function routeEntries(siteUrl: string): MetadataRoute.Sitemap {
  return siteRoutes
    .filter((route) => route.indexed)
    .flatMap((route) => {
      const languages: Record<string, string> = {};
      for (const locale of locales) languages[locale] = absoluteUrl(siteUrl, locale, route.path);
      languages['x-default'] = absoluteUrl(siteUrl, defaultLocale, route.path);
      return locales.map((locale) => ({
        url: absoluteUrl(siteUrl, locale, route.path),
        alternates: { languages },
      }));
    });
}
