import { Hono } from 'hono';
import { geoForRequest } from '@/server/geo';
import { ok } from '../envelope';
import { socketAddress } from '../socket-address';
import type { AppEnv } from '../types';

export const geoRoutes = new Hono<AppEnv>();

// POST /api/mms/account/v1/geo_info – the caller's country, address and exposure (spec 3, 7)
geoRoutes.post('/geo_info', async (c) => {
  const geo = await geoForRequest(c.req.raw, { peer: socketAddress(c.env) });
  return ok(c, geo);
});
