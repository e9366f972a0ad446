// Where /redirect may forward (?to= or ?url=): the official app stores that carry our apps and
// the product's other site. Anything else stays on the page that explains why; never an open
// redirect. Isomorphic: the proxy decides, the tests check the same function.
import { storeHosts as hostsByStore } from './downloads';
import { isSafeRedirect } from './safe-redirect';

const MAX_LENGTH = 2048;

/** Hosts of the official stores (Microsoft Store, App Store, Google Play, Chrome Web Store). */
export const storeHosts: ReadonlySet<string> = new Set(Object.values(hostsByStore));

/** The origin of a configured site URL (e.g. LEGACY_REDIRECT_URL), or null when it is not one. */
export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The URL to forward to, or null. Same-site paths pass `isSafeRedirect`; other targets must be
 * absolute https URLs, without credentials or a port, on a store host or one of `extraOrigins`
 * (the product's other site). Whitespace, control characters and backslashes anywhere refuse
 * the target, since browsers "repair" them into other hosts.
 */
export function allowedRedirectTarget(
  raw: string | null | undefined,
  extraOrigins: readonly string[] = [],
): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/u.test(char)) return null;
  }
  if (raw.startsWith('/')) return isSafeRedirect(raw) ? raw : null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (extraOrigins.includes(url.origin)) return url.href;
  if (url.protocol !== 'https:' || url.port !== '') return null;
  return storeHosts.has(url.hostname) ? url.href : null;
}

/** The target named by a query (`to`, else `url`), when it is allowed. */
export function redirectTargetOf(
  query: URLSearchParams,
  extraOrigins: readonly string[] = [],
): string | null {
  return allowedRedirectTarget(query.get('to') ?? query.get('url'), extraOrigins);
}
