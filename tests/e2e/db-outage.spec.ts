// PostgreSQL stops under the production server: pages that need no database keep serving,
// API calls that need it answer 503 at once, and when PostgreSQL returns the same server serves
// them again without a restart. The server runs on a private cluster of this spec's own.
import { expect, request as requestContext, test } from '@playwright/test';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgresIn,
} from '../support/private-postgres';
import { type ProductionServer, startSpecServer } from './helpers';

const cannotRun = privatePostgresUnavailable();
const plansUnavailable = 'Plans cannot be loaded right now. Please try again in a moment.';
// A server stack frame or an error class name in a page means an error leaked.
const stackTrace =
  /\bat [\w.<>]+ \(|node_modules\/|DatabaseUnavailableError|Cannot reach the database/;
// Ports given to the database outage tests (the API test takes the first free one).
const ports = Array.from({ length: 9 }, (_, i) => 34251 + i);

test.describe('PostgreSQL outage under the production server', () => {
  test.skip(Boolean(cannotRun), cannotRun ?? '');
  test.describe.configure({ mode: 'serial' });
  let cluster: PrivatePostgres | undefined;
  let server: ProductionServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    cluster = await startPrivatePostgresIn(ports);
    const url = cluster.url;
    server = await startSpecServer((port) => ({
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
    }));
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
      for (const page of [
        '/',
        '/features',
        '/download',
        '/de/faq',
        '/policy',
        '/terms-of-service',
      ]) {
        const res = await request.get(`${base}${page}`);
        expect(res.status(), page).toBe(200);
        expect(await res.text(), page).toContain('Turbo VPN');
      }
      // The pricing and checkout pages render the plan catalogue from the database: at once,
      // they keep their heading and static parts and say the plans cannot be loaded, with a
      // link to the same address, no prices and no stack trace. (200: a page cannot choose 503.)
      // A context of their own: /de/faq above left a language cookie that redirects to /de.
      const visitor = await requestContext.newContext();
      for (const [address, kept] of [
        [
          '/pricing',
          [
            'Choose your plan',
            'money-back guarantee',
            'Free and premium compared',
            'Questions about plans',
          ],
        ],
        ['/pricing/checkout', ['>Checkout</h1>', 'Buy with confidence']],
        ['/pricing/checkout/p24m?channel=partner', ['>Checkout</h1>', 'Buy with confidence']],
      ] as const) {
        const pageStarted = Date.now();
        const res = await visitor.get(`${base}${address}`);
        expect(Date.now() - pageStarted, address).toBeLessThan(3000);
        expect(res.status(), address).toBe(200);
        expect(res.headers()['cache-control'], address).toContain('no-store');
        const html = await res.text();
        expect(html, address).toContain(plansUnavailable);
        expect(html, address).toContain(`href="${address}"`);
        for (const text of kept) expect(html, address).toContain(text);
        expect(html, address).not.toContain('data-price=');
        expect(html, address).not.toContain('type="radio"');
        expect(html, address).not.toMatch(stackTrace);
      }
      const de = await visitor.get(`${base}/de/pricing`);
      expect(de.status()).toBe(200);
      expect(await de.text()).toContain('Die Abos können gerade nicht geladen werden.');
      await visitor.dispose();
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
    // The same pages show the plans again, without a restart.
    const visitor = await requestContext.newContext();
    const pricing = await (await visitor.get(`${base}/pricing`)).text();
    expect(pricing).toContain('data-plan="p24m"');
    expect(pricing).not.toContain(plansUnavailable);
    const checkout = await (await visitor.get(`${base}/pricing/checkout/p24m`)).text();
    expect(checkout).toContain('id="plan-p24m"');
    expect(checkout).not.toContain(plansUnavailable);
    await visitor.dispose();
  });

  test('the outage notice is an alert with a retry link to the same address', async ({ page }) => {
    const base = server?.baseUrl ?? '';
    cluster?.stop();
    try {
      await page.goto(`${base}/pricing?plan=p6m`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const alert = page.getByRole('alert').filter({ hasText: plansUnavailable });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link', { name: 'Try again' })).toHaveAttribute(
        'href',
        '/pricing?plan=p6m',
      );
    } finally {
      cluster?.start();
    }
    // Once the database answers, the retry link shows the plans.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator('[data-plan]').count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await expect(page.getByText(plansUnavailable)).toHaveCount(0);
  });
});
