import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Messages } from '@/i18n/messages';
import { claimValues } from '@/lib/claim-values';
import { isLocale, type Locale } from '@/lib/locales';
import { findRoute } from '@/lib/routes';
import { buildMetadata } from '@/lib/seo/metadata';
import { config } from '@/server/config';

export type PageKey = keyof Messages['Pages'];
export type MessageValues = Record<string, string | number>;

export interface PageText {
  title: string;
  description: string;
  heading: string;
}

type LooseTranslator = (key: string, values?: MessageValues) => string;

/**
 * A page's title, description and h1 from messages `Pages.<key>`, with the claims of spec 1
 * available as values. `description` may be given when the page's own namespace words it.
 */
export async function pageText(
  locale: Locale,
  key: PageKey,
  values: MessageValues = {},
  description?: string,
): Promise<PageText> {
  const t = (await getTranslations({ locale, namespace: 'Pages' })) as unknown as LooseTranslator;
  const all = { ...claimValues(locale), ...values };
  return {
    title: t(`${key}.title`, all),
    heading: t(`${key}.heading`, all),
    description: description ?? t(`${key}.description`, all),
  };
}

/** Metadata of a page from its text; noindex for pages the route table keeps out of search. */
export async function metadataFor(locale: Locale, path: string, text: PageText): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return buildMetadata({
    siteUrl: config().SITE_URL,
    siteName: t('siteName'),
    locale,
    path,
    title: text.title,
    description: text.description,
    keywords: t('keywords'),
    ogImageAlt: t('ogImageAlt'),
    indexed: findRoute(path)?.indexed ?? true,
  });
}

export type LocaleParams = { params: Promise<{ locale: string }> };
export type LocaleLayoutProps = LocaleParams & { children: ReactNode };

/** The locale of a page's params; the proxy and generateStaticParams only let known ones through. */
export async function localeOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  return isLocale(locale) ? locale : 'en';
}
