import type { DbHandle } from '@/server/db/client';
import type { Logger } from '@/server/log';
import type { Payments } from '@/server/payments/billing';

/** How a route reaches the database: the shared one in the app, a test database in tests. */
export type DbAccessor = () => DbHandle;

/**
 * Hono environment of every API route: `c.var.requestId`, `c.var.log`, `c.var.db()`,
 * `c.var.payments()`.
 */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The process's logger with this request's id bound (`request_id`). */
    log: Logger;
    db: DbAccessor;
    /** The configured payment provider (PayPal or the sandbox); tests pass their own. */
    payments: () => Payments;
  };
}
