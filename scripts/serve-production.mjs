// Starts the production server (scripts/http-server.mjs) on a fresh embedded database for tests
// and measurements, waits until /healthz answers, and stops it again (the whole process group).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './build-if-needed.mjs';

/** A TCP port that is free right now on 127.0.0.1. */
export function freePort() {
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
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Collects a child's stdout and stderr (echoed to stderr with `echo`, each chunk after `label`
 * when one is given) and tracks its exit.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ echo?: boolean, label?: string }} [options]
 */
export function watchChild(child, { echo = false, label = '' } = {}) {
  let output = '';
  let exited = null;
  const collect = (chunk) => {
    output += chunk.toString();
    if (echo) process.stderr.write(label ? `[${label}] ${chunk}` : chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exitPromise = new Promise((resolve) => {
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
 * @param {import('node:child_process').ChildProcess} child
 * @param {Promise<unknown>} exitPromise resolves when the child exits
 * @param {number} graceMs
 */
export async function stopProcessGroup(child, exitPromise, graceMs) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
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

/**
 * Starts the production server. Output is collected (and echoed when `echo` is set)
 * so a failed start can show it.
 * @param {{ port: number, timeoutMs?: number, echo?: boolean, env?: Record<string, string> }} options
 */
export async function startProductionServer({ port, timeoutMs = 60_000, echo = false, env = {} }) {
  if (await portInUse(port)) {
    throw new Error(`port ${port} is already in use; stop what runs there or choose another port`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vpn-site-pglite-'));
  const serverScript = path.join(repoRoot, 'scripts', 'http-server.mjs');
  const child = spawn(process.execPath, [serverScript], {
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
  const server = {
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
  /** @param {string} message @param {string} output */
  constructor(message, output) {
    super(message);
    this.name = 'StartError';
    this.output = output;
  }
}

/** Prints a start failure with the server's own output. */
export function reportStartError(error, prefix) {
  console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof StartError) {
    console.error(`${prefix}: server output follows\n----\n${error.output || '(none)'}\n----`);
  }
}
