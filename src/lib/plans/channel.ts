// Which catalogue a plans request is answered from (spec 3, 7), in one place for the API, the
// server-rendered pricing pages and the browser's plans cache.

/** Where a request may name its sales channel. */
export interface ChannelSources {
  /** The `channel` query parameter of the page or request. */
  query?: string | null;
  /** The channel cookie the landing page stored (src/client/attribution.ts). */
  cookie?: string | null;
  /** The apps' X-From header (the browser cannot read or send it). */
  from?: string | null;
}

/**
 * The channels to try, in order: the query parameter, then the cookie, then X-From. The first
 * one with plans wins (src/server/payments/catalog.ts); with none, the default catalogue.
 */
export function channelOrder({ query, cookie, from }: ChannelSources): (string | undefined)[] {
  return [query || undefined, cookie || undefined, from || undefined];
}
