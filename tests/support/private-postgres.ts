// A PostgreSQL cluster of the calling test's own, in a temporary directory, that the test may
// stop and start (database outage tests) without touching the shared cluster other tests use.
// Needs the PostgreSQL 15 server binaries; as root the cluster runs as the postgres user.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://… of the cluster's `postgres` database as the superuser `test`. */
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its directory. */
  destroy(): void;
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (!existsSync(path.join(binDir, tool))) return `no ${tool} in ${binDir}`;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root and there is no postgres user to run the cluster as';
  }
  return undefined;
}

/** Runs a server binary, as the postgres user when we are root (PostgreSQL refuses root). */
function run(tool: string, args: string[]) {
  const binary = path.join(binDir, tool);
  const isRoot = process.getuid?.() === 0;
  const [command, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Creates and starts a cluster on `port` (127.0.0.1 only, trust authentication). */
export function startPrivatePostgres(port: number): PrivatePostgres {
  const root = mkdtempSync(path.join(os.tmpdir(), 'vpn-site-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', root]);
  run('initdb', ['-D', dataDir, '-U', 'test', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${root}'`,
    'fsync = off',
    'max_connections = 40',
  ];
  const conf = path.join(dataDir, 'postgresql.auto.conf');
  const isRoot = process.getuid?.() === 0;
  writeFileSync(conf, `${settings.join('\n')}\n`);
  if (isRoot) execFileSync('chown', ['postgres:', conf]);
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://test@127.0.0.1:${port}/postgres`,
    port,
    start() {
      if (running) return;
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      // fast: ends every connection at once, as a crash or a restart by the operator would.
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    destroy() {
      try {
        cluster.stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  try {
    cluster.start();
  } catch (error: unknown) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Starts a private cluster on the first free port of `ports` (a range given to its tests). */
export async function startPrivatePostgresIn(ports: readonly number[]): Promise<PrivatePostgres> {
  for (const port of ports) {
    if (await portFree(port)) return startPrivatePostgres(port);
  }
  throw new Error(`no free port for a private PostgreSQL among ${ports.join(', ')}`);
}
