import 'server-only';
import { config } from '@/server/config';

/**
 * Throws at a point the end-to-end tests of the error pages name in TEST_FAILURES (never set in
 * production: the configuration refuses it there), so a real render fails the way a bug would.
 */
export function failIfInjected(point: 'page'): void {
  if (isInjected(point)) throw new Error(`Injected test failure: ${point}`);
}

/** Whether a failure point is switched on (the error page reads `error-page` from its texts). */
export function isInjected(point: 'page' | 'error-page'): boolean {
  return config().TEST_FAILURES.split(',').includes(point);
}
