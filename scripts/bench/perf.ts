// `npm run perf`: Lighthouse 12 (mobile, default throttling) against the production build.
// Builds when needed, serves it on a free port with a fresh embedded database, audits each
// page serially, writes reports/perf.json and prints Markdown tables.
//   node --import tsx scripts/bench/perf.ts [--strict] [--only] [--runs=N] [--lhr] [--no-browser] [/extra/path …]
// Every page is measured beside its floor, the same HTML with every script removed from the same
// server (perf-floor.ts), run for run, and loaded in real Chromium under the same throttling
// (perf-browser.ts; --no-browser skips it).
// Extra paths are audited as given (add the /ar prefix yourself); --only skips the defaults.
// --runs=N audits each page N times (default 5) and reports the run with the median
// performance score: Lighthouse's documentation (docs/variability.md) advises five runs and the
// median, which about halves the spread of a score that varies between runs.
// --lhr also writes each reported run's whole Lighthouse result to reports/lhr/<page>.json.
// --strict exits 1 when a budget is missed: performance ≥ 0.95, the other categories 1.00.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { repoRoot } from '../../src/server/http/build-output';
import { buildIfNeeded } from '../build/build-if-needed';
import { runCommand } from '../command';
import { chromiumFlags, chromiumPath } from '../test/chromium';
import {
  freePort,
  type ProductionServer,
  reportStartError,
  startProductionServer,
} from '../test/serve-production';
import { type BrowserRun, launchBrowser, measureInBrowser, medianRun } from './perf-browser';
import { startMeasuringProxy } from './perf-floor';

const prefix = 'perf';
// The budget pages: home, pricing, a feature page, a use case, a country page, download, the
// blog's home and a post (each also in Arabic).
const defaultPaths = [
  '/',
  '/pricing',
  '/features/encryption',
  '/InternetAccess/vpn-for-streaming/netflix',
  '/vpn-server/japan-vpn',
  '/download',
  '/blog',
  '/blog/how-a-vpn-works',
];
type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const categories: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];
const budgets: Record<Category, number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const only = args.includes('--only');
const saveLhr = args.includes('--lhr');
const browserCheck = !args.includes('--no-browser');
const runsArg = args.find((arg) => arg.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 5;
if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
  console.error(`perf: --runs must be a whole number from 1 to 15, got ${runsArg}`);
  process.exit(2);
}
const extraPaths = args.filter((arg) => !arg.startsWith('--'));
const withArabic = (p: string): string[] => [p, p === '/' ? '/ar' : `/ar${p}`];
const paths = [...(only ? [] : defaultPaths.flatMap(withArabic)), ...extraPaths];

/** One script's size, or why it could not be fetched again. */
type ScriptSize =
  | { url: string; bytes: number; gzipBytes: number }
  | { url: string; error: string };

type ClientJavaScript = { gzipBytes: number; sentBytes: number; scripts: ScriptSize[] };

/**
 * Gzip (level 9) size of every script the page loaded, fetched again from the network, and the
 * bytes the page actually received for them (Brotli from src/server/http/http-server.ts).
 */
async function clientJavaScript(lhr: LighthouseResult): Promise<ClientJavaScript> {
  const details = lhr.audits['network-requests']?.details;
  const items = details?.type === 'table' ? details.items : [];
  const urls = [
    ...new Set(
      items.flatMap((item) =>
        item.resourceType === 'Script' && typeof item.url === 'string' ? [item.url] : [],
      ),
    ),
  ];
  const scripts: ScriptSize[] = [];
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
  const gzipBytes = scripts.reduce(
    (sum, script) => sum + ('gzipBytes' in script ? script.gzipBytes : 0),
    0,
  );
  const sentBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce(
      (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
      0,
    );
  return { gzipBytes, sentBytes, scripts };
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Category scores (0 to 1, null when Lighthouse could not score one), by category id. */
type Scores = Record<string, number | null>;

/** A page Lighthouse could not audit. */
type FailedAudit = { path: string; url: string; error: string };

/** A page Lighthouse audited; `runs` (the performance score of every run) comes from `median`. */
type PageAudit = {
  path: string;
  url: string;
  lhr?: LighthouseResult;
  scores: Scores;
  /** Metric values (milliseconds; CLS unitless), null when missing, by audit id. */
  metrics: Record<string, number | null>;
  failedAudits: string[];
  js: ClientJavaScript;
  runs?: Array<number | null>;
};

type PageResult = FailedAudit | PageAudit;

function missedBudgets(result: PageResult): string[] {
  if ('error' in result) return [`${result.path}: ${result.error}`];
  return categories
    .filter((id) => (result.scores[id] ?? 0) < budgets[id])
    .map((id) => `${result.path}: ${id} ${format(result.scores[id])} < ${budgets[id].toFixed(2)}`);
}

/** The run with the median performance score; the others' scores are kept for the report. */
function median(done: PageAudit[]): PageAudit {
  // A missing score sorts as 0, as `null - x` does.
  const sorted = [...done].sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
  );
  const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!chosen) throw new Error('median: no runs');
  return { ...chosen, runs: sorted.map((r) => r.scores.performance ?? null) };
}

function writeLhr(result: PageResult): void {
  if ('error' in result || !result.lhr) return;
  const dir = path.join(repoRoot, 'reports', 'lhr');
  mkdirSync(dir, { recursive: true });
  const name = result.path.replace(/^\/$/, 'home').replace(/^\//, '').replaceAll('/', '_');
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result.lhr));
  delete result.lhr;
}

const format = (score: number | null | undefined): string =>
  typeof score === 'number' ? score.toFixed(2) : 'n/a';

function table(results: PageResult[]): string {
  const lines = [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS gzip KiB | JS sent KiB | runs (performance) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const ms = (value: number | null | undefined): string =>
    typeof value === 'number' ? `${Math.round(value)} ms` : 'n/a';
  for (const r of results) {
    const audited = 'error' in r ? undefined : r;
    const s: Scores = audited?.scores ?? {};
    const m = audited?.metrics ?? {};
    const js = audited ? (audited.js.gzipBytes / 1024).toFixed(1) : 'n/a';
    const sent = audited ? (audited.js.sentBytes / 1024).toFixed(1) : 'n/a';
    const cls = m['cumulative-layout-shift'];
    lines.push(
      `| ${r.path} | ${format(s.performance)} | ${format(s.accessibility)} | ${format(s['best-practices'])} | ${format(s.seo)} | ${ms(m['first-contentful-paint'])} | ${ms(m['largest-contentful-paint'])} | ${ms(m['total-blocking-time'])} | ${typeof cls === 'number' ? cls.toFixed(3) : 'n/a'} | ${js} | ${sent} | ${(audited?.runs ?? []).map(format).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

/** Audits that cost a category points, for the report (performance: its metrics). */
function pointsLost(lhr: LighthouseResult): string[] {
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

async function audit(pagePath: string, url: string, port: number): Promise<PageResult> {
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

async function auditInFreshChrome(pagePath: string, url: string): Promise<PageResult> {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumFlags,
      logLevel: 'error',
    });
    return await audit(pagePath, url, chrome.port);
  } catch (error) {
    return { path: pagePath, url, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (chrome) await chrome.kill();
  }
}

async function auditWithRetry(pagePath: string, url: string): Promise<PageResult> {
  // A fresh browser per run keeps runs independent; Lighthouse occasionally fails to record a
  // trace (NO_NAVSTART), and one retry settles it.
  let result: PageResult = { path: pagePath, url, error: 'not run' };
  for (let attempt = 1; attempt <= 2; attempt++) {
    result = await auditInFreshChrome(pagePath, url);
    if (!('error' in result)) break;
    console.error(`${prefix}: ${url}: attempt ${attempt}: ${result.error}`);
  }
  return result;
}

/** Medians over a page's runs (each metric on its own), with the lowest performance score. */
type RunSummary = {
  performance: number;
  lowestPerformance: number;
  fcp: number;
  lcp: number;
  tbt: number;
};

/** A page beside its floor (the same HTML without scripts). */
type Comparison = {
  path: string;
  page: RunSummary;
  floor: RunSummary;
  browser?: BrowserRun;
  floorBrowser?: BrowserRun;
  /** Script bytes the page received (Brotli), KiB. */
  scriptKiB: number;
};

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function summary(done: PageAudit[]): RunSummary {
  const metric = (id: string) => middle(done.map((r) => r.metrics[id] ?? 0));
  const scores = done.map((r) => r.scores.performance ?? 0);
  return {
    performance: middle(scores),
    lowestPerformance: Math.min(...scores),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
  };
}

/** Issue 19's targets: LCP within 1.15× the floor's and ≤ 1.3 s, score ≥ 0.98 (no run < 0.95), TBT ≤ 100 ms. */
function missedTargets(c: Comparison): string[] {
  const missed: string[] = [];
  const ratio = c.page.lcp / c.floor.lcp;
  if (ratio > 1.15) missed.push(`${c.path}: LCP ${ratio.toFixed(2)}× the floor's (> 1.15)`);
  if (c.page.lcp > 1300) missed.push(`${c.path}: LCP ${Math.round(c.page.lcp)} ms (> 1300)`);
  if (c.page.performance < 0.98)
    missed.push(`${c.path}: performance ${c.page.performance.toFixed(2)} (< 0.98)`);
  if (c.page.lowestPerformance < 0.95)
    missed.push(`${c.path}: a run at ${c.page.lowestPerformance.toFixed(2)} (< 0.95)`);
  if (c.page.tbt > 100) missed.push(`${c.path}: TBT ${Math.round(c.page.tbt)} ms (> 100)`);
  return missed;
}

function comparisonTable(comparisons: Comparison[]): string {
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)}`);
  const lines = [
    '| page | LCP | floor LCP | ratio | FCP | floor FCP | TBT | performance (lowest) | floor performance | scripts KiB | Chromium FP / LCP | floor FP / LCP | long tasks, blocking ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const c of comparisons) {
    const b = c.browser;
    const f = c.floorBrowser;
    lines.push(
      `| ${c.path} | ${ms(c.page.lcp)} | ${ms(c.floor.lcp)} | ${(c.page.lcp / c.floor.lcp).toFixed(2)} | ${ms(c.page.fcp)} | ${ms(c.floor.fcp)} | ${ms(c.page.tbt)} | ${c.page.performance.toFixed(2)} (${c.page.lowestPerformance.toFixed(2)}) | ${c.floor.performance.toFixed(2)} | ${c.scriptKiB.toFixed(1)} | ${b ? `${ms(b.firstPaint)} / ${ms(b.largestContentfulPaint)}` : 'n/a'} | ${f ? `${ms(f.firstPaint)} / ${ms(f.largestContentfulPaint)}` : 'n/a'} | ${b ? `${b.longTasks}, ${ms(b.blockingTime)}` : 'n/a'} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const ensure = spawnSync('bash', [path.join(repoRoot, 'scripts', 'test', 'ensure-chromium.sh')], {
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
  let server: ProductionServer;
  try {
    server = await startProductionServer({ port });
  } catch (error) {
    reportStartError(error, prefix);
    return 1;
  }

  const results: PageResult[] = [];
  const comparisons: Comparison[] = [];
  const upstream = new URL(server.baseUrl);
  const pageProxy = await startMeasuringProxy(upstream, false);
  const floorProxy = await startMeasuringProxy(upstream, true);
  const browser = browserCheck ? await launchBrowser() : undefined;
  // Figures from different Chromium versions differ (blocking time above all): say which one.
  const load = os.loadavg().map((value) => value.toFixed(2));
  console.log(
    `${prefix}: Chromium ${browser?.version() ?? '(see chromium --version)'}, load average ${load.join(' ')}`,
  );
  try {
    for (const pagePath of paths) {
      console.log(`${prefix}: auditing ${pagePath} and its floor`);
      // Page and floor alternate run by run, so a change in the machine's load hits both.
      const done: PageAudit[] = [];
      const floorDone: PageAudit[] = [];
      const inBrowser: BrowserRun[] = [];
      const floorInBrowser: BrowserRun[] = [];
      let result: PageResult | undefined;
      for (let run = 1; run <= runs; run++) {
        result = await auditWithRetry(pagePath, `${pageProxy.baseUrl}${pagePath}`);
        if (!('error' in result)) done.push(result);
        const floor = await auditWithRetry(pagePath, `${floorProxy.baseUrl}${pagePath}`);
        if (!('error' in floor)) floorDone.push(floor);
        if (browser) {
          inBrowser.push(await measureInBrowser(browser, `${pageProxy.baseUrl}${pagePath}`));
          floorInBrowser.push(await measureInBrowser(browser, `${floorProxy.baseUrl}${pagePath}`));
        }
      }
      // `runs` is at least 1, so some result exists.
      const reported = done.length > 0 ? median(done) : result;
      if (!reported) throw new Error(`${pagePath}: no audit ran`);
      results.push(reported);
      if (done.length > 0 && floorDone.length > 0) {
        comparisons.push({
          path: pagePath,
          page: summary(done),
          floor: summary(floorDone),
          browser: inBrowser.length > 0 ? medianRun(inBrowser) : undefined,
          floorBrowser: floorInBrowser.length > 0 ? medianRun(floorInBrowser) : undefined,
          scriptKiB: 'error' in reported ? 0 : reported.js.sentBytes / 1024,
        });
      }
    }
  } finally {
    await browser?.close();
    await Promise.all([pageProxy.close(), floorProxy.close()]);
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
    comparisons,
    targetsMissed: comparisons.flatMap(missedTargets),
  };
  const reportsDir = path.join(repoRoot, 'reports');
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(path.join(reportsDir, 'perf.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n${table(results)}\n`);
  console.log(`${comparisonTable(comparisons)}\n`);
  const targetsMissed = comparisons.flatMap(missedTargets);
  console.log(
    targetsMissed.length === 0
      ? `${prefix}: every page within the floor targets`
      : `${prefix}: floor targets missed:\n${targetsMissed.map((t) => `  - ${t}`).join('\n')}`,
  );
  console.log(`${prefix}: report written to reports/perf.json`);
  if (failures.length > 0) {
    console.log(`${prefix}: budgets missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    for (const r of results) {
      if ('error' in r || r.failedAudits.length === 0) continue;
      console.log(`${prefix}: ${r.path}: failing audits: ${r.failedAudits.join(', ')}`);
    }
    if (strict) return 1;
  } else {
    console.log(`${prefix}: every budget met`);
  }
  return 0;
}

runCommand(prefix, main, { stack: true });
