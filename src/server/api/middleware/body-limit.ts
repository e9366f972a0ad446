import type { MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { errorResponse } from './error-handler';

/**
 * Refuses bodies over `maxSize` bytes with 413 (the API's envelope). A request that states its
 * length (Content-Length, no Transfer-Encoding; Node reads exactly that many bytes) is judged by
 * the header alone, so the handler can read the body straight from Node's request. Hono's own
 * limit, used for the other requests (chunked bodies), counts the bytes as they stream, but asks
 * for the body as a web stream, which builds a full web Request first: about a tenth of the
 * analytics route's time under load (docs/perf.md).
 */
export function bodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) =>
    errorResponse(c, ApiError.payloadTooLarge(maxSize));
  const streaming = streamingBodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length)) return tooLarge(c);
      if (Number(length) > maxSize) return tooLarge(c);
      await next();
      return;
    }
    return streaming(c, next);
  };
}
