import { describe, expect, it } from 'vitest';
import { completeProductionEnv as complete } from '../../../tests/support/production-env';
import { ConfigError, parseConfig } from '../config';
import {
  missingProductionSettings,
  refusedProductionSettings,
  requiredInProduction,
} from './production-settings';

/** The settings the server's own configuration check names for `env`. */
function namedByConfig(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
    return [];
  } catch (error: unknown) {
    if (!(error instanceof ConfigError)) throw error;
    return [...error.message.matchAll(/([A-Z_]+): /g)].map((match) => match[1] ?? '');
  }
}

describe('missingProductionSettings (npm run start:prod)', () => {
  it('names nothing when every required setting is present, like the server', () => {
    expect(missingProductionSettings(complete)).toEqual([]);
    expect(namedByConfig(complete)).toEqual([]);
  });

  it('names every missing setting, treating blank values as unset', () => {
    expect(missingProductionSettings({ SMTP_URL: '  ', PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'SITE_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'RECAPTCHA_SITE_KEY',
      'RECAPTCHA_SECRET_KEY',
    ]);
  });

  it('does not ask for the reCAPTCHA keys with RECAPTCHA_DISABLED=1, like the server', () => {
    const { RECAPTCHA_SITE_KEY: _site, RECAPTCHA_SECRET_KEY: _secret, ...keyless } = complete;
    expect(missingProductionSettings(keyless)).toEqual([
      'RECAPTCHA_SITE_KEY',
      'RECAPTCHA_SECRET_KEY',
    ]);
    const off = { ...keyless, RECAPTCHA_DISABLED: '1' };
    expect(missingProductionSettings(off)).toEqual([]);
    expect(namedByConfig(off)).toEqual([]);
  });

  it('requires what the server requires, one setting at a time', () => {
    for (const name of requiredInProduction) {
      const { [name as keyof typeof complete]: _left, ...without } = complete;
      expect(missingProductionSettings(without)).toEqual([name]);
      expect(namedByConfig(without)).toContain(name);
    }
  });
});

describe('refusedProductionSettings (npm run start:prod)', () => {
  it('refuses PayPal’s sandbox and another PayPal host unless allowed, like the server', () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, []],
      [{ PAYPAL_ENV: 'production' }, []],
      [{ PAYPAL_ENV: 'sandbox' }, ['PAYPAL_ENV=sandbox']],
      [{ PAYPAL_API_BASE: 'http://127.0.0.1:4010' }, ['PAYPAL_API_BASE']],
      [
        { PAYPAL_ENV: 'sandbox', PAYPAL_API_BASE: 'http://127.0.0.1:4010' },
        ['PAYPAL_ENV=sandbox', 'PAYPAL_API_BASE'],
      ],
      [
        {
          PAYPAL_ENV: 'sandbox',
          PAYPAL_API_BASE: 'http://127.0.0.1:4010',
          PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: '1',
        },
        [],
      ],
    ];
    for (const [settings, refused] of cases) {
      const env = { ...complete, ...settings };
      expect(refusedProductionSettings(env)).toEqual(refused);
      const named = namedByConfig(env);
      expect(named).toEqual(refused.map((entry) => entry.split('=')[0]));
    }
  });
});
