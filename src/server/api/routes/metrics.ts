import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { metrics } from '@/server/metrics';
import { ApiError } from '../errors';
import { notFound } from '../middleware/error-handler';
import type { AppEnv } from '../types';

// Digests have one length whatever was sent, so the comparison takes the same time for any
// wrong token and reveals neither its length nor how much of it matched.
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * GET /metrics – Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>` only.
 * Without a configured token the endpoint does not exist (404), so it is never exposed by
 * accident.
 */
export function metricsRoutes(token: () => string | undefined) {
  const routes = new Hono<AppEnv>();
  // GET /metrics – the registry's metrics, for the bearer of the configured token
  routes.get('/', async (c) => {
    const expected = token();
    if (!expected) return notFound(c);
    const presented = bearerToken(c.req.header('Authorization'));
    if (!presented || !sameSecret(presented, expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw ApiError.unauthorized('A valid metrics token is required');
    }
    const { registry } = metrics();
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
  return routes;
}
