#!/usr/bin/env node
// `npm run bench:events`: how many analytics events per second the API ingests, on this machine
// (2 cores), into PGlite and into PostgreSQL, with p99 request latency — and whether every
// accepted event was stored. The API runs alone (src/server/analytics/standalone-server.ts) in
// its own process; load comes from fetch loops in this one; all traffic stays on 127.0.0.1.
// After the load the server is stopped with SIGTERM (its shutdown flush is part of the check)
// and the rows are counted in the database.
//   Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_EVENTS (10 per request),
//   BENCH_IP_LIMIT (the server's ANALYTICS_IP_LIMIT_PER_MINUTE; default 1000000000: the
//   per-address limit runs on every request but never refuses one, since all the load comes from
//   127.0.0.1 far above any real visitor's rate; 0 turns it off, to measure what it costs)
//   PostgreSQL: TEST_DATABASE_URL, else postgres://test:test@127.0.0.1:5432/postgres; start it
//   with `bash scripts/with-postgres.sh npm run bench:events` when it is not running.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const eventsPerRequest = Number(process.env.BENCH_EVENTS ?? 10);
const ipLimit = process.env.BENCH_IP_LIMIT ?? '1000000000';
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://test:test@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function startServer(env) {
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
    const onData = (chunk) => {
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

function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.kill('SIGTERM');
  });
}

function body(userId) {
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

// `connections` loops each send one request at a time until the time is up; in-flight requests
// finish before counting, so "sent" is exact (a fixed-duration tool drops its last requests).
async function load(port, userId) {
  const url = `http://127.0.0.1:${port}/api/mms/analytics/v1/events`;
  const payload = body(userId);
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'app-type': '502' },
          body: payload,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.ok) ok += 1;
        else non2xx += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const duration = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { ok, non2xx, errors, duration, p50: at(0.5), p99: at(0.99) };
}

async function run(label, env, count, cleanup) {
  const userId = `bench-${randomUUID()}`;
  const { child, port } = await startServer(env);
  let result;
  try {
    result = await load(port, userId);
  } finally {
    const exit = await stopServer(child);
    if (exit !== 0) console.error(`${label}: server exit ${exit}`);
  }
  const { ok } = result;
  const sent = ok * eventsPerRequest;
  const stored = await count(userId);
  await cleanup?.();
  const row = {
    database: label,
    requests_ok: ok,
    non_2xx: result.non2xx,
    errors: result.errors,
    events_per_s: Math.round(sent / result.duration),
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

async function pglite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
  return run(
    'pglite',
    { PGLITE_DIR: dir, DATABASE_URL: '' },
    async (userId) => {
      const db = new PGlite(dir);
      const { rows } = await db.query(
        'select count(*)::int as n from analytics_events where user_id = $1',
        [userId],
      );
      await db.close();
      return rows[0].n;
    },
    () => rmSync(dir, { recursive: true, force: true }),
  );
}

async function postgres() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `postgres: skipped (${error.message}); start it with bash scripts/with-postgres.sh npm run bench:events`,
    );
    return undefined;
  }
  await admin.end();
  const database = await createScratchDatabase(postgresUrl, 'bench');
  try {
    return await run('postgres', { DATABASE_URL: database.url }, async (userId) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from analytics_events where user_id = $1',
        [userId],
      );
      await client.end();
      return rows[0].n;
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
const rows = [await pglite(), await postgres()].filter(Boolean);
console.table(rows);
if (rows.some((row) => !row.all_stored)) {
  console.error('FAIL: some accepted events were not stored');
  process.exit(1);
}
