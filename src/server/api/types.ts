import type { DbHandle } from '@/server/db/client';

/** How a route reaches the database: the shared one in the app, a test database in tests. */
export type DbAccessor = () => DbHandle;

/** Hono environment of every API route: `c.var.requestId`, `c.var.db()`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    db: DbAccessor;
  };
}
