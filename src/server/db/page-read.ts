import 'server-only';
import {
  DatabaseUnavailableError,
  getDb,
  isDatabaseUnavailable,
  unavailable,
} from '@/server/db/client';
import { logger } from '@/server/log';

/** A page's database read: its value, or `unavailable` when the database cannot be reached. */
export type PageRead<T> = { available: true; value: T } | { available: false };

// The database's name for the log (never with a password); a generic one if even that fails.
function databaseLabel(): string {
  try {
    return getDb().label;
  } catch {
    return '(the configured database)';
  }
}

/**
 * Awaits a page's database read. When the database is down or unreachable (the same failures
 * the API answers 503 for) the page gets `{ available: false }` and shows what it can without
 * the data; the log gets one short line (no SQL, no host). Any other error is thrown as before
 * and ends on the error page.
 */
export async function readForPage<T>(page: string, read: Promise<T>): Promise<PageRead<T>> {
  try {
    return { available: true, value: await read };
  } catch (error: unknown) {
    if (!isDatabaseUnavailable(error)) throw error;
    const reason = (
      error instanceof DatabaseUnavailableError ? error : unavailable(databaseLabel(), error)
    ).message;
    logger.error({ area: 'page', page, reason }, reason);
    return { available: false };
  }
}
