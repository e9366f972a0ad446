import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@/server/db/client';
import { createTestDb, testDatabaseUrl } from '../../../tests/support/test-db';
import { countAnalyticsEvents } from './queries';

// A real server process with a long flush interval: every event is still in memory when
// SIGTERM arrives, so only the shutdown flush can store it.
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'src/server/analytics/standalone-server.ts'],
    {
      env: {
        ...process.env,
        ...env,
        PORT: '0',
        ANALYTICS_FLUSH_MS: '60000',
        ANALYTICS_FLUSH_SIZE: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

describe('analytics events survive SIGTERM', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('stores every accepted event when the server is stopped', async () => {
    let env: Record<string, string>;
    let open: () => ReturnType<typeof createDb>;
    if (testDatabaseUrl) {
      const db = await createTestDb();
      cleanups.push(() => db.dispose());
      const url = db.url ?? '';
      env = { DATABASE_URL: url };
      open = () => createDb({ url });
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'events-shutdown-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { PGLITE_DIR: dir, DATABASE_URL: '' };
      open = () => createDb({ dataDir: dir });
    }
    const { child, port } = await startServer(env);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const sends = Array.from({ length: 20 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/mms/analytics/v1/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          user_id: 'shutdown',
          events: Array.from({ length: 25 }, () => ({
            event_name: `shutdown_${i}`,
            event_timestamp: Date.now(),
          })),
        }),
      }),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const handle = open();
    try {
      expect(await countAnalyticsEvents(handle.db, { userId: 'shutdown' })).toBe(500);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe('under next start', () => {
  it.each(['next-first', 'ours-first'])(
    'holds back Next’s exit until the flush has finished (%s)',
    async (order) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'next-exit-'));
      const out = path.join(dir, 'out.txt');
      try {
        const child = spawn(
          process.execPath,
          ['--conditions=react-server', '--import', 'tsx', 'tests/support/next-like-exit.ts'],
          { env: { ...process.env, ORDER: order, OUT: out }, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        await new Promise<void>((resolve) => {
          child.stdout?.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('ready')) resolve();
          });
        });
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        expect(await exited).toBe(143);
        expect(existsSync(out) && readFileSync(out, 'utf8')).toBe('flushed');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
