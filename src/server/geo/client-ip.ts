import 'server-only';
import { type CidrMatcher, normalizeIp } from './ip-address';
import { stampedPeer } from './peer-address';

export interface ClientIpOptions {
  /** Peers allowed to speak for the client through X-Forwarded-For (config TRUSTED_PROXIES). */
  trustedProxies: CidrMatcher;
  /** The socket address when the caller knows it (e.g. @hono/node-server's incoming socket). */
  peer?: string;
}

/**
 * The visitor's address: the connecting socket's, or — only when that socket belongs to a trusted
 * proxy — the right-most X-Forwarded-For entry that is not itself a trusted proxy. Entries left of
 * an untrusted one are ignored, since whoever added them could have written anything.
 *
 * Without a stamped peer (the first requests while the server starts, before instrumentation has
 * installed the hook) the only evidence is X-Forwarded-For as Next left it; Next sets it to the
 * socket address when the client sent none, so its right-most entry is used, never a chain.
 */
export function clientIp(request: Request, options: ClientIpOptions): string | undefined {
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const peer = normalizeIp(options.peer ?? stampedPeer(request.headers));
  if (!peer) return normalizeIp(forwarded.at(-1));
  if (!options.trustedProxies.contains(peer)) return peer;
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const hop = normalizeIp(forwarded[index]);
    // A malformed entry ends the trustworthy part of the chain.
    if (!hop) break;
    if (!options.trustedProxies.contains(hop)) return hop;
    if (index === 0) return hop;
  }
  return peer;
}
