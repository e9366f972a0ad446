import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CapturedLogs, captureLogs } from '../../tests/support/log-capture';
import { completeProductionEnv } from '../../tests/support/production-env';
import { ConfigError, parseConfig, relaxedChecks } from './config';

describe('parseConfig', () => {
  it('gives every setting its documented default', () => {
    expect(parseConfig({})).toEqual({
      NODE_ENV: 'development',
      APP_ENV: 'development',
      SITE_URL: 'http://localhost:3000',
      TEST_FAILURES: '',
      PGLITE_DIR: './data/pglite',
      LOG_LEVEL: 'info',
      MAIL_FROM: 'Turbo VPN <no-reply@turbovpn.local>',
      SELLER_NAME: 'Turbo VPN',
      SELLER_ADDRESS: [],
      BLOG_PAGE_SIZE: expect.any(Number),
      TEAM_INBOX: 'team@turbovpn.local',
      TRUSTED_PROXIES: [],
      VPN_SERVER_RANGES: [],
      LEGACY_REDIRECT_PATHS: [],
      ANALYTICS_FLUSH_SIZE: 500,
      ANALYTICS_FLUSH_MS: 1000,
      ANALYTICS_IP_LIMIT_PER_MINUTE: 6000,
      SESSION_IDLE_SECONDS: 604800,
      SESSION_MAX_AGE_SECONDS: 2592000,
      ACCOUNT_DEVICE_LIMIT: 5,
      ACCOUNT_WEB_SESSION_LIMIT: 10,
      RECAPTCHA_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
      RECAPTCHA_MIN_SCORE: 0.5,
      RECAPTCHA_DISABLED: false,
      PAYPAL_ENV: 'production',
      PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: false,
      PAYMENT_TIMEOUT_MS: 20_000,
    });
  });

  it('reads the seller address as lines apart by |, blank ones dropped', () => {
    expect(parseConfig({ SELLER_ADDRESS: 'Example GmbH| Street 1 ||10115 Berlin ' })).toMatchObject(
      {
        SELLER_ADDRESS: ['Example GmbH', 'Street 1', '10115 Berlin'],
      },
    );
  });

  it('refuses the error-page test failures in production, and unknown ones anywhere', () => {
    expect(() => parseConfig({ ...completeProductionEnv, TEST_FAILURES: 'page' })).toThrow(
      'TEST_FAILURES: is for end-to-end tests and must be empty when APP_ENV=production',
    );
    expect(() => parseConfig({ TEST_FAILURES: 'everything' })).toThrow(/TEST_FAILURES/);
    expect(parseConfig({ TEST_FAILURES: 'page,error-page' }).TEST_FAILURES).toBe('page,error-page');
  });

  it('names every missing production setting at once', () => {
    expect(() => parseConfig({ APP_ENV: 'production' })).toThrow(
      new ConfigError(
        'Invalid configuration: SITE_URL: is required when APP_ENV=production (the public origin, e.g. https://www.example.com); ' +
          'DATABASE_URL: is required when APP_ENV=production; ' +
          'SMTP_URL: is required when APP_ENV=production; ' +
          'PAYPAL_CLIENT_ID: and PAYPAL_CLIENT_SECRET are required when APP_ENV=production; ' +
          'PAYPAL_WEBHOOK_ID: is required when APP_ENV=production; ' +
          'RECAPTCHA_SITE_KEY: is required when APP_ENV=production (RECAPTCHA_DISABLED=1 runs without the bot check); ' +
          'RECAPTCHA_SECRET_KEY: is required when APP_ENV=production (RECAPTCHA_DISABLED=1 runs without the bot check)',
      ),
    );
  });

  it('requires PostgreSQL and SMTP when APP_ENV=production, naming the setting', () => {
    const paypal = {
      SITE_URL: 'https://www.example.com',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'wh',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
    };
    const database = { DATABASE_URL: 'postgres://app:pw@db:5432/app' };
    expect(() =>
      parseConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...paypal }),
    ).toThrow(/^Invalid configuration: DATABASE_URL: is required when APP_ENV=production$/);
    expect(() => parseConfig({ APP_ENV: 'production', ...database, ...paypal })).toThrow(
      /^Invalid configuration: SMTP_URL: is required when APP_ENV=production$/,
    );
    const parsed = parseConfig({
      APP_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      ...database,
      ...paypal,
    });
    expect(parsed).toMatchObject({
      SMTP_URL: 'smtp://mail:25',
      DATABASE_URL: database.DATABASE_URL,
    });
  });

  it('requires PayPal credentials and the webhook id in production, never the sandbox', () => {
    const smtp = {
      APP_ENV: 'production',
      SITE_URL: 'https://www.example.com',
      SMTP_URL: 'smtp://mail:25',
      DATABASE_URL: 'postgres://app:pw@db:5432/app',
      RECAPTCHA_DISABLED: '1',
    };
    expect(() => parseConfig({ ...smtp, PAYPAL_WEBHOOK_ID: 'wh' })).toThrow(
      /PAYPAL_CLIENT_ID: and PAYPAL_CLIENT_SECRET are required/,
    );
    expect(() =>
      parseConfig({ ...smtp, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }),
    ).toThrow(/PAYPAL_WEBHOOK_ID: is required/);
    expect(() => parseConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together/,
    );
    const dev = parseConfig({});
    expect(dev.PAYPAL_ENV).toBe('production');
    expect(dev.PAYPAL_CLIENT_ID).toBeUndefined();
  });

  it('refuses a PayPal sandbox or another PayPal host in production unless allowed', () => {
    const production = completeProductionEnv;
    const allow = { PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: '1' };
    const fake = { PAYPAL_API_BASE: 'http://127.0.0.1:4010' };
    expect(() => parseConfig({ ...production, PAYPAL_ENV: 'sandbox' })).toThrow(
      new ConfigError(
        'Invalid configuration: PAYPAL_ENV: sandbox is refused when APP_ENV=production ' +
          'unless PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1',
      ),
    );
    expect(() => parseConfig({ ...production, ...fake })).toThrow(
      /^Invalid configuration: PAYPAL_API_BASE: is refused when APP_ENV=production unless PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1$/,
    );
    expect(() => parseConfig({ ...production, ...fake, PAYPAL_ENV: 'sandbox' })).toThrow(
      /PAYPAL_ENV: .*; PAYPAL_API_BASE: /,
    );
    expect(parseConfig({ ...production, ...fake, ...allow, PAYPAL_ENV: 'sandbox' })).toMatchObject({
      PAYPAL_ENV: 'sandbox',
      PAYPAL_API_BASE: fake.PAYPAL_API_BASE,
    });
    expect(parseConfig({ ...production, PAYPAL_ENV: 'production' }).PAYPAL_ENV).toBe('production');
    // Outside production the sandbox and a fake host are everyday tools.
    expect(parseConfig({ PAYPAL_ENV: 'sandbox', ...fake }).PAYPAL_ENV).toBe('sandbox');
    expect(() => parseConfig({ PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(
      /^Invalid configuration: PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: must be 1 or 0$/,
    );
  });

  it('requires the reCAPTCHA keys in production unless RECAPTCHA_DISABLED=1', () => {
    const {
      RECAPTCHA_SITE_KEY: _site,
      RECAPTCHA_SECRET_KEY: _secret,
      ...keyless
    } = completeProductionEnv;
    expect(() => parseConfig(keyless)).toThrow(
      /^Invalid configuration: RECAPTCHA_SITE_KEY: is required when APP_ENV=production \(RECAPTCHA_DISABLED=1 runs without the bot check\); RECAPTCHA_SECRET_KEY: /,
    );
    expect(() => parseConfig({ ...keyless, RECAPTCHA_SITE_KEY: 'site' })).toThrow(
      /^Invalid configuration: RECAPTCHA_SECRET_KEY: is required when APP_ENV=production/,
    );
    expect(() => parseConfig({ ...keyless, RECAPTCHA_DISABLED: '0' })).toThrow(
      /RECAPTCHA_SITE_KEY: is required/,
    );
    expect(parseConfig({ ...keyless, RECAPTCHA_DISABLED: '1' }).RECAPTCHA_DISABLED).toBe(true);
    // Development keeps its default: no keys, no bot check, nothing to say.
    expect(parseConfig({}).RECAPTCHA_DISABLED).toBe(false);
    expect(relaxedChecks(parseConfig({}))).toEqual([]);
    expect(relaxedChecks(parseConfig(completeProductionEnv))).toEqual([]);
  });

  it('names each check the settings turn off, for the start-up log', () => {
    const production = parseConfig({
      ...completeProductionEnv,
      RECAPTCHA_DISABLED: '1',
      PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: '1',
      PAYPAL_ENV: 'sandbox',
    });
    expect(relaxedChecks(production).map((check) => check.setting)).toEqual([
      'RECAPTCHA_DISABLED',
      'PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION',
    ]);
    // Allowed but unused: nothing to warn about.
    const allowedOnly = parseConfig({
      ...completeProductionEnv,
      PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: '1',
    });
    expect(relaxedChecks(allowedOnly)).toEqual([]);
  });

  it('defaults SITE_URL to the local server on PORT', () => {
    expect(parseConfig({ PORT: '3210' }).SITE_URL).toBe('http://localhost:3210');
    expect(parseConfig({ PORT: '' }).SITE_URL).toBe('http://localhost:3000');
    // Not a port (the servers refuse it themselves; 0 is the analytics server's "any port").
    expect(parseConfig({ PORT: '0' }).SITE_URL).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: 'abc' }).SITE_URL).toBe('http://localhost:3000');
    // Set, it wins over PORT.
    expect(parseConfig({ PORT: '3210', SITE_URL: 'http://127.0.0.1:3210' }).SITE_URL).toBe(
      'http://127.0.0.1:3210',
    );
  });

  it('requires an explicit SITE_URL in production, whatever PORT says', () => {
    const { SITE_URL: _site, ...withoutSite } = completeProductionEnv;
    for (const env of [
      withoutSite,
      { ...withoutSite, PORT: '3210' },
      { ...withoutSite, SITE_URL: '' },
    ]) {
      expect(() => parseConfig(env)).toThrow(
        new ConfigError(
          'Invalid configuration: SITE_URL: is required when APP_ENV=production (the public origin, e.g. https://www.example.com)',
        ),
      );
    }
    expect(
      parseConfig({ ...withoutSite, PORT: '3210', SITE_URL: 'https://vpn.example' }).SITE_URL,
    ).toBe('https://vpn.example');
  });

  it('treats empty values as unset', () => {
    const parsed = parseConfig({ DATABASE_URL: '', LOG_LEVEL: '', SITE_URL: undefined });
    expect(parsed.DATABASE_URL).toBeUndefined();
    expect(parsed.LOG_LEVEL).toBe('info');
    expect(parsed.SITE_URL).toBe('http://localhost:3000');
  });

  it('accepts valid values', () => {
    const parsed = parseConfig({
      NODE_ENV: 'production',
      SITE_URL: 'https://www.example.com',
      DATABASE_URL: 'postgresql://app:pw@db:5432/app',
      LOG_LEVEL: 'warn',
    });
    expect(parsed).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://app:pw@db:5432/app',
    });
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['APP_ENV', 'staging'],
    ['SITE_URL', 'ftp://example.com'],
    ['SITE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/app'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail'],
  ])('rejects %s=%s with a message naming the setting', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name}: `),
    );
  });

  it('keeps METRICS_TOKEN optional, and at least 32 characters in production', () => {
    const production = completeProductionEnv;
    expect(parseConfig(production).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'short' }).METRICS_TOKEN).toBe('short');
    expect(() => parseConfig({ ...production, METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN: must be at least 32 characters when APP_ENV=production$/,
    );
    const long = 'm'.repeat(32);
    expect(parseConfig({ ...production, METRICS_TOKEN: long }).METRICS_TOKEN).toBe(long);
    expect(() => parseConfig({ METRICS_TOKEN: 'has a space' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN: /,
    );
  });

  it('names every invalid setting at once', () => {
    expect(() => parseConfig({ NODE_ENV: 'x', LOG_LEVEL: 'y' })).toThrow(
      /NODE_ENV: .*; LOG_LEVEL: /,
    );
  });
});

describe('config() at start', () => {
  const announcedKey = Symbol.for('turbovpn.config.relaxed-announced');
  const store = globalThis as Record<symbol, unknown>;
  let logs: CapturedLogs | undefined;

  afterEach(() => {
    logs?.restore();
    vi.unstubAllEnvs();
    delete store[announcedKey];
  });

  async function freshConfig() {
    vi.resetModules();
    delete store[announcedKey];
    logs = captureLogs();
    return (await import('./config')).config;
  }

  it('warns once in the log when production runs without the bot check', async () => {
    for (const [name, value] of Object.entries(completeProductionEnv)) vi.stubEnv(name, value);
    vi.stubEnv('RECAPTCHA_SITE_KEY', '');
    vi.stubEnv('RECAPTCHA_SECRET_KEY', '');
    vi.stubEnv('RECAPTCHA_DISABLED', '1');
    const config = await freshConfig();
    expect(config().RECAPTCHA_DISABLED).toBe(true);
    config();
    // Another bundle's copy of the module, same process: said once.
    vi.resetModules();
    (await import('./config')).config();
    expect(logs?.entries()).toEqual([
      expect.objectContaining({
        level: 'warn',
        area: 'startup',
        setting: 'RECAPTCHA_DISABLED',
        msg: 'Bot check off (RECAPTCHA_DISABLED=1): login is not protected by reCAPTCHA',
      }),
    ]);
  });

  it('follows PORT without SITE_URL, and so do the links mails carry', async () => {
    vi.stubEnv('PORT', '3210');
    vi.stubEnv('SITE_URL', '');
    vi.stubEnv('APP_ENV', 'development');
    const config = await freshConfig();
    expect(config().SITE_URL).toBe('http://localhost:3210');
    // The newsletter's and forms' link builder (gift-card mails use the same origin).
    const { siteLink } = await import('./forms/mail');
    expect(siteLink('/newsletter/confirm?token=t')).toBe(
      'http://localhost:3210/newsletter/confirm?token=t',
    );
  });

  it('says nothing when every check is on', async () => {
    for (const [name, value] of Object.entries(completeProductionEnv)) vi.stubEnv(name, value);
    const config = await freshConfig();
    expect(config().APP_ENV).toBe('production');
    expect(logs?.entries()).toEqual([]);
  });
});
