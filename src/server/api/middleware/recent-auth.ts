import type { MiddlewareHandler } from 'hono';
import { assertRecentlyAuthenticated } from '@/server/account/reauth';
import type { AuthEnv } from '@/server/session/middleware';

/**
 * After requireSession(): refuses (40014, with the ways the account can confirm in
 * `data.methods`) unless this session gave a password, passkey or two-factor code in the last
 * 5 minutes. The site then asks for one (POST web/reauth) and repeats the call.
 */
export function requireRecentAuth(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const { session, user } = c.var.auth;
    await assertRecentlyAuthenticated(c.var.db().db, user, session);
    await next();
  };
}
