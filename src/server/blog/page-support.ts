import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { defaultLocale, type Locale } from '@/lib/locales';
import type { PaginationLabels } from '@/lib/pagination-labels';
import { absoluteUrl } from '@/lib/seo/metadata';
import { config } from '@/server/config';
import { getDb } from '@/server/db/client';
import { metadataFor, type PageText } from '@/server/seo/page-metadata';

// What the blog's pages share: their database, page size, metadata variants and labels.

export const blogDb = () => getDb().db;
export const blogPageSize = () => config().BLOG_PAGE_SIZE;

export interface BlogMetadataOptions {
  /** Locales in which this page exists (alternates); all 18 when absent. */
  languages?: readonly Locale[];
  /** Per-locale site paths when translations live at different paths (posts). */
  alternatePaths?: Partial<Record<Locale, string>>;
  /** Keep out of search engines (empty lists, later pages, fallbacks). */
  noindex?: boolean;
  /** Canonical path when it differs from the page's own (page 1 of a list). */
  canonicalPath?: string;
}

/** metadataFor with the blog's adjustments: alternates only where the page exists, noindex. */
export async function blogMetadata(
  locale: Locale,
  path: string,
  text: PageText,
  options: BlogMetadataOptions = {},
): Promise<Metadata> {
  const metadata = await metadataFor(locale, options.canonicalPath ?? path, text);
  const siteUrl = config().SITE_URL;
  if (options.languages && metadata.alternates) {
    const target = options.canonicalPath ?? path;
    const languages: Record<string, string> = {};
    for (const l of options.languages) languages[l] = absoluteUrl(siteUrl, l, target);
    const fallback = options.languages.includes(defaultLocale)
      ? defaultLocale
      : options.languages[0];
    if (fallback) languages['x-default'] = absoluteUrl(siteUrl, fallback, target);
    metadata.alternates = { ...metadata.alternates, languages };
  }
  if (options.alternatePaths && metadata.alternates) {
    const languages: Record<string, string> = {};
    for (const [l, p] of Object.entries(options.alternatePaths) as [Locale, string][]) {
      languages[l] = absoluteUrl(siteUrl, l, p);
    }
    const fallback = options.alternatePaths[defaultLocale] !== undefined ? defaultLocale : locale;
    const fallbackPath = options.alternatePaths[fallback];
    if (fallbackPath) languages['x-default'] = absoluteUrl(siteUrl, fallback, fallbackPath);
    metadata.alternates = { ...metadata.alternates, languages };
  }
  if (options.noindex) metadata.robots = { index: false, follow: true };
  return metadata;
}

export async function paginationLabels(locale: Locale): Promise<PaginationLabels> {
  const t = await getTranslations({ locale, namespace: 'Blog.pagination' });
  return {
    nav: t('label'),
    previous: t('previous'),
    next: t('next'),
    page: (page: number) => t('page', { page }),
  };
}
