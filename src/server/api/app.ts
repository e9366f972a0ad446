import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getDb } from '@/server/db/client';
import { ApiError } from './errors';
import { requireAppType } from './middleware/app-type';
import { errorResponse, notFound, onError } from './middleware/error-handler';
import { noStore } from './middleware/no-store';
import { requestId } from './middleware/request-id';
import { healthRoutes } from './routes/health';
import { l10nRoutes } from './routes/l10n';
import type { AppEnv, DbAccessor } from './types';

export interface AppOptions {
  /** Where routes get their database; tests pass their own. Default: the shared getDb(). */
  db?: DbAccessor;
  /** Largest accepted request body. */
  bodyLimitBytes?: number;
}

/**
 * The HTTP API. Routes use full paths (/api/..., /ws/..., /l10n, /healthz) because Next
 * mounts this same app at each of those prefixes. New areas live in routes/<area>.ts as a
 * `new Hono<AppEnv>()` and are added with `app.route('/', areaRoutes)` below.
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const db = options.db ?? getDb;
  const maxSize = options.bodyLimitBytes ?? 64 * 1024;
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', noStore());
  app.use('*', async (c, next) => {
    c.set('db', db);
    await next();
  });
  app.use('*', requireAppType());
  app.use(
    '*',
    bodyLimit({ maxSize, onError: (c) => errorResponse(c, ApiError.payloadTooLarge(maxSize)) }),
  );

  app.route('/', healthRoutes);
  app.route('/', l10nRoutes);

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

/** The app Next's route handlers serve. */
export const app = createApp();
