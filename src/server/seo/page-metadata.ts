import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { loadMessages, type Messages } from '@/i18n/messages';
import { claimValues } from '@/lib/claim-values';
import { isLocale, type Locale } from '@/lib/locales';
import { findRoute } from '@/lib/routes';
import { commonWords, messageStrings, pageKeywords } from '@/lib/seo/keywords';
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

const commonByLocale = new Map<Locale, Promise<ReadonlySet<string>>>();

/** The words too common in a locale's messages to be keywords (its stop words), found once. */
function commonWordsOf(locale: Locale): Promise<ReadonlySet<string>> {
  let entry = commonByLocale.get(locale);
  if (!entry) {
    entry = loadMessages(locale).then((messages) => commonWords(messageStrings(messages), locale));
    commonByLocale.set(locale, entry);
  }
  return entry;
}

/** A page's keywords from its own title and heading, in its language (src/lib/seo/keywords.ts). */
export async function keywordsFor(locale: Locale, text: PageText, brand: string): Promise<string> {
  return pageKeywords(text, { locale, brand, common: await commonWordsOf(locale) });
}

/** Metadata of a page from its text; noindex for pages the route table keeps out of search. */
export async function metadataFor(locale: Locale, path: string, text: PageText): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const siteName = t('siteName');
  return buildMetadata({
    siteUrl: config().SITE_URL,
    siteName,
    locale,
    path,
    title: text.title,
    description: text.description,
    keywords: await keywordsFor(locale, text, siteName),
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
