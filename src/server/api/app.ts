import { Hono } from 'hono';
import { config } from '@/server/config';
import { getDb } from '@/server/db/client';
import { providerFromConfig } from '@/server/payments';
import type { Payments } from '@/server/payments/billing';
import { ApiError } from './errors';
import { accessLog } from './middleware/access-log';
import { requireAppType } from './middleware/app-type';
import { bodyLimit } from './middleware/body-limit';
import { notFound, onError } from './middleware/error-handler';
import { noStore } from './middleware/no-store';
import { requestId } from './middleware/request-id';
import { accountDeviceRoutes } from './routes/account-devices';
import { accountHandoffRoutes } from './routes/account-handoff';
import { accountPasswordRoutes } from './routes/account-password';
import { accountPrivacyRoutes } from './routes/account-privacy';
import { accountSecurityRoutes } from './routes/account-security';
import { accountSessionRoutes } from './routes/account-session';
import { analyticsRoutes } from './routes/analytics';
import { blogRoutes } from './routes/blog';
import { botCheckRoutes } from './routes/bot-check';
import { contactRoutes, partnerRoutes, surveyRoutes } from './routes/forms';
import { geoRoutes } from './routes/geo';
import { healthRoutes } from './routes/health';
import { l10nRoutes } from './routes/l10n';
import { metricsRoutes } from './routes/metrics';
import { newsletterOneClickRoutes, newsletterRoutes } from './routes/newsletter';
import { sandboxRoutes } from './routes/payment-sandbox';
import { paymentWebhookRoutes } from './routes/payment-webhooks';
import { paymentRoutes } from './routes/payments';
import type { AppEnv, DbAccessor } from './types';

export interface AppOptions {
  /** Where routes get their database; tests pass their own. Default: the shared getDb(). */
  db?: DbAccessor;
  /** Largest accepted request body. */
  bodyLimitBytes?: number;
  /** The payment provider; default: the one the settings choose (PayPal or the sandbox). */
  payments?: Payments;
  /** The bearer token of GET /metrics (null: none, 404); default: METRICS_TOKEN. */
  metricsToken?: string | null;
}

/**
 * The HTTP API, and its path map. Next hands this one app every request under /api, /ws, /l10n,
 * /healthz, /readyz and /metrics with its full pathname, so the `app.route()` calls below are the
 * whole public API: each area lives in routes/<area>.ts as a `new Hono<AppEnv>()` whose paths are
 * relative to the prefix it is mounted at here (each handler's comment gives its full path).
 * paths.test.ts lists every method and path the app answers.
 *
 * Order matters: Hono runs middleware and handlers in the order they are added, so a router
 * mounted before `requireAppType()` and the body limit is not guarded by them (its handler
 * answers first), and one mounted after is.
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const db = options.db ?? getDb;
  const maxSize = options.bodyLimitBytes ?? 64 * 1024;
  let provider = options.payments;
  const payments = () => {
    provider ??= providerFromConfig(() => db().db);
    return provider;
  };
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', accessLog());
  app.use('*', noStore());
  // NUL can reach no field of ours, and PostgreSQL refuses it in text: say so before any route.
  app.use('*', async (c, next) => {
    if (/%00/i.test(c.req.url))
      throw ApiError.badRequest('Requests must not contain NUL characters');
    await next();
  });
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('payments', payments);
    await next();
  });

  // Callers that cannot send app-type, mounted before its check and the body limit.
  // RFC 8058 one-click unsubscribe comes from mail providers.
  app.route('/api/mms/newsletter/v1', newsletterOneClickRoutes);
  // Browsers send these with sendBeacon, which cannot set headers (the route has its own limit).
  app.route('/api/mms/analytics/v1', analyticsRoutes);
  // PayPal's webhook deliveries (own limit) and the sandbox's approval page (a plain HTML form).
  app.route('/api/mms/payment/v1', paymentWebhookRoutes);
  app.route('/api/mms/payment/v1', sandboxRoutes);

  app.use('*', requireAppType());
  app.use('*', bodyLimit(maxSize));

  // Probes (/healthz, /readyz) and metrics for the operator, messages for the clients.
  app.route('/', healthRoutes);
  app.route(
    '/metrics',
    metricsRoutes(() =>
      options.metricsToken === undefined
        ? config().METRICS_TOKEN
        : (options.metricsToken ?? undefined),
    ),
  );
  app.route('/l10n', l10nRoutes);
  // Blog (/ws/mm/blog/... and /ws/mm/v2/blog/...).
  app.route('/ws/mm', blogRoutes);
  // Forms and the newsletter's double opt-in.
  app.route('/api/mms/contact/v1', contactRoutes);
  app.route('/api/mms/partners/v1', partnerRoutes);
  app.route('/api/mms/survey/v1', surveyRoutes);
  app.route('/api/mms/newsletter/v1', newsletterRoutes);
  // Accounts: geo, sessions, login hand-off, passwords, devices.
  app.route('/api/mms/account/v1', geoRoutes);
  app.route('/api/mms/account/v1', accountSessionRoutes);
  app.route('/api/mms/account/v1', accountHandoffRoutes);
  app.route('/api/mms/account/v1', accountPasswordRoutes);
  app.route('/api/mms/account/v1', accountDeviceRoutes);
  app.route('/api/mms/account/v1', accountSecurityRoutes);
  app.route('/api/mms/account/v1', accountPrivacyRoutes);
  // Payments: plans, checkout, subscription, refunds, gift cards, promotion.
  app.route('/api/mms/payment/v1', paymentRoutes);
  // The bot-check wrappers: /ws/mm/reca/{r2|r3}/<rest> answers as /api/mms/<rest> after reCAPTCHA.
  app.route(
    '/ws/mm/reca',
    botCheckRoutes((request) => app.fetch(request)),
  );

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

/** The app Next's route handlers serve. */
export const app = createApp();
