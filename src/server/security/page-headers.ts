// Per-response security and caching headers of pages, set by the proxy (docs/security.md).
// The headers that are the same everywhere (HSTS, nosniff, COOP, …) come from next.config.ts.
import path from 'node:path';
import { logger } from '@/server/log';
import { newNonce, pageContentSecurityPolicy } from './csp';
import { type PrerenderedHashes, prerenderedHashesOf } from './csp-manifest';

/** Prerendered pages: a CDN keeps them an hour and may serve a stale copy for a day while it refreshes. */
export const publicPageCacheControl =
  'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400';
/** Pages rendered per request (they may be personal, and their nonce must never repeat). */
export const privatePageCacheControl = 'private, no-store';
/** Public pages whose response sets a cookie: the browser may keep them, a shared cache never. */
export const cookiePageCacheControl = 'private, no-cache';
/** Files of public/: not content-hashed, so a day, refreshed in the background for a week. */
export const publicFileCacheControl = 'public, max-age=86400, stale-while-revalidate=604800';

export interface PageSecurity {
  /** The Content-Security-Policy value. */
  csp: string;
  /** Set for pages rendered per request; the request must then carry the CSP too. */
  nonce?: string;
  /** Whether the answer is the HTML written at build time. */
  prerendered: boolean;
}

export interface PageSecurityOptions {
  production: boolean;
  recaptcha: boolean;
  hashesOf: PrerenderedHashes;
}

/**
 * The policy for a request whose page is `route` (the internal path, e.g. `/ar/features`):
 * the hashes of its inline scripts when it is prerendered, a fresh nonce otherwise.
 */
export function pageSecurityFor(route: string, options: PageSecurityOptions): PageSecurity {
  const csp = { production: options.production, recaptcha: options.recaptcha };
  const hashes = options.production ? options.hashesOf(route) : undefined;
  if (hashes) {
    return {
      csp: pageContentSecurityPolicy({ kind: 'hashes', hashes }, csp),
      prerendered: true,
    };
  }
  const nonce = newNonce();
  return {
    csp: pageContentSecurityPolicy({ kind: 'nonce', nonce }, csp),
    nonce,
    prerendered: false,
  };
}

/**
 * Cache-Control of a page answer: public only for the HTML everyone gets (prerendered, not behind
 * a session check, setting no cookie). An unprefixed URL's answer also depends on the LANGUAGE
 * cookie (a 307 to the visitor's language instead); Next replaces any `Vary` the proxy sets, so
 * the CDN must bypass or key on that cookie (docs/operations.md, "CDN").
 */
export function pageCacheControl(options: {
  prerendered: boolean;
  protectedPage: boolean;
  setsCookie: boolean;
  notFound: boolean;
}): string {
  if (!options.prerendered || options.protectedPage || options.notFound) {
    return privatePageCacheControl;
  }
  return options.setsCookie ? cookiePageCacheControl : publicPageCacheControl;
}

let defaultHashes: PrerenderedHashes | undefined;

/** The running server's settings: its build in ./.next, reCAPTCHA as configured at build. */
export function serverPageSecurityOptions(): PageSecurityOptions {
  defaultHashes ??= prerenderedHashesOf(path.join(process.cwd(), '.next'), (message) =>
    logger.warn({ area: 'security' }, message),
  );
  return {
    production: process.env.NODE_ENV === 'production',
    // next.config.ts writes this at build time, when the login page's script was decided.
    recaptcha: process.env.CSP_ALLOW_RECAPTCHA === 'on',
    hashesOf: defaultHashes,
  };
}
