import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/test/chromium';

// End-to-end tests against a running production server (scripts/test/e2e.ts starts one).
// The browser is Debian's Chromium; never `npx playwright install` (no downloads here).
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: isCI ? [['list'], ['line']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumFlags,
        },
      },
    },
  ],
});
