import { describe, expect, it } from 'vitest';
import { completeProductionEnv } from '../../tests/support/production-env';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives every setting its documented default', () => {
    expect(parseConfig({})).toEqual({
      NODE_ENV: 'development',
      APP_ENV: 'development',
      SITE_URL: 'http://localhost:3000',
      PGLITE_DIR: './data/pglite',
      LOG_LEVEL: 'info',
      MAIL_FROM: 'Turbo VPN <no-reply@turbovpn.local>',
      BLOG_PAGE_SIZE: expect.any(Number),
      TEAM_INBOX: 'team@turbovpn.local',
      TRUSTED_PROXIES: [],
      VPN_SERVER_RANGES: [],
      LEGACY_REDIRECT_PATHS: [],
      ANALYTICS_FLUSH_SIZE: 500,
      ANALYTICS_FLUSH_MS: 1000,
      SESSION_IDLE_SECONDS: 604800,
      SESSION_MAX_AGE_SECONDS: 2592000,
      ACCOUNT_DEVICE_LIMIT: 5,
      ACCOUNT_WEB_SESSION_LIMIT: 10,
      RECAPTCHA_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
      RECAPTCHA_MIN_SCORE: 0.5,
      PAYPAL_ENV: 'production',
      PAYMENT_TIMEOUT_MS: 20_000,
    });
  });

  it('names every missing production setting at once', () => {
    expect(() => parseConfig({ APP_ENV: 'production' })).toThrow(
      new ConfigError(
        'Invalid configuration: DATABASE_URL: is required when APP_ENV=production; ' +
          'SMTP_URL: is required when APP_ENV=production; ' +
          'PAYPAL_CLIENT_ID: and PAYPAL_CLIENT_SECRET are required when APP_ENV=production; ' +
          'PAYPAL_WEBHOOK_ID: is required when APP_ENV=production',
      ),
    );
  });

  it('requires PostgreSQL and SMTP when APP_ENV=production, naming the setting', () => {
    const paypal = {
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'wh',
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
      SMTP_URL: 'smtp://mail:25',
      DATABASE_URL: 'postgres://app:pw@db:5432/app',
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
