// Helpers for running several production instances against one PostgreSQL on this machine:
// used by the fleet test (tests/fleet/) and `npm run bench:load`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../src/server/http/build-output';
import { type Exit, portInUse, sleep, stopProcessGroup, watchChild } from './serve-production';

export { createScratchDatabase, withDatabase } from './scratch-database';
export { freePort } from './serve-production';

/** A URL fit for logs: the password removed. */
export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The number of migrations drizzle/ holds (its journal). */
export function journalEntries(): number {
  const journal = JSON.parse(
    readFileSync(path.join(repoRoot, 'drizzle', 'meta', '_journal.json'), 'utf8'),
  );
  return journal.entries.length;
}

/**
 * The settings `npm run start:prod` requires, pointed at a scratch database, the local test SMTP
 * server and the fake PayPal (its adapter is the real one, with PAYPAL_API_BASE at the fake).
 */
export function productionSettings({
  databaseUrl,
  smtp,
  paypal,
}: {
  databaseUrl: string;
  smtp: { url: string };
  paypal: { url: string; clientId: string; clientSecret: string; webhookId: string };
}): Record<string, string> {
  return {
    // Required in production: the origin the shared build was made for (without SITE_URL or
    // PORT, scripts/build/build-if-needed.ts builds for http://localhost:3000).
    SITE_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_BASE: paypal.url,
    // The fake PayPal is another PayPal host and the tests sign in directly: both on purpose.
    PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION: '1',
    RECAPTCHA_DISABLED: '1',
  };
}

/**
 * Whether the instance serves: /readyz (database reachable, migrations current) where the build
 * has it, else /healthz.
 */
async function ready(baseUrl: string): Promise<true | string> {
  const readyz = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
  if (readyz.status !== 404) return readyz.ok ? true : `/readyz answered ${readyz.status}`;
  const healthz = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
  return healthz.ok ? true : `/healthz answered ${healthz.status}`;
}

/** One production instance of a fleet. */
export type Instance = {
  name: string;
  port: number;
  pid: number | undefined;
  baseUrl: string;
  output: () => string;
  exited: () => Exit | null;
  stop(): Promise<Exit | null>;
};

/**
 * Starts one production instance with `npm run start:prod` (scripts/ops/start-prod.ts, APP_ENV=production)
 * on `port`, using the existing build (SKIP_BUILD=1), and waits until it is ready. `env` must
 * hold the production settings (DATABASE_URL, SMTP_URL, PayPal). Output is collected (echoed
 * with `echo`) so a failed start can show it.
 */
export async function startInstance({
  name,
  port,
  env,
  timeoutMs = 60_000,
  echo = false,
}: {
  name: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  echo?: boolean;
}): Promise<Instance> {
  if (await portInUse(port)) throw new Error(`${name}: port ${port} is already in use`);
  const entry = path.join(repoRoot, 'scripts', 'ops', 'start-prod.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    detached: true, // own process group: stopping it ends `next start` and its workers too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SKIP_BUILD: '1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
  });
  const { output, exited, exitPromise } = watchChild(child, { echo, label: name });

  const instance: Instance = {
    name,
    port,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    output,
    exited,
    /** SIGTERM to the group, SIGKILL after 15 s; answers how it ended. */
    async stop() {
      if (!exited()) await stopProcessGroup(child, exitPromise, 15_000);
      return exited();
    },
  };

  const deadline = Date.now() + timeoutMs;
  let problem = 'no answer yet';
  while (Date.now() < deadline) {
    const ended = exited();
    if (ended) {
      throw new Error(
        `${name} exited early (${ended.signal ?? `exit code ${ended.code}`}); output:\n${output()}`,
      );
    }
    try {
      const result = await ready(instance.baseUrl);
      if (result === true) return instance;
      problem = result;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  await instance.stop();
  throw new Error(
    `${name} was not ready within ${timeoutMs / 1000} s (${problem}); output:\n${output()}`,
  );
}

/** Resident set size in KiB of a process and all its descendants (from /proc). */
export function treeRssKib(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  const pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  for (const pid of pids.map(Number)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const vmRss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(pid, vmRss);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    total += rss.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * A round-robin TCP balancer on 127.0.0.1:`port`: each new connection goes to the next target.
 * Connection-level, like nginx's stream module; keep-alive connections stay on their instance.
 */
export function startTcpBalancer(
  port: number,
  targets: number[],
): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = targets[next % targets.length] as number;
    next += 1;
    const upstream = net.connect({ host: '127.0.0.1', port: target });
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
