// `npm run bench:load`: requests per second and latency of the production server on PostgreSQL,
// one instance and then two behind a load balancer, with the same page served as a plain static
// file on the same machine as the reference. `npm run bench:load -- --soak 10`: ten minutes of
// mixed traffic on two instances, errors counted (zero expected), memory before and after.
// Runs through scripts/test/with-postgres.sh (skips without PostgreSQL) on a fresh database that it
// drops afterwards. Everything runs on 127.0.0.1: nginx (when installed) as the balancer and the
// static reference, else a round-robin TCP balancer and a Node static server in this process'
// children. Settings: BENCH_SECONDS (15 per measurement), BENCH_PORT_BASE (ports base+1…; default
// free ports), BENCH_PAGE (/features/encryption), SKIP_BUILD=1. `--pages` measures only the
// prerendered page against its precompressed Brotli file (the first table).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import autocannon, { type Options, type Result } from 'autocannon';
import { repoRoot } from '../../src/server/http/build-output';
import { startFakePayPal } from '../../tests/support/fake-paypal';
import { startTestSmtpServer } from '../../tests/support/smtp-server';
import { buildIfNeeded } from '../build/build-if-needed';
import { runCommand } from '../command';
import {
  createScratchDatabase,
  freePort,
  type Instance,
  productionSettings,
  redact,
  startInstance,
  startTcpBalancer,
  treeRssKib,
} from '../test/fleet-support';

const prefix = 'bench:load';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const pagePath = process.env.BENCH_PAGE ?? '/features/encryption';
const portBase = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
const json = { 'app-type': '502', 'content-type': 'application/json' };
const password = 'Bench-pass1!';
const users = { login: 'bench-login@example.com', profile: 'bench-profile@example.com' };

const pagesOnly = process.argv.includes('--pages');
const soakIndex = process.argv.indexOf('--soak');
const soakMinutes = soakIndex === -1 ? undefined : Number(process.argv[soakIndex + 1]);
if (soakMinutes !== undefined && !(soakMinutes > 0 && soakMinutes <= 60)) {
  console.error(`${prefix}: --soak takes a number of minutes (0-60], e.g. --soak 10`);
  process.exit(2);
}

let nextOffset = 1;
const port = async (): Promise<number> => (portBase ? portBase + nextOffset++ : freePort());
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const nginxBin = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);
const load = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** One measurement, a line of the results table. */
type Row = {
  target: string;
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  load: string;
};

/** A server of this bench on 127.0.0.1 and how to stop it. */
type Server = { url: string; close: () => Promise<void> };

/** A load balancer; `errors` (nginx only) answers nginx's own error lines. */
type Balancer = Server & { kind: string; errors?: () => string };

// ---------------------------------------------------------------------------------------------
// helpers

function cannon(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // Requests that fail on the wire are counted in result.errors; nothing is printed per request.
    instance.on('error', () => {});
  });
}

function row(
  target: string,
  name: string,
  connections: number,
  result: Result,
  loadBefore: string,
): Row {
  return {
    target,
    name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    load: `${loadBefore} → ${load()}`,
  };
}

function table(rows: Row[]): string {
  const lines = [
    '| target | request | connections | requests/s | p50 | p99 | requests | failed | load average (1, 5, 15 min) before → after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.target} | ${r.name} | ${r.connections} | ${r.rps.toFixed(1)} | ${r.p50} ms | ${r.p99} ms | ${r.total} | ${r.failed} | ${r.load} |`,
    );
  }
  return lines.join('\n');
}

async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/mms/account/v1/web/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const body: unknown = await response.json();
  if (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof body.data === 'object' &&
    body.data !== null &&
    'token' in body.data &&
    typeof body.data.token === 'string'
  ) {
    return body.data.token;
  }
  throw new Error(`login answered no token: ${JSON.stringify(body)}`);
}

/** An account with a password, made with `npm run user:create` (asynchronously: a blocked event
 * loop would keep idle keep-alive sockets the server has already closed). */
function createUser(databaseUrl: string, email: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'user:create', '--', '--email', email, '--password', password],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`user:create ${email} failed: ${output}`)),
    );
  });
}

/** nginx in the foreground with its own prefix folder; answers a stop function. */
async function startNginx(
  dir: string,
  serverBlock: string,
  listenPort: number,
): Promise<Server & { pid: number | undefined; errors: () => string }> {
  if (!nginxBin) throw new Error('nginx is not installed');
  const conf = path.join(dir, `nginx-${listenPort}.conf`);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx-${listenPort}.pid;
error_log ${dir}/nginx-${listenPort}.error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  ${serverBlock}
}
`,
  );
  const child = spawn(nginxBin, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk;
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    try {
      await fetch(`http://127.0.0.1:${listenPort}/`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      await sleep(100);
    }
  }
  const errorLog = path.join(dir, `nginx-${listenPort}.error.log`);
  return {
    url: `http://127.0.0.1:${listenPort}`,
    pid: child.pid,
    /** nginx's own error lines (e.g. an upstream that closed a connection), for a failed run. */
    errors: () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim() : ''),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

/** A load balancer on `listenPort` in front of `ports`: nginx when installed, else TCP round robin. */
async function startBalancer(dir: string, listenPort: number, ports: number[]): Promise<Balancer> {
  if (!nginxBin) {
    const balancer = await startTcpBalancer(listenPort, ports);
    return { ...balancer, kind: 'round-robin TCP balancer (Node, in the bench process)' };
  }
  const upstream = ports.map((p) => `server 127.0.0.1:${p};`).join(' ');
  const balancer = await startNginx(
    dir,
    `upstream site { ${upstream} keepalive 64; keepalive_timeout 4s; }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://site;
      proxy_buffers 32 8k;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    listenPort,
  );
  return { ...balancer, kind: 'nginx (1 worker, round robin, keepalive to the instances)' };
}

/**
 * A minimal Node static file server in a child process: stat + stream per request; `/br` answers
 * the page's precompressed Brotli file (page.html.br) with `Content-Encoding: br`.
 */
async function startNodeStatic(dir: string, listenPort: number): Promise<Server> {
  const code = `
    const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
    const plain = path.join(${JSON.stringify(dir)}, 'page.html');
    http.createServer((req, res) => {
      const brotli = req.url === '/br';
      const file = brotli ? plain + '.br' : plain;
      fs.stat(file, (error, stat) => {
        if (error) { res.writeHead(500); res.end(); return; }
        const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': stat.size };
        if (brotli) headers['content-encoding'] = 'br';
        res.writeHead(200, headers);
        fs.createReadStream(file).pipe(res);
      });
    }).listen(${listenPort}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${listenPort}/`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// measurements

/**
 * The issue's comparison, side by side in one run: the prerendered page from one instance with
 * each Accept-Encoding a client sends, against the Node static server sending the same page as a
 * precompressed Brotli file (stat + stream per request).
 */
async function comparePageWithBrotliFile(
  dir: string,
  instanceUrl: string,
  staticPort: number,
  brotliBytes: number,
): Promise<{ markdown: string; failed: number }> {
  const rows: Row[] = [];
  const measure = async (target: string, name: string, options: Options) => {
    const before = load();
    console.log(`${prefix}: ${target}: ${name}, 20 connections, ${seconds} s`);
    rows.push(row(target, name, 20, await cannon({ connections: 20, ...options }), before));
  };
  const nodeStatic = await startNodeStatic(dir, staticPort);
  await measure('Node static server', `the page as a Brotli file (${brotliBytes} bytes)`, {
    url: `${nodeStatic.url}/br`,
  });
  await nodeStatic.close();
  const url = `${instanceUrl}${pagePath}`;
  for (const [encoding, label] of [
    ['gzip, deflate, br, zstd', 'Accept-Encoding: gzip, deflate, br, zstd (a browser)'],
    ['gzip', 'Accept-Encoding: gzip'],
    ['identity', 'uncompressed'],
  ] as const) {
    await measure('1 instance', `GET ${pagePath}, ${label}`, {
      url,
      headers: { 'accept-encoding': encoding },
    });
  }
  const [file, browser] = rows;
  const ratio = file && browser ? browser.rps / file.rps : 0;
  const markdown = `${table(rows)}\n\nThe page with Brotli: ${ratio.toFixed(2)}× the Brotli file's rate (goal ≥ 0.5).`;
  return { markdown, failed: rows.reduce((sum, r) => sum + r.failed, 0) };
}

/** The four requests of the issue against one base URL, one after another. */
async function measureSite(target: string, baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const measure = async (name: string, connections: number, options: Options): Promise<void> => {
    const before = load();
    console.log(`${prefix}: ${target}: ${name}, ${connections} connections, ${seconds} s`);
    rows.push(row(target, name, connections, await cannon({ connections, ...options }), before));
  };
  await measure(`GET ${pagePath} (prerendered page)`, 20, { url: `${baseUrl}${pagePath}` });
  await measure('GET /api/mms/payment/v1/providers/plans', 20, {
    url: `${baseUrl}/api/mms/payment/v1/providers/plans`,
  });
  const token = await signIn(baseUrl, users.profile);
  await measure('GET /api/mms/account/v1/web/profile (signed in)', 20, {
    url: `${baseUrl}/api/mms/account/v1/web/profile`,
    headers: { ...json, authorization: `Bearer ${token}` },
  });
  await measure('POST /api/mms/account/v1/web/login (argon2id)', 8, {
    url: `${baseUrl}/api/mms/account/v1/web/login`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: users.login, password }),
  });
  return rows;
}

async function warmUp(baseUrl: string): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    for (const path of [pagePath, '/api/mms/payment/v1/providers/plans']) {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`warm-up: ${path} answered ${response.status}`);
      await response.arrayBuffer();
    }
    await signIn(baseUrl, users.login);
  }
}

const rssMib = (instance: Instance): string =>
  instance.pid === undefined ? 'n/a' : `${Math.round(treeRssKib(instance.pid) / 1024)} MiB`;

async function soak(
  instances: Instance[],
  baseUrl: string,
  minutes: number,
): Promise<{ markdown: string; failed: number }> {
  const duration = Math.round(minutes * 60);
  const profileToken = await signIn(baseUrl, users.profile);
  const memoryBefore = instances.map(rssMib);
  const loadBefore = load();
  console.log(
    `${prefix}: soak ${minutes} min through ${baseUrl}: page 20/s, plans 10/s, profile 10/s, login 1/s`,
  );
  const streams: [name: string, options: Options][] = [
    ['page', { url: `${baseUrl}${pagePath}`, connections: 10, overallRate: 20 }],
    [
      'plans',
      { url: `${baseUrl}/api/mms/payment/v1/providers/plans`, connections: 5, overallRate: 10 },
    ],
    [
      'profile',
      {
        url: `${baseUrl}/api/mms/account/v1/web/profile`,
        headers: { ...json, authorization: `Bearer ${profileToken}` },
        connections: 5,
        overallRate: 10,
      },
    ],
    [
      'login',
      {
        url: `${baseUrl}/api/mms/account/v1/web/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: users.login, password }),
        connections: 2,
        overallRate: 1,
      },
    ],
  ];
  const samples: { minute: number; rss: string[]; load: string }[] = [];
  const sampler = setInterval(() => {
    const sample = { minute: samples.length + 1, rss: instances.map(rssMib), load: load() };
    samples.push(sample);
    console.log(
      `${prefix}: soak minute ${samples.length}: RSS ${sample.rss.join(', ')}; load ${sample.load}`,
    );
  }, 60_000);
  const results = await Promise.all(
    streams.map(([name, options]) =>
      cannon({ ...options, duration }).then((result) => ({ name, options, result })),
    ),
  );
  clearInterval(sampler);
  const memoryAfter = instances.map(rssMib);
  const lines = [
    '| stream | target rate | requests | requests/s | p50 | p99 | non-2xx | errors | timeouts |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  let failed = 0;
  for (const { name, options: stream, result } of results) {
    failed += result.non2xx + result.errors + result.timeouts;
    lines.push(
      `| ${name} | ${stream.overallRate}/s | ${result.requests.total} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} | ${result.errors} | ${result.timeouts} |`,
    );
  }
  lines.push('');
  lines.push(
    `Memory (RSS of each instance's process tree): before ${memoryBefore.join(', ')}; after ${memoryAfter.join(', ')}.`,
  );
  lines.push(`Load average before → after: ${loadBefore} → ${load()}.`);
  lines.push(`Per minute: ${samples.map((s) => `${s.minute}: ${s.rss.join('/')}`).join('; ')}.`);
  return { markdown: lines.join('\n'), failed };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      `${prefix}: PostgreSQL not available (run through scripts/test/with-postgres.sh), skipping`,
    );
    return 0;
  }
  await buildIfNeeded({ log: (line) => console.log(line) });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  // nginx's workers run as another user when started by root: they must read the page there.
  chmodSync(dir, 0o755);
  const cleanup: (() => Promise<unknown>)[] = [];
  const stopAll = async (): Promise<void> => {
    for (const step of cleanup.splice(0).reverse()) {
      await step().catch((error: unknown) =>
        console.error(
          `${prefix}: cleanup: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => stopAll().finally(() => process.exit(130)));
  process.once('SIGTERM', () => stopAll().finally(() => process.exit(143)));

  try {
    const database = await createScratchDatabase(adminUrl, 'bench');
    cleanup.push(() => database.drop());
    const [fake, smtp] = await Promise.all([startFakePayPal(), startTestSmtpServer()]);
    cleanup.push(() => Promise.all([fake.close(), smtp.close()]));
    console.log(`${prefix}: database ${redact(database.url)}`);
    const env = {
      ...productionSettings({ databaseUrl: database.url, smtp, paypal: fake }),
      LOG_LEVEL: 'error',
    };
    const [portA, portB, portOne, portTwo, portNginxStatic, portNodeStatic] = [
      await port(),
      await port(),
      await port(),
      await port(),
      await port(),
      await port(),
    ];
    const a = await startInstance({ name: 'A', port: portA, env });
    cleanup.push(() => a.stop());
    await Promise.all(Object.values(users).map((email) => createUser(database.url, email)));
    await warmUp(a.baseUrl);

    const header = [
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),`,
      `Node ${process.version}, PostgreSQL on 127.0.0.1${soakMinutes === undefined ? `, ${seconds} s per measurement` : ''};`,
      `autocannon runs in this process on the same machine.`,
    ].join(' ');

    if (soakMinutes !== undefined) {
      const b = await startInstance({ name: 'B', port: portB, env });
      cleanup.push(() => b.stop());
      await warmUp(b.baseUrl);
      const balancer = await startBalancer(dir, portTwo, [portA, portB]);
      cleanup.push(() => balancer.close());
      await warmUp(balancer.url);
      const result = await soak([a, b], balancer.url, soakMinutes);
      console.log(
        `\n## Soak, ${soakMinutes} min, two instances behind ${balancer.kind}\n\n${header}\n\n${result.markdown}\n`,
      );
      if (result.failed > 0) {
        if (balancer.errors?.()) console.error(`${prefix}: nginx error log:\n${balancer.errors()}`);
        console.error(`${prefix}: ${result.failed} requests failed during the soak (0 expected)`);
        return 1;
      }
      return 0;
    }

    // The reference: the same page's HTML as a plain file, and as a precompressed Brotli file.
    const page = await fetch(`${a.baseUrl}${pagePath}`);
    const html = await page.text();
    writeFileSync(path.join(dir, 'page.html'), html);
    const brotliFile = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    writeFileSync(path.join(dir, 'page.html.br'), brotliFile);
    const compressed = await comparePageWithBrotliFile(
      dir,
      a.baseUrl,
      portNodeStatic,
      brotliFile.length,
    );
    console.log(
      `\n## Prerendered page against its precompressed file\n\n${header}\n\n${compressed.markdown}\n`,
    );
    if (pagesOnly) return compressed.failed > 0 ? 1 : 0;
    const reference: Row[] = [];
    const measureStatic = async (target: string, url: string): Promise<void> => {
      const before = load();
      console.log(`${prefix}: ${target}: static file, 20 connections, ${seconds} s`);
      reference.push(
        row(
          target,
          `the same page's HTML (${html.length} bytes) as a file`,
          20,
          await cannon({ url, connections: 20 }),
          before,
        ),
      );
    };
    if (nginxBin) {
      const staticServer = await startNginx(
        dir,
        `server { listen 127.0.0.1:${portNginxStatic}; root ${dir}; location / { try_files /page.html =404; } }`,
        portNginxStatic,
      );
      await measureStatic('nginx static (1 worker)', `${staticServer.url}/`);
      await staticServer.close();
    }
    const nodeStatic = await startNodeStatic(dir, portNodeStatic);
    await measureStatic('Node static server (1 process)', `${nodeStatic.url}/`);
    await nodeStatic.close();

    const one = await startBalancer(dir, portOne, [portA]);
    cleanup.push(() => one.close());
    const rowsOne = await measureSite('1 instance, via balancer', one.url);
    await one.close();
    cleanup.pop();

    const b = await startInstance({ name: 'B', port: portB, env });
    cleanup.push(() => b.stop());
    await warmUp(b.baseUrl);
    const two = await startBalancer(dir, portTwo, [portA, portB]);
    cleanup.push(() => two.close());
    const rowsTwo = await measureSite('2 instances, via balancer', two.url);

    const pageRow = rowsOne[0];
    if (!pageRow) throw new Error('the measurements on one instance are missing');
    const pageOne = pageRow.rps;
    const ratios = reference
      .map((r) => `${r.target}: ${(r.rps / pageOne).toFixed(1)}× the page's rate on one instance`)
      .join('; ');
    console.log(
      `\n## Load (npm run bench:load)\n\n${header} Balancer: ${two.kind}.\n\n${table([...reference, ...rowsOne, ...rowsTwo])}\n\nStatic reference: ${ratios}.\n`,
    );
    const failed = [...reference, ...rowsOne, ...rowsTwo].reduce((sum, r) => sum + r.failed, 0);
    if (failed > 0) {
      if (two.errors?.()) console.error(`${prefix}: nginx error log:\n${two.errors()}`);
      console.error(`${prefix}: ${failed} requests failed; the figures above are not valid`);
      return 1;
    }
    return 0;
  } finally {
    await stopAll();
  }
}

runCommand(prefix, main, { stack: true });
