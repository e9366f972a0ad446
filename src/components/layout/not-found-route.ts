// How src/app/not-found.tsx tells its two uses apart and finds the visitor's language.
import { defaultLocale, isLocale, type Locale } from '@/lib/locales';

/** The request header in which src/proxy.ts names the URL's locale (next-intl's convention). */
export const localeHeaderName = 'X-NEXT-INTL-LOCALE';

/**
 * Whether the not-found component renders the 404 page itself rather than a boundary. Next renders
 * the same component twice over: as the page of the unmatched-path route `/_not-found`, with the
 * `params` and `searchParams` every page gets, and as the not-found boundary of the root layout,
 * without props, in the payload of every other page. Only the first may read the request;
 * anything request-bound in the second would make every page of the site dynamic.
 */
export function isNotFoundRoute(props: object): boolean {
  return 'params' in props || 'searchParams' in props;
}

/** The 404 page's language: the proxy's header when it names a site locale, else English. */
export function notFoundLocale(header: string | null | undefined): Locale {
  return isLocale(header) ? header : defaultLocale;
}
