// The Windows app opens its pay pages (/win-pay, /win-pay/native) with a one-time code,
// `?code=…`, which it got from POST /api/mms/account/v1/web/login/handoff with its own session.
// The page takes the code out of the address bar before anything else, then exchanges it for a
// web session of its own (POST …/web/login/handoff/exchange). Session tokens never travel in
// URLs: `#token=` and `?token=` of older app versions are not read. The session's token stays in
// this tab's session storage, so the provider's return page in the same tab (or in a tab this
// one opened, which gets a copy of session storage) is signed in too.
import { type ApiClient, api } from '@/client/http';
import { readItem, removeItem, type StorageLike, session, writeItem } from '@/client/storage';

export const windowsTokenKey = 'turbovpn.winPay.token';

export const handoffExchangePath = '/api/mms/account/v1/web/login/handoff/exchange';

// Codes and session tokens are 43 base64url characters (256 bits).
const secretShape = /^[A-Za-z0-9_-]{43}$/;

/** The one-time code the address carries (`?code=`), or null when there is none fit to send. */
export function handoffCodeFromUrl(url: URL): string | null {
  const code = url.searchParams.get('code');
  return code && secretShape.test(code) ? code : null;
}

/** The address as path, query and fragment, without the `code` query parameter. */
export function withoutHandoffCode(url: URL): string {
  const clean = new URL(url.href);
  clean.searchParams.delete('code');
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

export type WindowsSignIn =
  /** Signed in: the exchange succeeded now, or earlier in this tab. */
  | { status: 'ready'; token: string }
  /** Not opened by the app: no code, and nothing kept in this tab. */
  | { status: 'missing' }
  /** The code did not sign in (used, expired, wrong, or the exchange failed). */
  | { status: 'expired' };

/**
 * The token this tab keeps from an earlier exchange, given to the site's API client; null when
 * there is none. The provider's return page (/win-pay-result) signs in this way only: its own
 * `token` query parameter is the provider's order id.
 */
export function restoreWindowsToken(
  storage: StorageLike | undefined = session(),
  client: Pick<ApiClient, 'setBearerToken'> = api,
): string | null {
  const stored = readItem(storage, windowsTokenKey);
  const token = stored && secretShape.test(stored) ? stored : null;
  client.setBearerToken(token);
  return token;
}

// One exchange per page load: React may run the page's effect twice, and the second run finds
// the code already gone from the address bar.
let pending: Promise<WindowsSignIn> | undefined;

async function exchange(
  code: string,
  storage: StorageLike | undefined,
  client: ApiClient,
): Promise<WindowsSignIn> {
  try {
    const { token } = await client.request<{ token: string }>(handoffExchangePath, {
      method: 'POST',
      body: { code },
      quiet: true,
    });
    if (!secretShape.test(token)) return { status: 'expired' };
    writeItem(storage, windowsTokenKey, token);
    client.setBearerToken(token);
    return { status: 'ready', token };
  } catch {
    // The code is spent or was never good; the app must open the page again with a new one.
    return { status: 'expired' };
  }
}

/**
 * The pay pages' sign-in. With `?code=` in the address: removes it there at once (the address
 * bar, history, a shared screenshot), forgets any session this tab held, and exchanges the code.
 * Without one: the session this tab kept from an earlier exchange, if any.
 */
export function takeWindowsSession(
  storage: StorageLike | undefined = session(),
  client: ApiClient = api,
): Promise<WindowsSignIn> {
  const url = new URL(window.location.href);
  if (url.searchParams.has('code')) {
    const code = handoffCodeFromUrl(url);
    window.history.replaceState(window.history.state, '', withoutHandoffCode(url));
    // A new hand-off replaces whatever account this tab held: nothing signed in until it works.
    removeItem(storage, windowsTokenKey);
    client.setBearerToken(null);
    pending = code ? exchange(code, storage, client) : Promise.resolve({ status: 'expired' });
    return pending;
  }
  if (pending) return pending;
  const token = restoreWindowsToken(storage, client);
  return Promise.resolve(token ? { status: 'ready', token } : { status: 'missing' });
}

/** Tests only: forget the exchange of the previous "page load". */
export function resetWindowsSessionForTests(): void {
  pending = undefined;
}
