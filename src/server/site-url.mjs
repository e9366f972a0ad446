// The site's public origin when SITE_URL is not set: one rule for the server's configuration
// (src/server/config.ts) and for the scripts that build and serve (scripts/build-if-needed.mjs,
// scripts/http-server.mjs), so the pages a build prerenders and the server that serves them
// agree. Production requires SITE_URL (src/server/config.ts, scripts/production-settings.mjs).

/**
 * `http://localhost:<PORT>`; PORT 3000 when unset or not a port number (which the servers
 * refuse anyway).
 * @param {Record<string, string | undefined>} env
 */
export function defaultSiteUrl(env) {
  const raw = env.PORT ?? '';
  const port = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535 ? raw : '3000';
  return `http://localhost:${Number(port)}`;
}

/**
 * SITE_URL of `env`, or its default when unset or empty (as src/server/config.ts reads it).
 * @param {Record<string, string | undefined>} env
 */
export function effectiveSiteUrl(env) {
  return env.SITE_URL || defaultSiteUrl(env);
}
