import { Hono } from 'hono';
import { DatabaseUnavailableError, pingDb } from '@/server/db/client';
import { migrationStatus } from '@/server/db/migrate';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';

export const healthRoutes = new Hono<AppEnv>();

// GET /healthz – liveness: the process answers requests. Never touches the database, so a
// database outage takes instances out of rotation (readyz) without getting them restarted.
healthRoutes.get('/healthz', (c) => ok(c, { status: 'ok' }));

// GET /readyz – readiness: the database answers and its migrations are current
healthRoutes.get('/readyz', async (c) => {
  const handle = c.var.db();
  try {
    await pingDb(handle);
  } catch (error: unknown) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    // The operator reads the database and reason in the log; the public answer names neither.
    c.var.log.warn({ area: 'readyz', reason: error.message }, 'not ready: database unreachable');
    throw ApiError.unavailable('The database cannot be reached', {
      status: 'degraded',
      database: { kind: handle.kind, reachable: false },
    });
  }
  const migrations = await migrationStatus(handle);
  // Serving on an older schema than the code expects fails in odd places: take it out of rotation.
  if (!migrations.current) {
    c.var.log.warn({ area: 'readyz', migrations }, 'not ready: database migrations not current');
    throw ApiError.unavailable('Database migrations are not current', {
      status: 'degraded',
      database: { kind: handle.kind, reachable: true, migrations },
    });
  }
  return ok(c, {
    status: 'ok',
    database: { kind: handle.kind, reachable: true, migrations },
  });
});
