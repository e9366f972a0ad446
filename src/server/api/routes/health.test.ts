import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDb } from '@/server/db/client';
import { captureLogs } from '../../../../tests/support/log-capture';
import { testDatabaseUrl, useTestDb } from '../../../../tests/support/test-db';
import { createApp } from '../app';

const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
  entries: unknown[];
};
const expectedKind = testDatabaseUrl ? 'postgres' : 'pglite';

describe('GET /healthz (liveness)', () => {
  it('answers ok without touching the database', async () => {
    const app = createApp({
      db: () => {
        throw new Error('liveness must not open the database');
      },
    });
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 200, message: 'ok', data: { status: 'ok' } });
  });

  it('stays ok while the database is down', async () => {
    const handle = createDb({ url: 'postgres://app:s3cret@127.0.0.1:1/turbovpn' });
    try {
      const res = await createApp({ db: () => handle }).request('/healthz');
      expect(res.status).toBe(200);
    } finally {
      await handle.close();
    }
  });
});

describe('GET /readyz on a migrated database', () => {
  const testDb = useTestDb();

  it('reports ok, the database kind and current migrations', async () => {
    const app = createApp({ db: () => testDb().handle });
    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      code: 200,
      message: 'ok',
      data: {
        status: 'ok',
        database: {
          kind: expectedKind,
          reachable: true,
          migrations: {
            applied: journal.entries.length,
            expected: journal.entries.length,
            current: true,
          },
        },
      },
    });
  });
});

describe('GET /readyz on a database that was never migrated', () => {
  const testDb = useTestDb({ migrated: false });

  it('is degraded (503) and says why', async () => {
    const app = createApp({ db: () => testDb().handle });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 503,
      message: 'Database migrations are not current',
      data: {
        status: 'degraded',
        database: {
          kind: expectedKind,
          reachable: true,
          migrations: { applied: 0, expected: journal.entries.length, current: false },
        },
      },
    });
  });
});

describe('GET /readyz with the database down', () => {
  it('is degraded (503), reachable false, and leaks no address or password', async () => {
    const logs = captureLogs();
    // Port 1 refuses at once: an unreachable server without waiting for a timeout.
    const handle = createDb({ url: 'postgres://app:s3cret@127.0.0.1:1/turbovpn' });
    try {
      const res = await createApp({ db: () => handle }).request('/readyz', {
        headers: { 'X-Request-Id': 'ready-check-0001' },
      });
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        code: 503,
        message: 'The database cannot be reached',
        data: { status: 'degraded', database: { kind: 'postgres', reachable: false } },
      });
      expect(text).not.toMatch(/s3cret|127\.0\.0\.1|ECONNREFUSED/);
      // The operator's log names the database (without its password) and the request.
      const warning = logs.entries().find((entry) => entry.area === 'readyz');
      expect(warning).toMatchObject({ level: 'warn', request_id: 'ready-check-0001' });
      expect(String(warning?.reason)).toContain('postgres://app@127.0.0.1:1/turbovpn');
      expect(logs.text()).not.toContain('s3cret');
    } finally {
      logs.restore();
      await handle.close();
    }
  });
});
