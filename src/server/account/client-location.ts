import 'server-only';
import { geoForRequest } from '@/server/geo';
import { rateLimitKey } from '@/server/rate-limit/ip-key';
import type { SessionClient } from '@/server/session/service';

// The one seam between accounts and the geo area: the caller's address (for per-IP limits) and
// country (for the blocked region of spec 5), both from the geo module's trusted-proxy-aware
// lookup. Accounts never parse X-Forwarded-For or read an IP database themselves.

export interface CallerLocation {
  /** The client address, or 'unknown' when it cannot be told (all such callers share limits). */
  ip: string;
  /** What per-address limits count under: the address, or an IPv6 client's /64 prefix. */
  limitKey: string;
  /** English country name, '' when unknown. */
  country: string;
  /** ISO 3166-1 alpha-2 code of that country, '' when unknown. */
  countryCode: string;
}

export async function callerLocation(request: Request): Promise<CallerLocation> {
  const geo = await geoForRequest(request);
  const ip = geo.user_ip || 'unknown';
  return { ip, limitKey: rateLimitKey(ip), country: geo.country, countryCode: geo.country_code };
}

export const blockedRegionMessage =
  'Due to policy, this service is not available in China. Thank you for your understanding!';

/** Spec 5: a country whose name contains 'china' (case-insensitive) is blocked. */
export function isBlockedCountry(country: string): boolean {
  return country.toLowerCase().includes('china');
}

/** Where a new web session signs in from: the request's User-Agent and the caller's country. */
export function sessionClientOf(request: Request, where: CallerLocation): SessionClient {
  return { userAgent: request.headers.get('user-agent') ?? '', country: where.countryCode };
}

/** The caller's browser and country, for a request that has not looked its location up yet. */
export async function requestClient(request: Request): Promise<SessionClient> {
  return sessionClientOf(request, await callerLocation(request));
}
