import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from './db/client';

// Each test gets fresh modules, so config() parses the environment the test sets.
async function freshStartup() {
  vi.resetModules();
  return import('./startup');
}

class Exited extends Error {}

const shared = () =>
  (globalThis as Record<symbol, DbHandle | undefined>)[Symbol.for('turbovpn.server.db')];

describe('startServer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'turbovpn-startup-'));
  let stderr: ReturnType<typeof vi.spyOn>;
  let stdout: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Exited(`exit ${code}`);
    });
    stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stdout = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await shared()?.close();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 with the config error on stderr', async () => {
    vi.stubEnv('LOG_LEVEL', 'loud');
    const { startServer } = await freshStartup();
    await expect(startServer()).rejects.toThrow('exit 1');
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/^Invalid configuration: LOG_LEVEL: /);
  });

  it('exits 1 with one line naming the unreachable database, without its password', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://app:s3cret@127.0.0.1:1/site');
    const { startServer } = await freshStartup();
    await expect(startServer()).rejects.toThrow('exit 1');
    expect(stderr.mock.calls).toEqual([
      ['Cannot reach the database postgres://app@127.0.0.1:1/site: connection refused'],
    ]);
  });

  it('migrates, seeds and prints the payment provider and the demo account once', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('APP_ENV', 'development');
    vi.stubEnv('PGLITE_DIR', path.join(dir, 'pglite'));
    const { startServer } = await freshStartup();
    await startServer();
    await startServer();
    expect(stdout.mock.calls).toEqual([
      ['Payments: the built-in sandbox provider (no PayPal credentials; no money moves)'],
      ['Demo account: demo@turbovpn.local / Demo-pass1!'],
    ]);
    expect(shared()?.kind).toBe('pglite');
  });
});
