// The real-browser check of `npm run perf`, beside Lighthouse's model: headless Chromium with the
// throttling Lighthouse simulates applied for real through the DevTools protocol (4× CPU slowdown;
// 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up) on a phone-sized viewport. The page records
// its own first paint, largest contentful paint and long tasks (Paint Timing, LCP and Long Tasks
// observers, added before any of its scripts); each run is a fresh browser context.
import { type Browser, chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../test/chromium';

/** What one load of a page measured, in milliseconds from navigation start. */
export type BrowserRun = {
  firstPaint: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  longTasks: number;
  /** Sum of each long task's time over 50 ms after the first contentful paint (as TBT counts). */
  blockingTime: number;
};

const recorder = `
  window.__perf = { fp: 0, fcp: 0, lcp: 0, long: [] };
  const watch = (type, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); } catch {}
  };
  watch('paint', (e) => { if (e.name === 'first-paint') __perf.fp = e.startTime; else __perf.fcp = e.startTime; });
  watch('largest-contentful-paint', (e) => { __perf.lcp = e.startTime; });
  watch('longtask', (e) => { __perf.long.push([e.startTime, e.duration]); });
`;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** Loads `url` once under throttling and answers its timings; `settleMs` after load for late tasks. */
export async function measureInBrowser(
  browser: Browser,
  url: string,
  settleMs = 3_000,
): Promise<BrowserRun> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(recorder);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const raw = await page.evaluate(
      () =>
        (
          window as unknown as {
            __perf: { fp: number; fcp: number; lcp: number; long: [number, number][] };
          }
        ).__perf,
    );
    const blocking = raw.long
      .filter(([start]) => start >= raw.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      firstPaint: raw.fp,
      firstContentfulPaint: raw.fcp,
      largestContentfulPaint: raw.lcp,
      longTasks: raw.long.length,
      blockingTime: blocking,
    };
  } finally {
    await context.close();
  }
}

/** The median of each timing over several runs. */
export function medianRun(runs: BrowserRun[]): BrowserRun {
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  };
  return {
    firstPaint: middle(runs.map((r) => r.firstPaint)),
    firstContentfulPaint: middle(runs.map((r) => r.firstContentfulPaint)),
    largestContentfulPaint: middle(runs.map((r) => r.largestContentfulPaint)),
    longTasks: middle(runs.map((r) => r.longTasks)),
    blockingTime: middle(runs.map((r) => r.blockingTime)),
  };
}
