import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, unavailable } from '@/server/db/client';
import { logger } from '@/server/log';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { invalidRequest } from '../validate';
import { routePattern } from './access-log';

/** What a request answers (503) while the database cannot be reached; ApiErrors.503 in English. */
export const databaseUnavailableMessage =
  'The service is temporarily unavailable. Please try again in a moment.';
const databaseRetryAfterSeconds = 5;

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const retryAfter = (error.data as { retry_after?: unknown } | undefined)?.retry_after;
  if ((error.status === 429 || error.status === 503) && typeof retryAfter === 'number') {
    c.header('Retry-After', String(retryAfter));
  }
  return c.json(error.toBody(), error.status);
}

// The database's name for the log (never with a password); a generic one if even that fails.
function databaseLabel(c: Context<AppEnv>): string {
  try {
    return c.var.db().label;
  } catch {
    return '(the configured database)';
  }
}

// The one place errors become answers. Only ApiError messages (written for clients) and a few
// fixed texts reach the client; anything unexpected is logged with the request id, which the
// client also gets so a report can be matched to the log.
function toApiError(error: Error, c: Context<AppEnv>): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return invalidRequest(error);
  if (error instanceof SyntaxError) return ApiError.badRequest('Invalid JSON body');
  if (error instanceof HTTPException && error.status < 500) {
    return new ApiError(error.status, error.status, error.message || 'Bad request');
  }
  const request_id = c.var.requestId;
  // The route pattern, not the raw path: paths carry ids and tokens.
  const where = { area: 'api', method: c.req.method, route: routePattern(c) };
  const log = c.var.log ?? logger.child({ request_id });
  if (isDatabaseUnavailable(error)) {
    // The database is down or unreachable: a short line (no SQL, no host), and an answer the
    // client may retry. The pool reconnects on its own once the database is back.
    const reason = unavailable(databaseLabel(c), error).message;
    log.error({ ...where, reason }, reason);
    return ApiError.unavailable(databaseUnavailableMessage, {
      request_id,
      retry_after: databaseRetryAfterSeconds,
    });
  }
  log.error({ ...where, err: error }, 'request failed');
  return new ApiError(500, 500, 'Internal server error', { request_id });
}

export const onError: ErrorHandler<AppEnv> = (error, c) => errorResponse(c, toApiError(error, c));

// Long paths are cut so a 404 cannot be used to reflect a large payload.
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  const path = new URL(c.req.url).pathname;
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return errorResponse(c, ApiError.notFound(`No API endpoint at ${c.req.method} ${shown}`));
};
