import type { Metadata } from 'next';
import { defaultLocale, type Locale, locales, localizePath } from '../locales';

export interface PageSeo {
  siteUrl: string;
  siteName: string;
  locale: Locale;
  /** Site path without locale prefix, e.g. '/pricing'. */
  path: string;
  title: string;
  description: string;
  keywords?: string;
  ogImageAlt: string;
  indexed: boolean;
}

export const ogImage = { path: '/og/turbo-vpn.png', width: 1200, height: 630 } as const;

/** Open Graph writes locales with an underscore (zh_Hant). */
function ogLocale(locale: Locale): string {
  return locale.replace('-', '_');
}

export function absoluteUrl(siteUrl: string, locale: Locale, path: string): string {
  return new URL(localizePath(locale, path), siteUrl).toString();
}

/** The one metadata builder: canonical, 18 hreflang alternates + x-default, Open Graph, Twitter. */
export function buildMetadata(seo: PageSeo): Metadata {
  const title = seo.title.includes(seo.siteName) ? seo.title : `${seo.title} | ${seo.siteName}`;
  const url = absoluteUrl(seo.siteUrl, seo.locale, seo.path);
  const languages: Record<string, string> = {};
  for (const locale of locales) languages[locale] = absoluteUrl(seo.siteUrl, locale, seo.path);
  languages['x-default'] = absoluteUrl(seo.siteUrl, defaultLocale, seo.path);
  const image = {
    url: new URL(ogImage.path, seo.siteUrl).toString(),
    width: ogImage.width,
    height: ogImage.height,
    alt: seo.ogImageAlt,
  };
  return {
    metadataBase: new URL(seo.siteUrl),
    title: { absolute: title },
    description: seo.description,
    keywords: seo.keywords,
    alternates: { canonical: url, languages },
    robots: seo.indexed ? { index: true, follow: true } : { index: false, follow: true },
    openGraph: {
      type: 'website',
      url,
      siteName: seo.siteName,
      title,
      description: seo.description,
      locale: ogLocale(seo.locale),
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title,
      description: seo.description,
      images: [image],
    },
  };
}
