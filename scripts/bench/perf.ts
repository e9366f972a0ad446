// `npm run perf`: Lighthouse 12 (mobile, default throttling) against the production build.
// Builds when needed, serves it on a free port with a fresh embedded database, audits each
// page serially, writes reports/perf.json and prints a Markdown table.
//   node --import tsx scripts/bench/perf.ts [--strict] [--only] [--runs=N] [--lhr] [/extra/path …]
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

const prefix = 'perf';
const defaultPaths = [
  '/',
  '/pricing',
  '/features/encryption',
  '/InternetAccess/vpn-for-streaming/netflix',
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
  try {
    for (const pagePath of paths) {
      const url = `${server.baseUrl}${pagePath}`;
      console.log(`${prefix}: auditing ${pagePath}`);
      // A fresh browser per run keeps runs independent; Lighthouse occasionally fails to
      // record a trace (NO_NAVSTART), and one retry settles it.
      const done: PageAudit[] = [];
      let result: PageResult | undefined;
      for (let run = 1; run <= runs; run++) {
        for (let attempt = 1; attempt <= 2; attempt++) {
          result = await auditInFreshChrome(pagePath, url);
          if (!('error' in result)) break;
          console.error(`${prefix}: ${pagePath}: attempt ${attempt}: ${result.error}`);
        }
        if (result && !('error' in result)) done.push(result);
      }
      // `runs` is at least 1, so some result exists.
      const reported = done.length > 0 ? median(done) : result;
      if (!reported) throw new Error(`${pagePath}: no audit ran`);
      results.push(reported);
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
