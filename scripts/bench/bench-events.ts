#!/usr/bin/env node
// `npm run bench:events`: how many analytics events per second the API ingests, on this machine
// (2 cores), into PGlite and into PostgreSQL, with p99 request latency — and whether every
// accepted event was stored. The API runs alone (src/server/analytics/standalone-server.ts) in
// its own process; autocannon sends the load from this one; all traffic stays on 127.0.0.1.
// After the load the server is stopped with SIGTERM (its shutdown flush is part of the check)
// and the rows are counted in the database.
//   Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_EVENTS (10 per request),
//   BENCH_IP_LIMIT (the server's ANALYTICS_IP_LIMIT_PER_MINUTE; default 1000000000: the
//   per-address limit runs on every request but never refuses one, since all the load comes from
//   127.0.0.1 far above any real visitor's rate; 0 turns it off, to measure what it costs)
//   PostgreSQL: TEST_DATABASE_URL, else postgres://test:test@127.0.0.1:5432/postgres; start it
//   with `bash scripts/test/with-postgres.sh npm run bench:events` when it is not running.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from '../test/scratch-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const eventsPerRequest = Number(process.env.BENCH_EVENTS ?? 10);
const ipLimit = process.env.BENCH_IP_LIMIT ?? '1000000000';
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://test:test@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'src/server/analytics/standalone-server.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'warn',
        ANALYTICS_IP_LIMIT_PER_MINUTE: ipLimit,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

/** Resolves with the exit code, or the signal that ended the server. */
function stopServer(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.kill('SIGTERM');
  });
}

function body(userId: string): string {
  const now = Date.now();
  return JSON.stringify({
    user_id: userId,
    events: Array.from({ length: eventsPerRequest }, (_, i) => ({
      event_name: i === 0 ? 'page_show' : 'bench_event',
      event_timestamp: now,
      event_datetime: '2026-01-01 AM 10:00:00',
      event_params: [
        { key: 'path', value: '/pricing' },
        { key: 'index', value: i },
      ],
      language: 'en',
      device: 'desktop/Linux',
      country: 'Germany',
      country_code: 'DE',
      app_name: 'Turbo VPN Web',
      ip: '8.8.8.8',
      app_type: 502,
      app_info: { path: '/pricing' },
    })),
  });
}

type LoadResult = {
  ok: number;
  non2xx: number;
  errors: number;
  /** Seconds. */
  duration: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Answered requests of the warm-up (not in the rates, but sent and counted). */
  warmUp: number;
};

/**
 * Runs autocannon to completion (with `amount`, every request sent is answered and counted);
 * `seconds` is timed here, as autocannon's own duration is whole seconds.
 */
async function cannon(options: Options): Promise<Result & { seconds: number }> {
  const started = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(options, (error, answer) =>
      error ? reject(error) : resolve(answer),
    );
    instance.on('error', () => {}); // failures are counted in the result
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

// autocannon sends the load (its HTTP client costs a fraction of fetch's CPU, which shares the
// machine's two cores with the server). A fixed number of requests, not a fixed time, so that
// every request sent is answered and counted: a time-limited run drops its last requests, which
// the server may still store. Two warm-ups of 2,000 requests each (the server compiles its
// modules and first statements during the first); the second's rate sets how many requests make
// `seconds` of the measured run. Their events are counted as sent too.
async function load(port: number, userId: string): Promise<LoadResult> {
  const options: Options = {
    url: `http://127.0.0.1:${port}/api/mms/analytics/v1/events`,
    connections,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-type': '502' },
    body: body(userId),
  };
  const first = await cannon({ ...options, amount: 2_000 });
  const warmUp = await cannon({ ...options, amount: 2_000 });
  const amount = Math.max(2_000, Math.round((warmUp['2xx'] / warmUp.seconds) * seconds));
  const result = await cannon({ ...options, amount });
  return {
    ok: result['2xx'],
    non2xx: result.non2xx + first.non2xx + warmUp.non2xx,
    errors: result.errors + first.errors + warmUp.errors,
    duration: result.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    warmUp: first['2xx'] + warmUp['2xx'],
  };
}

/** One database's figures, as printed. */
type Row = {
  database: string;
  requests_ok: number;
  non_2xx: number;
  errors: number;
  events_per_s: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  events_sent: number;
  events_stored: number;
  all_stored: boolean;
};

/** The `n` of a `select count(*)::int as n` query's single row. */
function countOf(rows: Array<{ n: number }>): number {
  const row = rows[0];
  if (!row) throw new Error('select count(*) returned no row');
  return row.n;
}

async function run(
  label: string,
  env: Record<string, string>,
  count: (userId: string) => Promise<number>,
  cleanup?: () => void | Promise<void>,
): Promise<Row> {
  const userId = `bench-${randomUUID()}`;
  const { child, port } = await startServer(env);
  let result: LoadResult;
  try {
    result = await load(port, userId);
  } finally {
    const exit = await stopServer(child);
    if (exit !== 0) console.error(`${label}: server exit ${exit}`);
  }
  const { ok } = result;
  const sent = (ok + result.warmUp) * eventsPerRequest;
  const stored = await count(userId);
  await cleanup?.();
  const row: Row = {
    database: label,
    requests_ok: ok,
    non_2xx: result.non2xx,
    errors: result.errors,
    events_per_s: Math.round((ok * eventsPerRequest) / result.duration),
    requests_per_s: Math.round(ok / result.duration),
    p50_ms: result.p50,
    p99_ms: result.p99,
    events_sent: sent,
    events_stored: stored,
    all_stored: stored === sent,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function pglite(): Promise<Row> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
  return run(
    'pglite',
    { PGLITE_DIR: dir, DATABASE_URL: '' },
    async (userId) => {
      const db = new PGlite(dir);
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from analytics_events where user_id = $1',
        [userId],
      );
      await db.close();
      return countOf(rows);
    },
    () => rmSync(dir, { recursive: true, force: true }),
  );
}

async function postgres(): Promise<Row | undefined> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `postgres: skipped (${error instanceof Error ? error.message : String(error)}); start it with bash scripts/test/with-postgres.sh npm run bench:events`,
    );
    return undefined;
  }
  await admin.end();
  const database = await createScratchDatabase(postgresUrl, 'bench');
  try {
    return await run('postgres', { DATABASE_URL: database.url }, async (userId) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from analytics_events where user_id = $1',
        [userId],
      );
      await client.end();
      return countOf(rows);
    });
  } finally {
    await database.drop();
  }
}

console.log(
  `bench:events: ${seconds} s, ${connections} connections, ${eventsPerRequest} events per request, per-address limit ${ipLimit === '0' ? 'off' : `${ipLimit} events/min`}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const rows = [await pglite(), await postgres()].filter((row) => row !== undefined);
console.table(rows);
if (rows.some((row) => !row.all_stored)) {
  console.error('FAIL: some accepted events were not stored');
  process.exit(1);
}
