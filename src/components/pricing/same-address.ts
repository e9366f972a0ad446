import { type Locale, localizePath } from '@/lib/locales';

type Query = Record<string, string | string[] | undefined>;

/** The address of a page again: `path` in `locale`, with the same query (repeated keys kept). */
export function sameAddress(locale: Locale, path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      search.append(key, item);
    }
  }
  const rest = search.toString();
  return `${localizePath(locale, path)}${rest ? `?${rest}` : ''}`;
}
