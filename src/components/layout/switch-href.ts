// Where the language switcher sends the visitor: the same page in another language, with the
// page's state (query string and hash) kept. Pure, so the browser and the tests share it.
import { canonicalPath } from '@/lib/aliases';
import { type Locale, splitLocale } from '@/lib/locales';

/** The parts of the current URL the target is built from (window.location has them). */
export interface SwitchSource {
  pathname: string;
  search?: string;
  hash?: string;
  /**
   * The page's own versions by language (its hreflang alternates), where they differ from the
   * path: a blog post's translation has its own slug.
   */
  alternates?: Partial<Record<Locale, string>>;
}

// Control characters never belong in a URL (browsers drop tabs and newlines from URLs
// themselves); a space is written as %20, as the browser would send it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const controls = /[\u0000-\u001f\u007f]/g;
const clean = (part: string) => part.replace(controls, '').replace(/ /g, '%20');

/**
 * A site path with single slashes: "//host" or "/\host" would name another site, and so would
 * "/en//host" once the server drops the /en prefix.
 */
function sitePath(pathname: string): string {
  const path = clean(pathname).split(/[?#]/, 1)[0] ?? '';
  return `/${path}`.replace(/[/\\]+/g, '/');
}

/** "?a=1" from "?a=1", "a=1" or "?a=1#x"; "" when there is nothing to keep. */
function queryPart(search: string | undefined): string {
  const query = clean(search ?? '').split('#', 1)[0] ?? '';
  const body = query.replace(/^\?+/, '');
  return body === '' ? '' : `?${body}`;
}

/** "#top" from "#top" or "top"; "" for an empty fragment. */
function hashPart(hash: string | undefined): string {
  const body = clean(hash ?? '').replace(/^#+/, '');
  return body === '' ? '' : `#${body}`;
}

/**
 * The URL of the current page in `target`: always `/<target>/<page>` (English too, so the server
 * stores the choice in the LANGUAGE cookie before it redirects to the unprefixed path, which keeps
 * the query), the page without its locale prefix and with aliases resolved, then the current
 * query and hash. `/ar/blog/search?q=vpn` in Japanese is `/ja/blog/search?q=vpn`. A page that
 * names its version in `target` (a translated post) leads there; one without such a version
 * keeps its path, which the server sends to that language's version or blog home.
 */
export function switchHref(target: Locale, source: SwitchSource): string {
  const path = source.alternates?.[target] ?? source.pathname;
  const page = canonicalPath(splitLocale(sitePath(path)).path);
  const suffix = page === '/' ? '' : page;
  return `/${target}${suffix}${queryPart(source.search)}${hashPart(source.hash)}`;
}
