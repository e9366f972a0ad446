import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedLogs, captureLogs } from '../../tests/support/log-capture';
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
  let logs: CapturedLogs;

  beforeEach(() => {
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Exited(`exit ${code}`);
    });
    logs = captureLogs();
  });

  afterEach(async () => {
    logs.restore();
    await shared()?.close();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 with one log line naming the invalid setting', async () => {
    vi.stubEnv('LOG_LEVEL', 'loud');
    const { startServer } = await freshStartup();
    await expect(startServer()).rejects.toThrow('exit 1');
    const [line, ...others] = logs.entries();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 'fatal', area: 'startup' });
    expect(String(line?.msg)).toMatch(/^Invalid configuration: LOG_LEVEL: /);
  });

  it('exits 1 with one line naming each invalid field of the downloads manifest', async () => {
    const file = path.join(dir, 'downloads.json');
    writeFileSync(
      file,
      JSON.stringify({
        apps: {
          ios: { kind: 'listing', store: 'App Store', url: 'https://apps.example/turbo' },
          windows: { kind: 'installer', url: 'https://dl.example/TurboVPN.exe', sha256: 'abc' },
        },
      }),
    );
    vi.stubEnv('DOWNLOADS_MANIFEST', file);
    const { startServer } = await freshStartup();
    await expect(startServer()).rejects.toThrow('exit 1');
    const [line, ...others] = logs.entries();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 'fatal', area: 'startup' });
    const message = String(line?.msg);
    expect(message).toMatch(new RegExp(`^Downloads manifest ${file}: `));
    expect(message).toContain('apps.ios.url: must be on apps.apple.com');
  });

  it('exits 1 with one line naming the unreachable database, without its password', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://app:s3cret@127.0.0.1:1/site');
    const { startServer } = await freshStartup();
    await expect(startServer()).rejects.toThrow('exit 1');
    expect(logs.entries()).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: 'Cannot reach the database postgres://app@127.0.0.1:1/site: connection refused',
      }),
    ]);
    expect(logs.text()).not.toContain('s3cret');
  });

  // The one test here that opens a new database. Of its 9 s on a busy 2-core machine, 7 s are
  // PGlite creating the cluster in the new directory (initdb; in memory it is no faster), then
  // the migrations (0.5 s), the blog import (1.5 s) and the demo account (0.1 s); the second
  // start takes 0.1 s. With other test files booting their databases beside it, it has taken
  // 42 s. Starting on a new directory is what it proves, so the boot cannot move to a hook (the
  // other files boot theirs there, with 60 s): it gets 120 s, nearly three times the slowest seen.
  it('migrates, seeds, logs the payment provider and prints the demo account once', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('APP_ENV', 'development');
    vi.stubEnv('PGLITE_DIR', path.join(dir, 'pglite'));
    // Development notices are printed outside test runs only.
    vi.stubEnv('VITEST', '');
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const { startServer } = await freshStartup();
    await startServer();
    await startServer();
    expect(printed).toEqual(['Demo account: demo@turbovpn.local / Demo-pass1!\n']);
    const sandbox = logs
      .entries()
      .filter((entry) => String(entry.msg).startsWith('Payments: the built-in sandbox provider'));
    expect(sandbox).toHaveLength(1);
    // The demo password is a notice for the terminal, never a log line.
    expect(logs.text()).not.toContain('Demo-pass1!');
    expect(shared()?.kind).toBe('pglite');
  }, 120_000);
});
