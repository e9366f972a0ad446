import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb, DatabaseUnavailableError, getDb, pingDb, redactUrl } from './client';
import { runMigrations } from './migrate';

describe('redactUrl', () => {
  it('drops the password and keeps the rest', () => {
    expect(redactUrl('postgres://app:s3cret@db.example:5432/site')).toBe(
      'postgres://app@db.example:5432/site',
    );
  });
});

describe('an unreachable PostgreSQL', () => {
  const handle = createDb({ url: 'postgres://app:s3cret@127.0.0.1:1/site' });
  afterAll(() => handle.close());

  it('gives DatabaseUnavailableError with a clean message from pingDb and runMigrations', async () => {
    for (const attempt of [() => pingDb(handle), () => runMigrations(handle)]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect((error as Error).message).toBe(
        'Cannot reach the database postgres://app@127.0.0.1:1/site: connection refused',
      );
    }
  });
});

describe('getDb', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'turbovpn-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens one PGlite in PGLITE_DIR, shared through globalThis, until closed', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('PGLITE_DIR', path.join(dir, 'nested', 'pglite'));
    const first = getDb();
    try {
      expect(first.kind).toBe('pglite');
      expect(getDb()).toBe(first);
      expect((globalThis as Record<symbol, unknown>)[Symbol.for('turbovpn.server.db')]).toBe(first);
      await pingDb(first);
    } finally {
      await first.close();
      vi.unstubAllEnvs();
    }
    expect(
      (globalThis as Record<symbol, unknown>)[Symbol.for('turbovpn.server.db')],
    ).toBeUndefined();
  });
});
