// Every setting APP_ENV=production requires, present and valid: the base of the configuration
// tests (src/server/config.test.ts, src/server/http/production-settings.test.ts).
export const completeProductionEnv = {
  APP_ENV: 'production',
  SITE_URL: 'https://www.example.com',
  DATABASE_URL: 'postgres://app:pw@db:5432/app',
  SMTP_URL: 'smtp://mail:25',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'wh',
  RECAPTCHA_SITE_KEY: 'site-key',
  RECAPTCHA_SECRET_KEY: 'secret-key',
};
