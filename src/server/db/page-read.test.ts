import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedLogs, captureLogs } from '../../../tests/support/log-capture';
import { DatabaseUnavailableError } from './client';
import { readForPage } from './page-read';

vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./client')>()),
  getDb: () => ({ label: 'postgres://app@db.internal:5432/site' }),
}));

describe('readForPage', () => {
  let logs: CapturedLogs;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs.restore());

  it('passes the value through while the database answers', async () => {
    await expect(readForPage('pricing', Promise.resolve([1, 2]))).resolves.toEqual({
      available: true,
      value: [1, 2],
    });
    expect(logs.entries()).toEqual([]);
  });

  it('turns an unreachable database into unavailable, with one short log line', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = new Error('Failed query: select "id" from "plans"', { cause: refused });
    await expect(readForPage('pricing', Promise.reject(wrapped))).resolves.toEqual({
      available: false,
    });
    const failed = new DatabaseUnavailableError('PGlite at ./data', 'data directory missing');
    await expect(readForPage('checkout', Promise.reject(failed))).resolves.toEqual({
      available: false,
    });
    expect(logs.entries()).toEqual([
      expect.objectContaining({
        level: 'error',
        area: 'page',
        page: 'pricing',
        msg: 'Cannot reach the database postgres://app@db.internal:5432/site: connection refused',
      }),
      expect.objectContaining({
        page: 'checkout',
        msg: 'Cannot reach the database PGlite at ./data: data directory missing',
      }),
    ]);
    // Neither the SQL nor the driver's own text (with the host) reaches the log.
    expect(logs.text()).not.toContain('select');
    expect(logs.text()).not.toContain('10.0.0.5');
  });

  it('throws any other error, which ends on the error page as before', async () => {
    const bug = new TypeError('plans.map is not a function');
    await expect(readForPage('pricing', Promise.reject(bug))).rejects.toBe(bug);
    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    await expect(readForPage('pricing', Promise.reject(syntax))).rejects.toBe(syntax);
  });
});
