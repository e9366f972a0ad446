import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { asLocale, localeCookieName } from '@/lib/locales';
import {
  callerLocation,
  isBlockedCountry,
  sessionClientOf,
} from '@/server/account/client-location';
import { accountErrors } from '@/server/account/errors';
import type { User } from '@/server/db/schema';
import { setSessionCookies } from '@/server/session/cookies';
import type { SessionSettings } from '@/server/session/service';
import { ok } from './envelope';

// What every way of signing in (password, second step, passkey) takes from its request and
// answers: refused from a blocked region, counted by the caller's address, its browser and
// country for the session, the LANGUAGE cookie for the mails it causes; then the cookies.

export async function signInRequest(c: Context) {
  const where = await callerLocation(c.req.raw);
  if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
  return {
    ipKey: where.limitKey,
    client: sessionClientOf(c.req.raw, where),
    locale: asLocale(getCookie(c, localeCookieName)),
  };
}

/** Sets the new session's cookies and answers its token, as web/login does. */
export function signedIn(
  c: Context,
  result: { token: string; user: User },
  settings: SessionSettings,
) {
  setSessionCookies(c, result.token, settings.maxAgeSeconds, result.user.id);
  return ok(c, { token: result.token });
}
