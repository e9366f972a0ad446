// The settings `APP_ENV=production` cannot start without (src/server/config.ts refuses them too;
// scripts/production-settings.test.ts keeps the two lists equal). `npm run start:prod` checks
// them before it builds, so a missing one is named at once instead of after a build.

/** Required in production, in the order the messages name them. */
export const requiredInProduction = [
  'DATABASE_URL',
  'SMTP_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
];

/**
 * The required settings that are unset or empty in `env`.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function missingProductionSettings(env) {
  return requiredInProduction.filter((name) => !env[name]?.trim());
}
