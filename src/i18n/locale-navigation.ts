'use client';

import type { UrlObject } from 'node:url';
import {
  usePathname as useNextPathname,
  useRouter as useNextRouter,
  useParams,
} from 'next/navigation';
import { useMemo } from 'react';
import { writeCookie } from '@/client/cookies';
import { defaultLocale, isLocale, type Locale, localeCookieName, splitLocale } from '@/lib/locales';
import { localizedPathname } from './localize-href';

const oneYearSeconds = 60 * 60 * 24 * 365;

/** The page's language: the [locale] segment (English pages are rewritten to /en internally). */
export function useCurrentLocale(): Locale {
  const value = useParams<{ locale?: string }>()?.locale;
  return isLocale(value) ? value : defaultLocale;
}

/**
 * Remembers a language the visitor switches to, as the server would: the client router may
 * serve the target from its cache without asking the server, which sets this cookie otherwise.
 */
export function rememberLocale(locale: Locale): void {
  writeCookie(localeCookieName, locale, { maxAge: oneYearSeconds });
}

/** The current site path without its locale prefix ("/de/pricing" → "/pricing"). */
export function usePathname(): string {
  return splitLocale(useNextPathname() ?? '/').path;
}

type NextRouter = ReturnType<typeof useNextRouter>;
type NavigateOptions = NonNullable<Parameters<NextRouter['push']>[1]> & { locale?: Locale };
type PrefetchOptions = NonNullable<Parameters<NextRouter['prefetch']>[1]> & { locale?: Locale };

/** Next's router with localized targets: push('/pricing') from a German page opens /de/pricing. */
export function useRouter() {
  const router = useNextRouter();
  const current = useCurrentLocale();
  return useMemo(() => {
    // A `locale` option switches language: always prefixed, and remembered like a Link's.
    const path = (href: string | UrlObject, locale: Locale | undefined) =>
      localizedPathname(href, locale ?? current, locale !== undefined);
    const go = (href: string | UrlObject, locale: Locale | undefined) => {
      if (locale !== undefined && locale !== current) rememberLocale(locale);
      return path(href, locale);
    };
    return {
      ...router,
      push: (href: string | UrlObject, { locale, ...options }: NavigateOptions = {}) =>
        router.push(go(href, locale), options),
      replace: (href: string | UrlObject, { locale, ...options }: NavigateOptions = {}) =>
        router.replace(go(href, locale), options),
      prefetch: (href: string | UrlObject, options?: PrefetchOptions) => {
        if (!options) return router.prefetch(path(href, undefined));
        const { locale, ...rest } = options;
        return router.prefetch(path(href, locale), rest);
      },
    };
  }, [router, current]);
}
