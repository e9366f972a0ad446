import { redirect as nextRedirect } from 'next/navigation';
import type { Locale } from '@/lib/locales';
import { type LinkHref, localizedPathname } from './localize-href';

// Import Link, redirect and the router hooks only from here, so every link keeps its locale.
// They follow src/i18n/routing.ts (English unprefixed, other languages under /<locale>) without
// next-intl's client runtime, which would otherwise be part of every page's JavaScript.

/** next/link in the page's language, without prefetching on 2g / data saver (spec 4). */
export { Link, type LinkProps } from './link';
export { usePathname, useRouter } from './locale-navigation';

interface PathnameArgs {
  href: LinkHref;
  locale: Locale;
  /** Prefix English too (links that switch language). */
  forcePrefix?: boolean;
}

/** The public path of a site href in a locale, e.g. for a form's action. */
export function getPathname({ href, locale, forcePrefix = false }: PathnameArgs): string {
  return localizedPathname(href, locale, forcePrefix);
}

/** Next's redirect to a site href in a locale. */
export function redirect(args: PathnameArgs, type?: Parameters<typeof nextRedirect>[1]): never {
  return nextRedirect(getPathname(args), type);
}
