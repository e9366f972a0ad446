import { BlockList, isIP } from 'node:net';

/**
 * An address as a client or proxy wrote it, made comparable: brackets, ports and IPv6 zone ids
 * removed, IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) turned into
 * plain IPv4. Undefined when the text is not an IP address.
 */
export function normalizeIp(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  let value = raw.trim();
  // "[2001:db8::1]:443" (RFC 7239 style) and "1.2.3.4:5678".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value))
    value = value.slice(0, value.lastIndexOf(':'));
  const zone = value.indexOf('%');
  if (zone !== -1) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped?.[1]) value = mapped[1];
  const family = isIP(value);
  if (family === 0) return undefined;
  return family === 6 ? value.toLowerCase() : value;
}

/** Whether an address falls inside any block of a CIDR list. */
export interface CidrMatcher {
  contains(ip: string): boolean;
  readonly size: number;
}

/** Builds a matcher from entries like "10.0.0.0/8", "2001:db8::/32" or a single address. */
export function cidrMatcher(entries: readonly string[]): CidrMatcher {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const normalized = normalizeIp(address);
    if (!normalized) throw new Error(`Not a CIDR block: ${entry}`);
    const type = isIP(normalized) === 6 ? 'ipv6' : 'ipv4';
    const bits = prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix);
    list.addSubnet(normalized, bits, type);
  }
  return {
    size: entries.length,
    contains(ip) {
      const normalized = normalizeIp(ip);
      if (!normalized || entries.length === 0) return false;
      return list.check(normalized, isIP(normalized) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

// Loopback, private, link-local, CGNAT, unique-local and documentation ranges: no database
// places them, and they are never a visitor's public address.
const nonPublic = cidrMatcher([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
]);

/** True for loopback, private (RFC 1918 / ULA), link-local and carrier-grade NAT addresses. */
export function isPrivateIp(ip: string): boolean {
  return nonPublic.contains(ip);
}
