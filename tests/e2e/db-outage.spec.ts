// PostgreSQL stops under the production server: pages that need no database keep serving,
// API calls that need it answer 503 at once, and when PostgreSQL returns the same server serves
// them again without a restart. The server runs on a private cluster of this spec's own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgresIn,
} from '../support/private-postgres';

interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}
interface ServeModule {
  freePort(): Promise<number>;
  startProductionServer(options: {
    port: number;
    timeoutMs?: number;
    env?: Record<string, string>;
  }): Promise<RunningServer>;
}

const cannotRun = privatePostgresUnavailable();
// Ports given to the database outage tests (the API test takes the first free one).
const ports = Array.from({ length: 9 }, (_, i) => 34251 + i);

test.describe('PostgreSQL outage under the production server', () => {
  test.skip(Boolean(cannotRun), cannotRun ?? '');
  test.describe.configure({ mode: 'serial' });
  let cluster: PrivatePostgres | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    cluster = await startPrivatePostgresIn(ports);
    const helper = pathToFileURL(path.resolve(process.cwd(), 'scripts/serve-production.mjs')).href;
    const serve = (await import(helper)) as ServeModule;
    const port = await serve.freePort();
    server = await serve.startProductionServer({
      port,
      timeoutMs: 120_000,
      env: { SITE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: cluster.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  test('pages keep serving, the API answers 503 fast, and both recover by themselves', async ({
    request,
  }) => {
    const base = server?.baseUrl ?? '';
    const plans = `${base}/api/mms/payment/v1/providers/plans`;
    expect((await request.get(plans)).status()).toBe(200);

    cluster?.stop();
    try {
      for (const page of ['/', '/features', '/download', '/de/faq', '/policy', '/terms-of-service']) {
        const res = await request.get(`${base}${page}`);
        expect(res.status(), page).toBe(200);
        expect(await res.text(), page).toContain('Turbo VPN');
      }
      // The pricing page renders the plan catalogue from the database: it shows the error page
      // at once instead of hanging.
      const pricingStarted = Date.now();
      const pricing = await request.get(`${base}/pricing`);
      expect(pricing.status()).toBeGreaterThanOrEqual(500);
      expect(Date.now() - pricingStarted).toBeLessThan(3000);
      const started = Date.now();
      const down = await request.get(plans);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(down.status()).toBe(503);
      expect(await down.json()).toMatchObject({
        code: 503,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
      // Liveness does not depend on the database: the instance is not restarted for an outage.
      expect((await request.get(`${base}/healthz`)).status()).toBe(200);
    } finally {
      cluster?.start();
    }

    await expect
      .poll(async () => (await request.get(plans)).status(), { timeout: 15_000 })
      .toBe(200);
  });
});
