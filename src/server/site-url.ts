// The site's public origin when SITE_URL is not set: one rule for the server's configuration
// (src/server/config.ts), the build (scripts/build/build-if-needed.ts) and the production server
// (src/server/http/http-server.ts), so the pages a build prerenders and the server that serves
// them agree. Production requires SITE_URL (src/server/config.ts, http/production-settings.ts).

/** Environment variables, as process.env holds them. */
export type Env = Record<string, string | undefined>;

/**
 * `http://localhost:<PORT>`; PORT 3000 when unset or not a port number (which the servers
 * refuse anyway).
 */
export function defaultSiteUrl(env: Env): string {
  const raw = env.PORT ?? '';
  const port = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535 ? raw : '3000';
  return `http://localhost:${Number(port)}`;
}

/** SITE_URL of `env`, or its default when unset or empty (as src/server/config.ts reads it). */
export function effectiveSiteUrl(env: Env): string {
  return env.SITE_URL || defaultSiteUrl(env);
}
