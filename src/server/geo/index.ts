import 'server-only';
import { config } from '@/server/config';
import { clientIp } from './client-ip';
import { lookupGeo } from './database';
import { type CidrMatcher, cidrMatcher } from './ip-address';

export { clientIp } from './client-ip';
export { countryName, type GeoLookup, lookupGeo, preloadGeoDatabase } from './database';
export { cidrMatcher, isPrivateIp, normalizeIp } from './ip-address';
export { installPeerAddressHook } from './peer-address';

/** The geo message of spec 3, as `POST /api/mms/account/v1/geo_info` answers it. */
export interface GeoInfo {
  /** English country name ('' when unknown). Callers match 'china' case-insensitively (spec 5). */
  country: string;
  /** ISO 3166-1 alpha-2 ('' when unknown). */
  country_code: string;
  /** The visitor's address as the server sees it ('' when it cannot be told). */
  user_ip: string;
  /** False only when the visitor comes from one of the service's own VPN servers. */
  is_exposed: boolean;
  location: { region?: string; city?: string };
}

interface Ranges {
  trusted: CidrMatcher;
  vpn: CidrMatcher;
}

let ranges: Ranges | undefined;

function configuredRanges(): Ranges {
  if (!ranges) {
    const settings = config();
    ranges = {
      trusted: cidrMatcher(settings.TRUSTED_PROXIES),
      vpn: cidrMatcher(settings.VPN_SERVER_RANGES),
    };
  }
  return ranges;
}

export interface GeoOptions {
  /** Defaults: config TRUSTED_PROXIES and VPN_SERVER_RANGES. */
  trustedProxies?: CidrMatcher;
  vpnServerRanges?: CidrMatcher;
  /** The socket address when the caller has it. */
  peer?: string;
}

/** The caller's address with the configured trusted proxies (see clientIp). */
export function requestIp(request: Request, peer?: string): string | undefined {
  return clientIp(request, { trustedProxies: configuredRanges().trusted, peer });
}

/** True unless the address is inside the service's own server ranges (config VPN_SERVER_RANGES). */
export function isExposed(ip: string, vpnServerRanges = configuredRanges().vpn): boolean {
  return !vpnServerRanges.contains(ip);
}

/** The geo message for an address (private and unknown addresses give empty country fields). */
export function geoForIp(ip: string | undefined, vpnServerRanges?: CidrMatcher): GeoInfo {
  const found = ip ? lookupGeo(ip) : null;
  const location: GeoInfo['location'] = {};
  if (found?.region) location.region = found.region;
  if (found?.city) location.city = found.city;
  return {
    country: found?.country ?? '',
    country_code: found?.country_code ?? '',
    user_ip: ip ?? '',
    is_exposed: ip ? isExposed(ip, vpnServerRanges ?? configuredRanges().vpn) : true,
    location,
  };
}

/**
 * The caller's geo message, from the request's client address (see clientIp). Stable API for
 * other areas: accounts (blocked region), marketing (/what-is-my-ip), consent (EU/EEA/UK).
 * Async so that the lookup may move off the process later without changing callers.
 */
export async function geoForRequest(request: Request, options: GeoOptions = {}): Promise<GeoInfo> {
  const ip = clientIp(request, {
    trustedProxies: options.trustedProxies ?? configuredRanges().trusted,
    peer: options.peer,
  });
  return geoForIp(ip, options.vpnServerRanges);
}
