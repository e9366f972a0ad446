import 'server-only';
import type { Context } from 'hono';
import { socketAddress } from '@/server/api/socket-address';
import type { AppEnv } from '@/server/api/types';
import { requestIp } from '@/server/geo';

/**
 * The address per-IP form limits count a visitor by: the geo module's reader (the socket, or
 * X-Forwarded-For only from TRUSTED_PROXIES), so there is one rule for who the caller is.
 */
export function clientIpOf(c: Context<AppEnv>): string {
  return requestIp(c.req.raw, socketAddress(c.env)) ?? 'unknown';
}
