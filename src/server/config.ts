import 'server-only';
import { isIP } from 'node:net';
import { z } from 'zod';
import { logger, logLevels } from './log';
import { defaultSiteUrl } from './site-url';

/** "a, b" → ['a', 'b'] (with ','): the entries of a list setting, trimmed, empty ones dropped. */
const splitList = (separator: string) => (value: string) =>
  value
    .split(separator)
    .map((entry) => entry.trim())
    .filter(Boolean);

// "a, b" → ['a', 'b']; each entry must be a CIDR block (or a single address) of IPv4 or IPv6.
export const cidrListSchema = z
  .string()
  .transform(splitList(','))
  .pipe(
    z.array(
      z.string().refine(isCidr, { message: 'must be a comma-separated list of CIDR blocks' }),
    ),
  );

// "/a, /b/c" → ['/a', '/b/c']: site paths without locale prefix.
export const pathListSchema = z
  .string()
  .transform(splitList(','))
  .pipe(z.array(z.string().regex(/^\/[^\s?#]*$/, 'must be a comma-separated list of paths')));

// An on/off switch: '1' turns it on, '0' (or unset) leaves it off.
const flagSchema = z
  .enum(['0', '1'], { message: 'must be 1 or 0' })
  .transform((value) => value === '1')
  .default(false);

function isCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

// Every setting the server reads, with its documented default (README.md, .env.example).
// An invalid value stops the server at start with a message that names the setting.
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // What this server is for, independent of how Next was built (`next start` always sets
    // NODE_ENV=production): a newcomer's `npm start` is 'development' and gets the demo account;
    // operators run 'production', which never seeds demo data.
    APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // The public origin (canonical URLs, sitemap, mail links). Unset: http://localhost:<PORT>,
    // the local server (parseConfig); production requires it.
    SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
    // End-to-end tests of the error pages only: `page` makes /pricing throw while it renders,
    // `error-page` makes the error page fail too (src/server/test-failures.ts). Refused when
    // APP_ENV=production.
    TEST_FAILURES: z
      .string()
      .regex(
        /^((page|error-page)(,(page|error-page))*)?$/,
        'must be "", "page" or "page,error-page"',
      )
      .default(''),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PGLITE_DIR: z.string().min(1).default('./data/pglite'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    // Unset: mail goes to the development outbox (stored in the database and printed).
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Turbo VPN <no-reply@turbovpn.local>'),
    // The seller a receipt names: its legal name, and its postal address as lines apart by '|'
    // ("Example GmbH|Street 1|10115 Berlin|Germany"). Production warns at start without one.
    SELLER_NAME: z.string().trim().min(1).default('Turbo VPN'),
    SELLER_ADDRESS: z.string().transform(splitList('|')).default([]),
    // A JSON file whose apps replace those of content/downloads.json (store listings, installers
    // with their checksums; docs/operations.md, "Downloads"). Read at build: the download pages
    // are prerendered with it, and a build made with another file is stale.
    DOWNLOADS_MANIFEST: z.string().min(1).optional(),
    // Posts per page of the blog's category, tag and archive lists.
    BLOG_PAGE_SIZE: z.coerce.number().int().min(1).max(50).default(4),
    // Forms (issue 6): where contact messages, partner applications and surveys are announced.
    TEAM_INBOX: z.email().default('team@turbovpn.local'),
    // Geo and tracking (issue 7). Comma-separated CIDR lists, e.g. "10.0.0.0/8,::1/128".
    // X-Forwarded-For is honoured only when the connecting peer is inside TRUSTED_PROXIES.
    TRUSTED_PROXIES: cidrListSchema.default([]),
    // The service's own VPN exit ranges: a visitor coming from one of them is not exposed.
    VPN_SERVER_RANGES: cidrListSchema.default([]),
    // Paths whose first visit in a browser session goes to LEGACY_REDIRECT_URL (spec 4).
    LEGACY_REDIRECT_PATHS: pathListSchema.default([]),
    LEGACY_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Buffered analytics writer: rows per insert and the longest a row waits in memory.
    ANALYTICS_FLUSH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
    ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    // Analytics events one client address may send per minute, per instance; 0: no limit.
    // Sized in src/server/analytics/ip-limit.ts: 300 busy visitors behind one NAT × 20/min.
    ANALYTICS_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
    // Accounts: a session ends after this long unused (idle) or this long after sign-in (absolute).
    SESSION_IDLE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(7 * 24 * 3600),
    SESSION_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30 * 24 * 3600),
    // Devices (apps and signed-in browsers) per account; one more ends the least recently seen.
    ACCOUNT_DEVICE_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
    // Signed-in browsers per account; one more ends the oldest web session (code 50012).
    ACCOUNT_WEB_SESSION_LIMIT: z.coerce.number().int().min(1).max(100).default(10),
    // reCAPTCHA v3. No secret: the bot check is off. The site key is read at build time.
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // 1: no bot check even with a secret (production refuses to start without the keys unless
    // this says so; the start-up log then warns).
    RECAPTCHA_DISABLED: flagSchema,
    // Payments (issue 4). With PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal's REST API in
    // PAYPAL_ENV (spec 9: production); without them: the built-in sandbox provider, whose local
    // approval page lets a newcomer buy a plan end to end. PAYPAL_API_BASE overrides the host
    // (tests point it at a local fake PayPal server).
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_ENV: z.enum(['production', 'sandbox']).default('production'),
    PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    // 1: APP_ENV=production may use PAYPAL_ENV=sandbox or PAYPAL_API_BASE (a staging site that
    // must not take money); the start-up log then warns.
    PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: flagSchema,
    // The id PayPal gave the webhook subscription; its deliveries are verified against it.
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    // Longest wait for one call to the payment provider.
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    // Bearer token Prometheus sends to GET /metrics. Unset: /metrics answers 404.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.APP_ENV === 'production' && value.TEST_FAILURES) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_FAILURES'],
        message: 'is for end-to-end tests and must be empty when APP_ENV=production',
      });
    }
    // Canonical URLs, the sitemap and mail links name the public origin, never localhost.
    if (value.APP_ENV === 'production' && !value.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          'is required when APP_ENV=production (the public origin, e.g. https://www.example.com)',
      });
    }
    // PGlite is one process's private database: several instances behind a load balancer must
    // share sessions, limits and orders through one PostgreSQL (docs/operations.md).
    if (value.APP_ENV === 'production' && !value.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required when APP_ENV=production',
      });
    }
    // The outbox would swallow real users' mail: production needs a real SMTP server.
    if (value.APP_ENV === 'production' && !value.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when APP_ENV=production',
      });
    }
    // One credential without the other is a typo, never a choice.
    if (Boolean(value.PAYPAL_CLIENT_ID) !== Boolean(value.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'],
        message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
      });
    }
    // The sandbox provider grants premium without money: never in production.
    if (value.APP_ENV === 'production' && !value.PAYPAL_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_ID'],
        message: 'and PAYPAL_CLIENT_SECRET are required when APP_ENV=production',
      });
    }
    if (value.APP_ENV === 'production' && !value.PAYPAL_WEBHOOK_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_WEBHOOK_ID'],
        message: 'is required when APP_ENV=production',
      });
    }
    // PayPal's sandbox (or another host) in production takes orders that are never paid for
    // and grants premium for them: only on purpose.
    if (value.APP_ENV === 'production' && !value.PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION) {
      if (value.PAYPAL_ENV === 'sandbox') {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYPAL_ENV'],
          message:
            'sandbox is refused when APP_ENV=production unless PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1',
        });
      }
      if (value.PAYPAL_API_BASE) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYPAL_API_BASE'],
          message: 'is refused when APP_ENV=production unless PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1',
        });
      }
    }
    // Without keys there is no bot check in front of login: only on purpose.
    if (value.APP_ENV === 'production' && !value.RECAPTCHA_DISABLED) {
      for (const name of ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'] as const) {
        if (value[name]) continue;
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'is required when APP_ENV=production (RECAPTCHA_DISABLED=1 runs without the bot check)',
        });
      }
    }
    // A guessable token would publish the business's request and payment figures.
    if (
      value.APP_ENV === 'production' &&
      value.METRICS_TOKEN !== undefined &&
      value.METRICS_TOKEN.length < 32
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'must be at least 32 characters when APP_ENV=production',
      });
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, 'SITE_URL'> & { SITE_URL: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  // Unset (never in production): the local server on PORT, as the build that prerendered the
  // pages saw it (scripts/build/build-if-needed.ts applies the same rule).
  return { ...result.data, SITE_URL: result.data.SITE_URL ?? defaultSiteUrl(cleaned) };
}

const legacyRedirectSchema = z.object({
  LEGACY_REDIRECT_PATHS: pathListSchema.default([]),
  LEGACY_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * Only the legacy-redirect settings: the root layout reads them while pages are prerendered,
 * where the rest of the configuration (e.g. production's SMTP_URL) need not be present.
 */
export function legacyRedirectConfig(
  env: Record<string, string | undefined> = process.env,
): z.infer<typeof legacyRedirectSchema> {
  const result = legacyRedirectSchema.safeParse({
    LEGACY_REDIRECT_PATHS: env.LEGACY_REDIRECT_PATHS || undefined,
    LEGACY_REDIRECT_URL: env.LEGACY_REDIRECT_URL || undefined,
  });
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

/**
 * The checks these settings turn off on purpose, each as a sentence for the start-up log:
 * operators must see them, since a forgotten one costs money or lets bots in.
 */
export function relaxedChecks(settings: Config): { setting: string; message: string }[] {
  const relaxed: { setting: string; message: string }[] = [];
  if (settings.RECAPTCHA_DISABLED) {
    relaxed.push({
      setting: 'RECAPTCHA_DISABLED',
      message: 'Bot check off (RECAPTCHA_DISABLED=1): login is not protected by reCAPTCHA',
    });
  }
  if (
    settings.APP_ENV === 'production' &&
    settings.PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION &&
    (settings.PAYPAL_ENV === 'sandbox' || settings.PAYPAL_API_BASE)
  ) {
    relaxed.push({
      setting: 'PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION',
      message:
        'Payments go to a PayPal sandbox or test host in production ' +
        '(PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1): no real money moves',
    });
  }
  return relaxed;
}

let current: Config | undefined;
// Next loads this module in several bundles of one process; the warnings are said once.
const announcedKey = Symbol.for('turbovpn.config.relaxed-announced');
const announced = globalThis as typeof globalThis & { [announcedKey]?: boolean };

/**
 * The configuration of this process, parsed once from the environment. The first parse (at
 * start, src/server/startup.ts) writes one warn line per check the settings turn off.
 */
export function config(): Config {
  if (!current) {
    current = parseConfig(process.env);
    if (!announced[announcedKey]) {
      announced[announcedKey] = true;
      for (const { setting, message } of relaxedChecks(current)) {
        logger.warn({ area: 'startup', setting }, message);
      }
    }
  }
  return current;
}
