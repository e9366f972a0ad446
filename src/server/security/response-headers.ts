// The headers every response of the site carries. next.config.ts sets them on what Next serves;
// the production server (src/server/http/http-server.ts) sets the same on the framework files it
// serves from their Brotli copies.

/**
 * The policy of everything the proxy does not see (the API, framework files, metadata routes):
 * nothing there is a page of ours, so nothing may run; the payment sandbox's approval page only
 * needs its inline <style> and its forms.
 */
export const resourceContentSecurityPolicy = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A response header, in the shape next.config.ts's `headers()` takes. */
export type Header = { key: string; value: string };

/** Headers of every response; HSTS only in production, where the site is served over HTTPS. */
export function securityHeaders(production: boolean): Header[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    },
    ...(production
      ? [
          {
            key: 'Strict-Transport-Security',
            value: 'max-age=63072000; includeSubDomains; preload',
          },
        ]
      : []),
  ];
}

/** Headers of everything that is not a page (pages get theirs from src/proxy.ts). */
export const resourceHeaders: Header[] = [
  { key: 'Content-Security-Policy', value: resourceContentSecurityPolicy },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];
