import 'server-only';
import type { Context } from 'hono';
import { socketAddress } from '@/server/api/socket-address';
import type { AppEnv } from '@/server/api/types';
import { requestIp } from '@/server/geo';
import { rateLimitKey } from '@/server/rate-limit/ip-key';

/**
 * The caller's real address: the geo module's reader (the socket, or X-Forwarded-For only from
 * TRUSTED_PROXIES), so there is one rule for who the caller is. Store and log this one.
 */
export function clientIpOf(c: Context<AppEnv>): string {
  return requestIp(c.req.raw, socketAddress(c.env)) ?? 'unknown';
}

/**
 * The key per-address form limits count a visitor under: the address itself for IPv4, its /64
 * prefix for IPv6 (rateLimitKey), so a client that owns a whole /64 cannot take a fresh
 * address, and a fresh allowance, for every request.
 */
export function clientLimitKeyOf(c: Context<AppEnv>): string {
  return rateLimitKey(clientIpOf(c));
}
