// The settings `APP_ENV=production` cannot start without, or refuses as set (src/server/config.ts
// refuses them too; production-settings.test.ts keeps the two in step). `npm run
// start:prod` checks them before it builds, so a problem is named at once instead of after a
// build.

/** Required in production, in the order the messages name them. */
export const requiredInProduction = [
  // The public origin: canonical URLs, the sitemap and mail links (never the localhost default).
  'SITE_URL',
  'DATABASE_URL',
  'SMTP_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  // The bot check in front of login; RECAPTCHA_DISABLED=1 runs without it, on purpose.
  'RECAPTCHA_SITE_KEY',
  'RECAPTCHA_SECRET_KEY',
];

import type { Env } from '../site-url';

const isOn = (value: string | undefined) => value?.trim() === '1';

/** The required settings that are unset or empty in `env`. */
export function missingProductionSettings(env: Env): string[] {
  const botCheckOff = isOn(env.RECAPTCHA_DISABLED);
  return requiredInProduction.filter(
    (name) => !(botCheckOff && name.startsWith('RECAPTCHA_')) && !env[name]?.trim(),
  );
}

/**
 * The settings that point production's payments at PayPal's sandbox or another host (orders
 * that are never paid for would grant premium), unless PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1.
 */
export function refusedProductionSettings(env: Env): string[] {
  if (isOn(env.PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION)) return [];
  const refused: string[] = [];
  if (env.PAYPAL_ENV?.trim() === 'sandbox') refused.push('PAYPAL_ENV=sandbox');
  if (env.PAYPAL_API_BASE?.trim()) refused.push('PAYPAL_API_BASE');
  return refused;
}
