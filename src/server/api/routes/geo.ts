import { Hono } from 'hono';
import { geoForRequest } from '@/server/geo';
import { ok } from '../envelope';
import type { AppEnv } from '../types';

export const geoRoutes = new Hono<AppEnv>();

// Served standalone by @hono/node-server, the socket is at env.incoming; under Next it is not
// (geoForRequest then reads the address the instrumentation hook stamped on the request).
function socketAddress(env: unknown): string | undefined {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)
    ?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === 'string' ? address : undefined;
}

// POST /api/mms/account/v1/geo_info – the caller's country, address and exposure (spec 3, 7)
geoRoutes.post('/api/mms/account/v1/geo_info', async (c) => {
  const geo = await geoForRequest(c.req.raw, { peer: socketAddress(c.env) });
  return ok(c, geo);
});
