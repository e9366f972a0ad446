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
export function setSessionCookies(c: Context, token: string, maxAgeSeconds: number): void {
  const common = { path: '/', sameSite: 'Lax', secure: secure(), maxAge: maxAgeSeconds } as const;
  setCookie(c, sessionCookieName, token, { ...common, httpOnly: true });
  setCookie(c, sessionHintCookieName, '1', common);
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
