import 'server-only';
import type { Context } from 'hono';
import { config } from '@/server/config';
import { type CidrMatcher, cidrMatcher, normalizeIp } from '@/server/geo/ip-address';
import { stampedPeer } from '@/server/geo/peer-address';
import { socketAddress } from './socket-address';

export interface RequestOriginOptions {
  /** Peers whose X-Forwarded-Proto and X-Forwarded-Host are believed (config TRUSTED_PROXIES). */
  trustedProxies: CidrMatcher;
  /** The socket address when the caller knows it; else the one the peer hook stamped. */
  peer?: string;
  /** The answer when the request names no usable host (no Host header: an in-process call). */
  fallback: string;
}

// A Host value: a name or an IPv4 address, or a bracketed IPv6 address, with an optional port.
const hostPattern = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/i;

/** The last entry of a comma-separated header: what the nearest proxy added. */
function lastEntry(value: string | null): string | undefined {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
}

function originOf(scheme: string, host: string | undefined): string | undefined {
  if (!host || !hostPattern.test(host)) return undefined;
  try {
    return new URL(`${scheme}//${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin the client used for this request, e.g. `http://127.0.0.1:3210` when the browser
 * opened the site under that name (Next's own request URL says `localhost` whatever the browser
 * used): the Host header with the scheme the request came in on. Only when the connecting peer is
 * a trusted proxy do its X-Forwarded-Host and X-Forwarded-Proto count (the last entry: the one
 * that proxy wrote), as X-Forwarded-For does in clientIp. Anyone can send any Host for their own
 * requests, so this is an answer about that request only: never a place to send someone else.
 */
export function requestOrigin(request: Request, options: RequestOriginOptions): string {
  const headers = request.headers;
  const peer = normalizeIp(options.peer ?? stampedPeer(headers));
  const viaProxy = peer !== undefined && options.trustedProxies.contains(peer);
  const forwardedProto = viaProxy
    ? lastEntry(headers.get('x-forwarded-proto'))?.toLowerCase()
    : undefined;
  const scheme =
    forwardedProto === 'http' || forwardedProto === 'https'
      ? `${forwardedProto}:`
      : new URL(request.url).protocol;
  const host =
    (viaProxy ? lastEntry(headers.get('x-forwarded-host')) : undefined) ??
    headers.get('host')?.trim();
  return originOf(scheme, host) ?? new URL(options.fallback).origin;
}

let trusted: { list: readonly string[]; matcher: CidrMatcher } | undefined;

/** requestOrigin with the configured trusted proxies; SITE_URL when the request names no host. */
export function ownOrigin(c: Context): string {
  const settings = config();
  if (trusted?.list !== settings.TRUSTED_PROXIES) {
    trusted = {
      list: settings.TRUSTED_PROXIES,
      matcher: cidrMatcher(settings.TRUSTED_PROXIES),
    };
  }
  return requestOrigin(c.req.raw, {
    trustedProxies: trusted.matcher,
    peer: socketAddress(c.env),
    fallback: settings.SITE_URL,
  });
}
