// `npm run perf`: Lighthouse 12 (mobile, default throttling) against the production build.
// Builds when needed, serves it on a free port with a fresh embedded database, audits each
// page serially, writes reports/perf.json and prints a Markdown table.
//   node scripts/perf.mjs [--strict] [--only] [--runs=N] [--lhr] [/extra/path …]
// Extra paths are audited as given (add the /ar prefix yourself); --only skips the defaults.
// --runs=N audits each page N times (default 5) and reports the run with the median
// performance score: Lighthouse's documentation (docs/variability.md) advises five runs and the
// median, which about halves the spread of a score that varies between runs.
// --lhr also writes each reported run's whole Lighthouse result to reports/lhr/<page>.json.
// --strict exits 1 when a budget is missed: performance ≥ 0.95, the other categories 1.00.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded, repoRoot } from './build-if-needed.mjs';
import { freePort, reportStartError, startProductionServer } from './serve-production.mjs';

const prefix = 'perf';
const defaultPaths = [
  '/',
  '/pricing',
  '/features/encryption',
  '/InternetAccess/vpn-for-streaming/netflix',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const budgets = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const only = args.includes('--only');
const saveLhr = args.includes('--lhr');
const runsArg = args.find((arg) => arg.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 5;
if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
  console.error(`perf: --runs must be a whole number from 1 to 15, got ${runsArg}`);
  process.exit(2);
}
const extraPaths = args.filter((arg) => !arg.startsWith('--'));
const withArabic = (p) => [p, p === '/' ? '/ar' : `/ar${p}`];
const paths = [...(only ? [] : defaultPaths.flatMap(withArabic)), ...extraPaths];

/**
 * Gzip (level 9) size of every script the page loaded, fetched again from the network, and the
 * bytes the page actually received for them (Brotli from scripts/http-server.mjs).
 */
async function clientJavaScript(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const urls = [
    ...new Set(items.filter((item) => item.resourceType === 'Script').map((item) => item.url)),
  ];
  const scripts = [];
  for (const url of urls) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      scripts.push({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    } catch (error) {
      scripts.push({ url, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const gzipBytes = scripts.reduce((sum, script) => sum + (script.gzipBytes ?? 0), 0);
  const sentBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return { gzipBytes, sentBytes, scripts };
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

function missedBudgets(result) {
  if (result.error) return [`${result.path}: ${result.error}`];
  return categories
    .filter((id) => (result.scores[id] ?? 0) < budgets[id])
    .map((id) => `${result.path}: ${id} ${format(result.scores[id])} < ${budgets[id].toFixed(2)}`);
}

/** The run with the median performance score; the others' scores are kept for the report. */
function median(done) {
  const sorted = [...done].sort((a, b) => a.scores.performance - b.scores.performance);
  const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...chosen, runs: sorted.map((r) => r.scores.performance) };
}

function writeLhr(result) {
  if (!result.lhr) return;
  const dir = path.join(repoRoot, 'reports', 'lhr');
  mkdirSync(dir, { recursive: true });
  const name = result.path.replace(/^\/$/, 'home').replace(/^\//, '').replaceAll('/', '_');
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result.lhr));
  delete result.lhr;
}

const format = (score) => (typeof score === 'number' ? score.toFixed(2) : 'n/a');

function table(results) {
  const lines = [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS gzip KiB | JS sent KiB | runs (performance) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const ms = (value) => (typeof value === 'number' ? `${Math.round(value)} ms` : 'n/a');
  for (const r of results) {
    const s = r.scores ?? {};
    const m = r.metrics ?? {};
    const js = r.js ? (r.js.gzipBytes / 1024).toFixed(1) : 'n/a';
    const sent = r.js ? (r.js.sentBytes / 1024).toFixed(1) : 'n/a';
    const cls = m['cumulative-layout-shift'];
    lines.push(
      `| ${r.path} | ${format(s.performance)} | ${format(s.accessibility)} | ${format(s['best-practices'])} | ${format(s.seo)} | ${ms(m['first-contentful-paint'])} | ${ms(m['largest-contentful-paint'])} | ${ms(m['total-blocking-time'])} | ${typeof cls === 'number' ? cls.toFixed(3) : 'n/a'} | ${js} | ${sent} | ${(r.runs ?? []).map(format).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

/** Audits that cost a category points, for the report (performance: its metrics). */
function pointsLost(lhr) {
  return categories.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const score = lhr.audits[ref.id]?.score;
        return typeof score === 'number' && score < (id === 'performance' ? 0.9 : 1);
      })
      .map((ref) => `${id}/${ref.id}`),
  );
}

async function audit(pagePath, url, port) {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  const lhr = runner?.lhr;
  if (!lhr) return { path: pagePath, url, error: 'Lighthouse returned no result' };
  if (lhr.runtimeError) {
    return { path: pagePath, url, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  }
  return {
    path: pagePath,
    url,
    lhr: saveLhr ? lhr : undefined,
    scores: Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? null])),
    metrics: Object.fromEntries(metricIds.map((id) => [id, lhr.audits[id]?.numericValue ?? null])),
    failedAudits: pointsLost(lhr),
    js: await clientJavaScript(lhr),
  };
}

async function auditInFreshChrome(pagePath, url) {
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags,
      logLevel: 'error',
    });
    return await audit(pagePath, url, chrome.port);
  } catch (error) {
    return { path: pagePath, url, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (chrome) await chrome.kill();
  }
}

async function main() {
  const ensure = spawnSync('bash', [path.join(repoRoot, 'scripts', 'ensure-chromium.sh')], {
    stdio: 'inherit',
  });
  if (ensure.status !== 0) return 1;
  try {
    await buildIfNeeded();
  } catch (error) {
    console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const port = await freePort();
  let server;
  try {
    server = await startProductionServer({ port });
  } catch (error) {
    reportStartError(error, prefix);
    return 1;
  }

  const results = [];
  try {
    for (const pagePath of paths) {
      const url = `${server.baseUrl}${pagePath}`;
      console.log(`${prefix}: auditing ${pagePath}`);
      // A fresh browser per run keeps runs independent; Lighthouse occasionally fails to
      // record a trace (NO_NAVSTART), and one retry settles it.
      const done = [];
      let result;
      for (let run = 1; run <= runs; run++) {
        for (let attempt = 1; attempt <= 2; attempt++) {
          result = await auditInFreshChrome(pagePath, url);
          if (!result.error) break;
          console.error(`${prefix}: ${pagePath}: attempt ${attempt}: ${result.error}`);
        }
        if (!result.error) done.push(result);
      }
      results.push(done.length > 0 ? median(done) : result);
    }
  } finally {
    await server.stop();
  }

  for (const result of results) writeLhr(result);
  const failures = results.flatMap(missedBudgets);
  const report = {
    generatedAt: new Date().toISOString(),
    lighthouseVersion: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
      .version,
    formFactor: 'mobile',
    budgets,
    results,
    failures,
  };
  const reportsDir = path.join(repoRoot, 'reports');
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(path.join(reportsDir, 'perf.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n${table(results)}\n`);
  console.log(`${prefix}: report written to reports/perf.json`);
  if (failures.length > 0) {
    console.log(`${prefix}: budgets missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    for (const r of results.filter((x) => x.failedAudits?.length)) {
      console.log(`${prefix}: ${r.path}: failing audits: ${r.failedAudits.join(', ')}`);
    }
    if (strict) return 1;
  } else {
    console.log(`${prefix}: every budget met`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      `${prefix}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
