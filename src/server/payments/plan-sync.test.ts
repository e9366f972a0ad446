import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans, providerPlans } from '@/server/db/schema';
import { type FakePayPal, startFakePayPal } from '../../../tests/support/fake-paypal';
import { createTestDb, type TestDb } from '../../../tests/support/test-db';
import { createPayPalProvider } from './paypal';
import { premiumProduct, syncProviderPlans } from './plan-sync';

// The catalogue's billing plans at PayPal (the fake server speaks the Catalog Products and
// Subscriptions APIs): made once, unchanged on the next run, replaced when a row's terms
// change, and made once when a whole fleet starts at the same moment.

let fake: FakePayPal;
let db: TestDb;

beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  await db?.dispose();
  db = await createTestDb();
});
afterAll(async () => {
  await db?.dispose();
});

const provider = () =>
  createPayPalProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    baseUrl: fake.url,
    timeoutMs: 5_000,
  });

/** GET of PayPal's API with a fresh token, as the fake answers it. */
async function paypalGet(path: string): Promise<Record<string, unknown>> {
  const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
  const token = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const answer = await fetch(`${fake.url}${path}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

const mapping = async () =>
  Object.fromEntries(
    (await db.handle.db.select().from(providerPlans)).map((row) => [
      row.planId,
      row.providerPlanId,
    ]),
  );

const planCreations = (since: number) =>
  fake.requests.slice(since).filter((r) => r.method === 'POST' && r.path === '/v1/billing/plans');

describe('syncProviderPlans', () => {
  it('makes the product and one billing plan per catalogue row, with the terms as sold', async () => {
    const report = await syncProviderPlans(db.handle.db, provider());
    expect(report.created.sort()).toEqual(['p12m', 'p1m', 'p24m', 'p6m']);
    expect(report.skipped).toEqual([]);
    const product = await paypalGet(`/v1/catalogs/products/${premiumProduct.id}`);
    expect(product).toMatchObject({ id: premiumProduct.id, type: 'SERVICE' });
    const ids = await mapping();
    const twoYears = await paypalGet(`/v1/billing/plans/${ids.p24m}`);
    expect(twoYears).toMatchObject({
      product_id: premiumProduct.id,
      status: 'ACTIVE',
      name: 'Turbo VPN Premium, 24 months',
      payment_preferences: { payment_failure_threshold: 3, auto_bill_outstanding: true },
    });
    expect(twoYears.billing_cycles).toEqual([
      expect.objectContaining({
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        pricing_scheme: expect.objectContaining({
          fixed_price: { value: '99.99', currency_code: 'USD' },
        }),
      }),
      expect.objectContaining({
        tenure_type: 'TRIAL',
        sequence: 2,
        total_cycles: 1,
        frequency: { interval_unit: 'MONTH', interval_count: 12 },
      }),
      expect.objectContaining({
        tenure_type: 'REGULAR',
        sequence: 3,
        total_cycles: 0,
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        pricing_scheme: expect.objectContaining({
          fixed_price: { value: '50.00', currency_code: 'USD' },
        }),
      }),
    ]);
    const free = (twoYears.billing_cycles as Record<string, unknown>[])[1];
    expect(
      Number(
        (free?.pricing_scheme as { fixed_price?: { value: string } })?.fixed_price?.value ?? 0,
      ),
    ).toBe(0);
  });

  it('changes nothing on the next run', async () => {
    await syncProviderPlans(db.handle.db, provider());
    const before = await mapping();
    const since = fake.requests.length;
    const again = await syncProviderPlans(db.handle.db, provider());
    expect(again.created).toEqual([]);
    expect(again.unchanged).toHaveLength(4);
    expect(planCreations(since)).toHaveLength(0);
    expect(await mapping()).toEqual(before);
  });

  it('replaces the billing plan of a row whose price changed and deactivates the old one', async () => {
    await syncProviderPlans(db.handle.db, provider());
    const before = await mapping();
    await db.handle.db.update(plans).set({ renewalPrice: '44.99' }).where(eq(plans.id, 'p6m'));
    const report = await syncProviderPlans(db.handle.db, provider());
    expect(report.created).toEqual(['p6m']);
    expect(report.deactivated).toEqual([before.p6m]);
    const after = await mapping();
    expect(after.p6m).not.toBe(before.p6m);
    expect(after.p1m).toBe(before.p1m);
    expect(await paypalGet(`/v1/billing/plans/${before.p6m}`)).toMatchObject({
      status: 'INACTIVE',
    });
    const renewed = await paypalGet(`/v1/billing/plans/${after.p6m}`);
    expect(renewed.billing_cycles).toEqual([
      expect.objectContaining({ tenure_type: 'TRIAL', sequence: 1 }),
      expect.objectContaining({
        tenure_type: 'REGULAR',
        pricing_scheme: expect.objectContaining({
          fixed_price: { value: '44.99', currency_code: 'USD' },
        }),
      }),
    ]);
  });

  it('skips a row PayPal cannot bill, naming why, and syncs the others', async () => {
    await db.handle.db
      .update(plans)
      .set({ productId: 'v2.tvpn.web.vip.usd.1m.add10d.try7d' })
      .where(eq(plans.id, 'p1m'));
    const report = await syncProviderPlans(db.handle.db, provider());
    expect(report.skipped).toEqual([{ planId: 'p1m', reason: expect.stringContaining('p1m') }]);
    expect(report.created.sort()).toEqual(['p12m', 'p24m', 'p6m']);
  });

  it('makes each plan once when a fleet of 12 instances starts at the same moment', async () => {
    const since = fake.requests.length;
    const reports = await Promise.all(
      Array.from({ length: 12 }, () => syncProviderPlans(db.handle.db, provider())),
    );
    expect(reports.every((r) => r.skipped.length === 0)).toBe(true);
    const ids = await mapping();
    expect(Object.keys(ids).sort()).toEqual(['p12m', 'p1m', 'p24m', 'p6m']);
    // Every instance that created a plan got the same one back (PayPal-Request-Id), so PayPal
    // holds four plans, not forty-eight.
    const created = new Set<string>();
    for (const request of planCreations(since)) {
      created.add(String(request.headers['paypal-request-id']));
    }
    expect(created.size).toBe(4);
    for (const id of Object.values(ids)) {
      expect(await paypalGet(`/v1/billing/plans/${id}`)).toMatchObject({ status: 'ACTIVE' });
    }
  });
});
