import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import {
  type LocaleParams,
  localeOf,
  type MessageValues,
  metadataFor,
  type PageKey,
  pageText,
} from '@/server/seo/page-metadata';
import { PageHeader } from '../ui/page-header';

/**
 * A page made of its heading and lede, with its metadata: the shape every route has before its
 * own content is built. `extra` renders below the heading (calls to action, structured data).
 */
export function headingPage(
  path: string,
  key: PageKey,
  options: {
    values?: MessageValues;
    extra?: (locale: Locale) => ReactNode | Promise<ReactNode>;
  } = {},
) {
  async function generateMetadata({ params }: LocaleParams) {
    const locale = await localeOf(params);
    return metadataFor(locale, path, await pageText(locale, key, options.values));
  }
  // biome-ignore lint/correctness/noComponentHookFactories: a Server Component without hooks; the factory pairs a page with its metadata.
  async function Page({ params }: LocaleParams) {
    const locale = await localeOf(params);
    setRequestLocale(locale);
    const text = await pageText(locale, key, options.values);
    return (
      <PageHeader title={text.heading} lede={text.description}>
        {options.extra ? await options.extra(locale) : null}
      </PageHeader>
    );
  }
  return { generateMetadata, Page };
}

type Resolved = { path: string; key: PageKey; values?: MessageValues; description?: string };

/**
 * The same for a dynamic route: `resolve` turns the segment params into the page's path, text
 * key and values, or null for a value the route does not know (a real 404).
 */
export function dynamicHeadingPage<P extends Record<string, string>>(
  resolve: (params: P, locale: Locale) => Resolved | null | Promise<Resolved | null>,
) {
  async function load(params: Promise<P & { locale: string }>) {
    const all = await params;
    const locale = await localeOf(Promise.resolve(all));
    const resolved = await resolve(all, locale);
    if (!resolved) notFound();
    const text = await pageText(locale, resolved.key, resolved.values, resolved.description);
    return { locale, path: resolved.path, text };
  }
  async function generateMetadata({ params }: { params: Promise<P & { locale: string }> }) {
    const { locale, path, text } = await load(params);
    return metadataFor(locale, path, text);
  }
  // biome-ignore lint/correctness/noComponentHookFactories: a Server Component without hooks; the factory pairs a page with its metadata.
  async function Page({ params }: { params: Promise<P & { locale: string }> }) {
    const { locale, text } = await load(params);
    setRequestLocale(locale);
    return <PageHeader title={text.heading} lede={text.description} />;
  }
  return { generateMetadata, Page };
}
