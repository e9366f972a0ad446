import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/server/api/errors';
import type { AppEnv } from '@/server/api/types';
import { presentedToken } from './cookies';
import { type Authenticated, authenticate } from './service';

/** Routes behind requireSession() read the caller's session and user from `c.var.auth`. */
export interface AuthEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { auth: Authenticated };
}

/**
 * 401 code 401 without a token; 401 with 50008 / 50012 / 50014 for a bad one. The dead cookie
 * is left alone on purpose: the site answers these codes with the "Confirm logout" dialog,
 * whose Cancel keeps the visitor on the page (and keeps getting the dialog) and whose Re-Login
 * logs out, which clears the cookies (spec 8).
 */
export function requireSession(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const presented = presentedToken(c);
    if (!presented) throw ApiError.unauthorized('Sign in required');
    c.set('auth', await authenticate(c.var.db().db, presented.token));
    await next();
  };
}
