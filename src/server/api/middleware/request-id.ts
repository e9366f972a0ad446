import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

export const requestIdHeader = 'X-Request-Id';

// An id from a proxy or client is kept so one request can be followed across logs, but only in
// a shape that cannot smuggle anything into a log line or header.
const acceptable = /^[a-zA-Z0-9-]{8,64}$/;

/** Gives every request an id (`c.var.requestId`) and echoes it on every response. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header(requestIdHeader);
    const id = incoming && acceptable.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    c.header(requestIdHeader, id);
  };
}
