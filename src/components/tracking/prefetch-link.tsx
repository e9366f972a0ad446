'use client';

import NextLink from 'next/link';
import { type ComponentProps, useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/locales';
import { shouldSkipPrefetch, subscribeConnection } from './connection';
import { rememberLocale, useCurrentLocale } from './locale-navigation';
import { localizeHref } from './localize-href';

export type LinkProps = Omit<ComponentProps<typeof NextLink>, 'locale'> & {
  /** Links to the page in another language (prefixed even for English, not prefetched). */
  locale?: Locale;
};

/**
 * The site's link (exported as `Link` from src/i18n/navigation.ts): next/link with the href in
 * the page's language, and no prefetching on 2g or with data saver on (spec 4). It replaces
 * next-intl's Link, whose client runtime would otherwise be part of every page's JavaScript.
 * The server render uses the caller's prefetch setting (prefetching only happens in the browser).
 */
export function Link({ href, locale, prefetch, onClick, ...rest }: LinkProps) {
  const current = useCurrentLocale();
  const skip = useSyncExternalStore(
    subscribeConnection,
    () => shouldSkipPrefetch(),
    () => false,
  );
  const target = localizeHref(href, locale ?? current, locale !== undefined);
  if (locale !== undefined && locale !== current) {
    return (
      <NextLink
        hrefLang={locale}
        {...rest}
        href={target}
        prefetch={false}
        onClick={(event) => {
          rememberLocale(locale);
          onClick?.(event);
        }}
      />
    );
  }
  return <NextLink {...rest} href={target} prefetch={skip ? false : prefetch} onClick={onClick} />;
}
