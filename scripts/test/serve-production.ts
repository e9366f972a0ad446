// Starts the production server (src/server/http/http-server.ts) on a fresh embedded database for tests
// and measurements, waits until /healthz answers, and stops it again (the whole process group).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/server/http/build-output';

/** A TCP port that is free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something already listens on the port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a child process ended. */
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * Collects a child's stdout and stderr (echoed to stderr with `echo`, each chunk after `label`
 * when one is given) and tracks its exit.
 */
export function watchChild(
  child: ChildProcess,
  { echo = false, label = '' }: { echo?: boolean; label?: string } = {},
) {
  let output = '';
  let exited: Exit | null = null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (echo) process.stderr.write(label ? `[${label}] ${chunk}` : chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exitPromise = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  return { output: () => output, exited: () => exited, exitPromise };
}

/**
 * Ends a server started with `detached: true` (its own process group, so its workers end too):
 * SIGTERM to the group, SIGKILL after `graceMs`; resolves once it exited (or 2 s after SIGKILL).
 * `exitPromise` resolves when the child exits.
 */
export async function stopProcessGroup(
  child: ChildProcess,
  exitPromise: Promise<unknown>,
  graceMs: number,
): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const stopped = await Promise.race([exitPromise.then(() => true), sleep(graceMs)]);
  if (!stopped) {
    signal('SIGKILL');
    await Promise.race([exitPromise, sleep(2_000)]);
  }
}

/** A production server of a test's or a measurement's own. */
export type ProductionServer = {
  baseUrl: string;
  port: number;
  output: () => string;
  stop(): Promise<void>;
};

/**
 * Starts the production server. Output is collected (and echoed when `echo` is set)
 * so a failed start can show it.
 */
export async function startProductionServer({
  port,
  timeoutMs = 60_000,
  echo = false,
  env = {},
}: {
  port: number;
  timeoutMs?: number;
  echo?: boolean;
  env?: Record<string, string>;
}): Promise<ProductionServer> {
  if (await portInUse(port)) {
    throw new Error(`port ${port} is already in use; stop what runs there or choose another port`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vpn-site-pglite-'));
  const serverScript = path.join(repoRoot, 'src', 'server', 'http', 'http-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    cwd: repoRoot,
    detached: true, // own process group, so stopping it also ends its workers
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PGLITE_DIR: dataDir,
      ...env,
      PORT: String(port),
    },
  });
  const { output, exited, exitPromise } = watchChild(child, { echo });

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ProductionServer = {
    baseUrl,
    port,
    output,
    async stop() {
      if (!exited()) await stopProcessGroup(child, exitPromise, 10_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const ended = exited();
    if (ended) {
      await server.stop();
      throw new StartError(
        `the server exited early (${ended.signal ?? `exit code ${ended.code}`})`,
        output(),
      );
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return server;
      lastProblem = `/healthz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(500);
  }
  await server.stop();
  throw new StartError(
    `the server did not answer /healthz within ${timeoutMs / 1000} s (${lastProblem})`,
    output(),
  );
}

export class StartError extends Error {
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.name = 'StartError';
    this.output = output;
  }
}

/** Prints a start failure with the server's own output. */
export function reportStartError(error: unknown, prefix: string): void {
  console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof StartError) {
    console.error(`${prefix}: server output follows\n----\n${error.output || '(none)'}\n----`);
  }
}
