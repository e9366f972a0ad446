import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';

const stateChanging: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The site sends `app-type: 502` on every call. A cross-site form or plain link cannot set a
 * custom header, so requiring it on state-changing methods is the API's CSRF guard (with
 * SameSite cookies).
 */
export function requireAppType(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (stateChanging.has(c.req.method) && c.req.header('app-type') !== '502') {
      throw ApiError.forbidden('Requests must carry the app-type header');
    }
    await next();
  };
}
