import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/** API answers are personal or live: never cached, unless a route chose a policy itself. */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
}
