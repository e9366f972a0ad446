import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@/server/db/client';
import { testDatabaseUrl, useTestDb } from '../../../../tests/support/test-db';
import { createApp } from '../app';

const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
  entries: unknown[];
};
const expectedKind = testDatabaseUrl ? 'postgres' : 'pglite';

describe('GET /healthz on a migrated database', () => {
  const testDb = useTestDb();

  it('reports ok, the database kind and current migrations', async () => {
    const app = createApp({ db: () => testDb().handle });
    const res = await app.request('/healthz');
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

describe('GET /healthz on a database that was never migrated', () => {
  const testDb = useTestDb({ migrated: false });

  it('is degraded (503) and says why', async () => {
    const app = createApp({ db: () => testDb().handle });
    const res = await app.request('/healthz');
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

describe('GET /healthz with the database down', () => {
  it('is degraded (503), reachable false, and leaks no address or password', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Port 1 refuses at once: an unreachable server without waiting for a timeout.
    const handle = createDb({ url: 'postgres://app:s3cret@127.0.0.1:1/turbovpn' });
    try {
      const res = await createApp({ db: () => handle }).request('/healthz');
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        code: 503,
        message: 'The database cannot be reached',
        data: { status: 'degraded', database: { kind: 'postgres', reachable: false } },
      });
      expect(text).not.toMatch(/s3cret|127\.0\.0\.1|ECONNREFUSED/);
      const log = logged.mock.calls.flat().map(String).join('\n');
      expect(log).toContain('postgres://app@127.0.0.1:1/turbovpn');
      expect(log).not.toContain('s3cret');
    } finally {
      logged.mockRestore();
      await handle.close();
    }
  });
});
