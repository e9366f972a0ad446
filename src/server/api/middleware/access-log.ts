import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { logger } from '@/server/log';
import { recordRequest } from '@/server/metrics';
import type { AppEnv } from '../types';

/** The label of requests no route matched: one value, however many paths are tried. */
export const unmatchedRoute = 'unmatched';

// Probes call these every few seconds; their lines are debug so they do not drown the log.
const probeRoutes: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const isMiddlewarePath = (path: string) => path === '*' || path === '/*';

/**
 * The route pattern a request matched (`/api/mms/payment/v1/orders/:id`), never its raw path:
 * raw paths carry ids and tokens, and as a metric label they would be unbounded. The handler
 * that answered wins; when a middleware answered first (a refused CSRF header, a body too large)
 * it is the route the path would have reached.
 */
export function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const responder = routes[c.req.routeIndex];
  if (responder && !isMiddlewarePath(responder.path)) return responder.path;
  for (let i = routes.length - 1; i >= 0; i -= 1) {
    const route = routes[i];
    if (route && !isMiddlewarePath(route.path)) return route.path;
  }
  return unmatchedRoute;
}

/**
 * Gives every request a logger that carries its id (`c.var.log`), and when the answer is ready
 * writes one access line (method, route pattern, status, duration in ms; no query string) and
 * counts the request in the HTTP metrics. Runs after requestId().
 */
export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ request_id: c.var.requestId });
    c.set('log', log);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routePattern(c);
    const status = c.res.status;
    recordRequest({ method: c.req.method, route, status }, seconds);
    const line = {
      method: c.req.method,
      route,
      status,
      duration_ms: Math.round(seconds * 100_000) / 100,
    };
    if (probeRoutes.has(route)) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
