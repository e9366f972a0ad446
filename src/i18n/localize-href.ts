// Localized link targets without next-intl's client runtime: the site's Link (link.tsx), the
// router hooks (locale-navigation.ts) and navigation.ts use these, with the routing of src/i18n/routing.ts (English without
// a prefix, every other language under /<locale>).
import type { UrlObject } from 'node:url';
import { defaultLocale, type Locale } from '@/lib/locales';

/** The href forms next/link accepts: a path, or an object with pathname, query and hash. */
export type LinkHref = string | UrlObject;

/** Whether a path is one of the site's own absolute paths (not a URL, `//host`, `#x` or `x/y`). */
export function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

/**
 * A site path in a locale. `force` adds the prefix even for English: links that switch language
 * use /en/… so the server stores the new choice before it redirects to the unprefixed path.
 */
export function localizeSitePath(path: string, locale: Locale, force = false): string {
  if (!isSitePath(path) || (locale === defaultLocale && !force)) return path;
  // "/", "/?q" and "/#a" become "/de", "/de?q" and "/de#a": no slash after the prefix.
  if (path === '/' || path.startsWith('/?') || path.startsWith('/#')) {
    return `/${locale}${path.slice(1)}`;
  }
  return `/${locale}${path}`;
}

/** An href localized the way next-intl's Link did it; URLs and relative paths stay as they are. */
export function localizeHref<H extends LinkHref>(href: H, locale: Locale, force = false): H {
  if (typeof href === 'string') return localizeSitePath(href, locale, force) as H;
  if (href.host != null || href.hostname != null || typeof href.pathname !== 'string') return href;
  return { ...(href as UrlObject), pathname: localizeSitePath(href.pathname, locale, force) } as H;
}

// As next/link writes query values: strings, numbers and booleans; anything else is empty.
function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/** A query as a search string ("?a=1&b=2"), or "" when there is none. */
export function searchOf(query: UrlObject['query']): string {
  if (query == null) return '';
  if (typeof query === 'string') {
    if (query === '' || query === '?') return '';
    return query.startsWith('?') ? query : `?${query}`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) params.append(key, queryValue(item));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The localized href as one string (for redirects, form actions and the router). */
export function localizedPathname(href: LinkHref, locale: Locale, force = false): string {
  if (typeof href === 'string') return localizeSitePath(href, locale, force);
  const localized = localizeHref(href, locale, force);
  const hash = localized.hash ? (localized.hash.startsWith('#') ? '' : '#') + localized.hash : '';
  return `${localized.pathname ?? ''}${searchOf(localized.query)}${hash}`;
}
