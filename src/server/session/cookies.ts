import 'server-only';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookieName, sessionHintCookieName } from '@/lib/session-cookie';
import { config } from '@/server/config';

function secure(): boolean {
  // Operators' production runs over HTTPS; a newcomer's http://localhost must still work.
  return config().APP_ENV === 'production';
}

/** Sets the HttpOnly session cookie and its readable "signed in" hint, for the session's life. */
/**
 * The session (httpOnly) and its hint for the page's scripts, which carries the account's user
 * id: the same id the account page shows, so analytics events name their user (spec 3 user_id)
 * without asking the API on every page. It grants nothing; the session cookie does.
 */
export function setSessionCookies(
  c: Context,
  token: string,
  maxAgeSeconds: number,
  userId: string,
): void {
  const common = { path: '/', sameSite: 'Lax', secure: secure(), maxAge: maxAgeSeconds } as const;
  setCookie(c, sessionCookieName, token, { ...common, httpOnly: true });
  setCookie(c, sessionHintCookieName, userId, common);
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, sessionCookieName, { path: '/', secure: secure() });
  deleteCookie(c, sessionHintCookieName, { path: '/', secure: secure() });
}

/** The token a request presents: `Authorization: Bearer` (the apps) first, then the cookie. */
export function presentedToken(c: Context): { token: string; from: 'bearer' | 'cookie' } | null {
  const header = c.req.header('Authorization');
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return { token: bearer, from: 'bearer' };
  const cookie = getCookie(c, sessionCookieName);
  return cookie ? { token: cookie, from: 'cookie' } : null;
}
