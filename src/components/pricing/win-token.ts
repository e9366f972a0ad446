// The Windows app opens its pay pages signed in with a bearer token: `#token=…` in the URL
// fragment (never sent to any server or kept in logs), or `?token=` from older app versions.
// The token stays in this tab's session storage, so the provider's return page in the same tab
// (or in a tab this one opened, which gets a copy of session storage) is signed in too, and it
// is taken out of the address bar at once.
import { api } from '@/client/http';
import { readItem, type StorageLike, session, writeItem } from '@/client/storage';

export const windowsTokenKey = 'turbovpn.winPay.token';

// A session token is 43 base64url characters; allow some room, refuse anything else.
const tokenShape = /^[\w-]{16,256}$/;

/**
 * The token the URL carries: the fragment's `token`, else (when `acceptQuery`) the query's.
 * The provider's return URL has a `token` query of its own (its order id), so the result page
 * reads the fragment only.
 */
export function tokenFromUrl(url: URL, acceptQuery: boolean): string | null {
  const fromHash = new URLSearchParams(url.hash.replace(/^#/, '')).get('token');
  const candidate = fromHash ?? (acceptQuery ? url.searchParams.get('token') : null);
  return candidate && tokenShape.test(candidate) ? candidate : null;
}

/** The URL without the token: fragment and (when it was read) query value removed. */
export function withoutToken(url: URL, acceptQuery: boolean): string {
  const clean = new URL(url.href);
  const hash = new URLSearchParams(clean.hash.replace(/^#/, ''));
  hash.delete('token');
  clean.hash = hash.size ? `#${hash}` : '';
  if (acceptQuery) clean.searchParams.delete('token');
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

/**
 * Takes the app's token from the address bar (then removes it there) or from this tab's
 * storage, and signs the site's API client in with it. Null when the page was not opened by
 * the app.
 */
export function takeWindowsToken(
  acceptQuery: boolean,
  storage: StorageLike | undefined = session(),
): string | null {
  const url = new URL(window.location.href);
  const fromUrl = tokenFromUrl(url, acceptQuery);
  if (fromUrl) {
    writeItem(storage, windowsTokenKey, fromUrl);
    window.history.replaceState(window.history.state, '', withoutToken(url, acceptQuery));
  }
  const stored = readItem(storage, windowsTokenKey);
  const token = fromUrl ?? (stored && tokenShape.test(stored) ? stored : null);
  api.setBearerToken(token);
  return token;
}
