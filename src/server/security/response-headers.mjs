// The headers every response of the site carries. next.config.ts sets them on what Next serves;
// scripts/http-server.mjs sets the same on the framework files it serves from their Brotli
// copies. Plain JavaScript, so the production server reads it without a compiler.

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

/**
 * Headers of every response; HSTS only in production, where the site is served over HTTPS.
 * @param {boolean} production
 */
export function securityHeaders(production) {
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
export const resourceHeaders = [
  { key: 'Content-Security-Policy', value: resourceContentSecurityPolicy },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];
