'use client';

import NextLink from 'next/link';
import { type ComponentProps, type SyntheticEvent, useContext } from 'react';
import { shouldSkipPrefetch } from '@/client/connection';
import type { Locale } from '@/lib/locales';
import { rememberLocale, useCurrentLocale } from './locale-navigation';
import { isSitePath, localizeHref } from './localize-href';
// The context next/link itself reads: null outside Next's app router (a unit test's
// renderToString), where useRouter() would throw.
import { AppRouterContext } from './next-contexts';

export type LinkProps = Omit<ComponentProps<typeof NextLink>, 'locale'> & {
  /** Links to the page in another language (prefixed even for English, not prefetched). */
  locale?: Locale;
};

/**
 * The site's link (exported as `Link` from src/i18n/navigation.ts): next/link with the href in
 * the page's language. It replaces next-intl's Link, whose client runtime would otherwise be part
 * of every page's JavaScript.
 *
 * Prefetching follows intent: the target is fetched when the pointer rests on the link, a finger
 * touches it or the keyboard focuses it, never merely because the link scrolled into view. A
 * phone that loads the home page no longer downloads the dozen pages its header and footer link
 * to, and the first seconds of a visit belong to the page itself. Never on 2g or with data saver
 * on (spec 4); `prefetch={false}` turns it off for one link.
 */
export function Link({
  href,
  locale,
  prefetch,
  onClick,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...rest
}: LinkProps) {
  const router = useContext(AppRouterContext);
  const current = useCurrentLocale();
  const target = localizeHref(href, locale ?? current, locale !== undefined);
  if (locale !== undefined && locale !== current) {
    return (
      <NextLink
        hrefLang={locale}
        {...rest}
        href={target}
        prefetch={false}
        onMouseEnter={onMouseEnter}
        onTouchStart={onTouchStart}
        onFocus={onFocus}
        onClick={(event) => {
          rememberLocale(locale);
          onClick?.(event);
        }}
      />
    );
  }
  const prefetchNow = () => {
    if (prefetch === false || shouldSkipPrefetch()) return;
    if (router && typeof target === 'string' && isSitePath(target)) router.prefetch(target);
  };
  const withPrefetch =
    <E extends SyntheticEvent>(handler?: (event: E) => void) =>
    (event: E) => {
      prefetchNow();
      handler?.(event);
    };
  return (
    <NextLink
      {...rest}
      href={target}
      prefetch={false}
      onClick={onClick}
      onMouseEnter={withPrefetch(onMouseEnter)}
      onTouchStart={withPrefetch(onTouchStart)}
      onFocus={withPrefetch(onFocus)}
    />
  );
}
