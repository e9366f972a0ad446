import { isIP } from 'node:net';
import { normalizeIp } from '@/server/geo/ip-address';

/**
 * The key a per-address limit counts under. An IPv4 address is its own key; an IPv6 client
 * counts by its /64 prefix, since one subscriber is usually handed a whole /64 and could
 * otherwise take a fresh address (and a fresh limit) for every request. Anything that is not
 * an address ('unknown') is returned as it is, so such callers share one limit.
 */
export function rateLimitKey(ip: string): string {
  const normalized = normalizeIp(ip);
  if (!normalized) return ip;
  if (isIP(normalized) !== 6) return normalized;
  return `${ipv6Groups(normalized).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, '::' expanded, lower case, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4 stays IPv6 only when not mapped) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
