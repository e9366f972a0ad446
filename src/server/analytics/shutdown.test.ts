import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
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
        // All clients share 127.0.0.1; this test is about shutdown, not the per-address limit.
        ANALYTICS_IP_LIMIT_PER_MINUTE: '0',
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

interface Answer {
  status: number;
  body: string;
}

/**
 * A request on its own connection (no keep-alive), so a refused one never reached the server;
 * the caller writes `body` and ends it.
 */
function openRequest(port: number, method: string, path: string, body?: string) {
  let request: http.ClientRequest | undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: body
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
          : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        // An answer that started and was then cut off: the one failure a shutdown must not cause.
        response.on('error', () =>
          reject(Object.assign(new Error('cut off'), { code: 'CUT_OFF' })),
        );
      },
    );
    request.on('error', reject);
  });
  if (!request) throw new Error('no request');
  return { request, answer };
}

/** One whole request (see `openRequest`). */
function send(port: number, method: string, path: string, body?: string): Promise<Answer> {
  const { request, answer } = openRequest(port, method, path, body);
  request.end(body);
  return answer;
}

const eventsPath = '/api/mms/analytics/v1/events';
const eventsBody = (user: string, name: string, count: number) =>
  JSON.stringify({
    user_id: user,
    events: Array.from({ length: count }, () => ({
      event_name: name,
      event_timestamp: Date.now(),
    })),
  });

// The events benchmark's server (the API on @hono/node-server) stopped in the middle of traffic.
describe('analytics events survive SIGTERM under load', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('finishes requests in flight and stores every event it accepted', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'events-load-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let env: Record<string, string> = { PGLITE_DIR: dir, DATABASE_URL: '' };
    let open = () => createDb({ dataDir: dir });
    if (testDatabaseUrl) {
      const db = await createTestDb();
      cleanups.push(() => db.dispose());
      const url = db.url ?? '';
      env = { DATABASE_URL: url };
      open = () => createDb({ url });
    }
    const { child, port } = await startServer(env);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    // A request in flight when the signal comes: its headers and half its body are sent now,
    // the rest after SIGTERM.
    const slowBody = eventsBody('load', 'in_flight', 40);
    const { request: slowRequest, answer: slow } = openRequest(port, 'POST', eventsPath, slowBody);
    const half = Math.floor(slowBody.length / 2);
    slowRequest.write(slowBody.slice(0, half));
    setTimeout(() => slowRequest.end(slowBody.slice(half)), 900);

    // Six clients each sending events and API calls back to back until the server is gone.
    const tally = { accepted: 0, ok: 0, api: 0, refused: 0, reset: 0, other: [] as string[] };
    let stop = false;
    const client = async (id: number) => {
      for (let i = 0; !stop && i < 2000; i += 1) {
        try {
          if (i % 4 === 3) {
            const answer = await send(port, 'GET', '/api/mms/payment/v1/providers/plans');
            if (answer.status === 200) tally.api += 1;
            else tally.other.push(`plans ${answer.status}`);
            continue;
          }
          const answer = await send(port, 'POST', eventsPath, eventsBody('load', `c${id}`, 5));
          if (answer.status === 200) {
            tally.ok += 1;
            tally.accepted += (
              JSON.parse(answer.body) as { data: { accepted: number } }
            ).data.accepted;
          } else tally.other.push(`events ${answer.status}`);
        } catch (error: unknown) {
          // After SIGTERM the server takes no new connection: refused. A connection that was
          // still in the kernel's accept queue when the listener closed is reset before any of
          // it was read: not accepted either, so the client sends it again (the site's event
          // queue does). Neither may have stored anything.
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
            if (code === 'ECONNREFUSED') tally.refused += 1;
            else tally.reset += 1;
            return;
          }
          tally.other.push(code);
          return;
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, id) => client(id));
    await new Promise((resolve) => setTimeout(resolve, 600));
    child.kill('SIGTERM');
    const slowAnswer = await slow;
    await Promise.race([
      Promise.all(clients),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
    stop = true;
    expect(await exited).toBe(0);

    expect(slowAnswer.status).toBe(200);
    expect(tally.ok).toBeGreaterThan(10);
    expect(tally.api).toBeGreaterThan(0);
    expect(tally.refused + tally.reset).toBeGreaterThan(0);
    // No request was cut off or failed: each was answered in full or never accepted.
    expect(tally.other).toEqual([]);

    console.info(
      `SIGTERM under load: ${tally.ok} event batches (${tally.accepted} events) and ${tally.api} API calls answered, ${tally.refused} refused, ${tally.reset} reset unread`,
    );
    const handle = open();
    try {
      // Exactly what was acknowledged: nothing lost, nothing from an unanswered request.
      expect(await countAnalyticsEvents(handle.db, { userId: 'load' })).toBe(tally.accepted + 40);
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
