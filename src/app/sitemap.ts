import type { MetadataRoute } from 'next';
import { defaultLocale, locales } from '@/lib/locales';
import { siteRoutes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/metadata';
import { config } from '@/server/config';

// Generated from the route table the pages use: every indexed page in every locale,
// each entry with its 18 language alternates and x-default.
export default function sitemap(): MetadataRoute.Sitemap {
  const siteUrl = config().SITE_URL;
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
