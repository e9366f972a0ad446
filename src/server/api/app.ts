import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { config } from '@/server/config';
import { getDb } from '@/server/db/client';
import { providerFromConfig } from '@/server/payments';
import type { PaymentProvider } from '@/server/payments/provider';
import { ApiError } from './errors';
import { accessLog } from './middleware/access-log';
import { requireAppType } from './middleware/app-type';
import { errorResponse, notFound, onError } from './middleware/error-handler';
import { noStore } from './middleware/no-store';
import { requestId } from './middleware/request-id';
import { accountDeviceRoutes } from './routes/account-devices';
import { accountHandoffRoutes } from './routes/account-handoff';
import { accountPasswordRoutes } from './routes/account-password';
import { accountSessionRoutes } from './routes/account-session';
import { analyticsRoutes } from './routes/analytics';
import { blogRoutes } from './routes/blog';
import { botCheckRoutes } from './routes/bot-check';
import { formRoutes } from './routes/forms';
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
  payments?: PaymentProvider;
  /** The bearer token of GET /metrics (null: none, 404); default: METRICS_TOKEN. */
  metricsToken?: string | null;
}

/**
 * The HTTP API. Routes use full paths (/api/..., /ws/..., /l10n, /healthz, /readyz, /metrics) because Next
 * mounts this same app at each of those prefixes. New areas live in routes/<area>.ts as a
 * `new Hono<AppEnv>()` and are added with `app.route('/', areaRoutes)` below.
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
  // RFC 8058 one-click unsubscribe comes from mail providers, which cannot send app-type.
  app.route('/', newsletterOneClickRoutes);
  // Before the app-type check: browsers send these with sendBeacon, which cannot set headers.
  app.route('/', analyticsRoutes);
  // PayPal's webhook deliveries and the sandbox's approval page (a plain HTML form).
  app.route('/', paymentWebhookRoutes);
  app.route('/', sandboxRoutes);
  app.use('*', requireAppType());
  app.use(
    '*',
    bodyLimit({ maxSize, onError: (c) => errorResponse(c, ApiError.payloadTooLarge(maxSize)) }),
  );

  app.route('/', healthRoutes);
  app.route(
    '/',
    metricsRoutes(() =>
      options.metricsToken === undefined
        ? config().METRICS_TOKEN
        : (options.metricsToken ?? undefined),
    ),
  );
  app.route('/', l10nRoutes);
  app.route('/', blogRoutes);
  app.route('/', formRoutes);
  app.route('/', newsletterRoutes);
  app.route('/', geoRoutes);
  app.route('/', accountSessionRoutes);
  app.route('/', accountHandoffRoutes);
  app.route('/', accountPasswordRoutes);
  app.route('/', accountDeviceRoutes);
  app.route('/', paymentRoutes);
  app.route(
    '/',
    botCheckRoutes((request) => app.fetch(request)),
  );

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

/** The app Next's route handlers serve. */
export const app = createApp();
