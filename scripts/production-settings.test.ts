import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/server/config';
import { completeProductionEnv as complete } from '../tests/support/production-env';
import { missingProductionSettings, requiredInProduction } from './production-settings.mjs';

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
      'DATABASE_URL',
      'SMTP_URL',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
    ]);
  });

  it('requires what the server requires, one setting at a time', () => {
    for (const name of requiredInProduction) {
      const { [name as keyof typeof complete]: _left, ...without } = complete;
      expect(missingProductionSettings(without)).toEqual([name]);
      expect(namedByConfig(without)).toContain(name);
    }
  });
});
