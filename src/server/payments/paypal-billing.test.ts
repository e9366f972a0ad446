import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../../../tests/support/fake-paypal';
import type { BillingCycle } from './billing-cycles';
import { createPayPalProvider } from './paypal';

// The PayPal adapter's catalogue and subscription calls against the fake PayPal server, which
// speaks PayPal's Catalog Products and Subscriptions APIs.

let fake: FakePayPal;
let paypal: ReturnType<typeof createPayPalProvider>;

beforeAll(async () => {
  fake = await startFakePayPal();
  paypal = createPayPalProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    baseUrl: fake.url,
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  await fake.close();
});

const yearThenFree: BillingCycle[] = [
  { kind: 'trial', period: { count: 1, unit: 'YEAR' }, price: '99.99', count: 1 },
  { kind: 'trial', period: { count: 12, unit: 'MONTH' }, price: null, count: 1 },
  { kind: 'regular', period: { count: 1, unit: 'YEAR' }, price: '50.00', count: 0 },
];

const monthly: BillingCycle[] = [
  { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '11.99', count: 0 },
];

async function plan(requestId: string, cycles = yearThenFree) {
  await paypal.ensureProduct({ id: 'TEST-PRODUCT-1', name: 'Premium', description: 'Premium' });
  return paypal.createPlan({
    productId: 'TEST-PRODUCT-1',
    name: 'Premium, 24 months',
    currency: 'USD',
    cycles,
    requestId,
  });
}

const subscribe = (providerPlanId: string, requestId: string) =>
  paypal.createSubscription({
    providerPlanId,
    customId: `sub-${requestId}`,
    returnUrl: 'https://www.example.test/paystatus/web?s=1',
    cancelUrl: 'https://www.example.test/paystatus/web?s=1&cancel=1',
    requestId,
    locale: 'de-DE',
  });

describe('the PayPal adapter: catalogue and subscriptions', () => {
  it('makes the product once, even when eight callers ask at the same moment', async () => {
    const since = fake.requests.length;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        paypal.ensureProduct({ id: 'TEST-PRODUCT-2', name: 'Premium', description: 'Premium' }),
      ),
    );
    await paypal.ensureProduct({ id: 'TEST-PRODUCT-2', name: 'Premium', description: 'Premium' });
    const posts = fake.requests
      .slice(since)
      .filter((r) => r.method === 'POST' && r.path === '/v1/catalogs/products');
    expect(posts.every((r) => r.status === 201)).toBe(true);
    // The last call found it and made nothing.
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', status: 200 });
  });

  it('answers the same plan to the same request id', async () => {
    const first = await plan('plan-same');
    const again = await plan('plan-same');
    const other = await plan('plan-other');
    expect(again.providerPlanId).toBe(first.providerPlanId);
    expect(other.providerPlanId).not.toBe(first.providerPlanId);
  });

  it('creates a subscription that waits for the buyer, then runs on their approval', async () => {
    const { providerPlanId } = await plan('plan-subscribe');
    const made = await subscribe(providerPlanId, 'subscribe-1');
    expect(made.approveUrl.startsWith(fake.url)).toBe(true);
    const pending = await paypal.getSubscription(made.providerSubscriptionId);
    expect(pending).toMatchObject({
      status: 'APPROVAL_PENDING',
      providerPlanId,
      customId: 'sub-subscribe-1',
      failedPayments: 0,
    });
    expect(pending.lastPayment).toBeUndefined();
    const created = fake.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/billing/subscriptions',
    );
    expect(created?.body).toMatchObject({
      plan_id: providerPlanId,
      custom_id: 'sub-subscribe-1',
      application_context: { user_action: 'SUBSCRIBE_NOW', locale: 'de-DE' },
    });

    fake.approveSubscription(made.providerSubscriptionId);
    const active = await paypal.getSubscription(made.providerSubscriptionId);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      lastPayment: { amount: '99.99', currency: 'USD' },
    });
    const year = 365 * 24 * 3600 * 1000;
    expect(Math.abs((active.nextBillingTime?.getTime() ?? 0) - Date.now() - year)).toBeLessThan(
      2 * 24 * 3600 * 1000,
    );
    // A repeated request id answers the first subscription again.
    expect((await subscribe(providerPlanId, 'subscribe-1')).providerSubscriptionId).toBe(
      made.providerSubscriptionId,
    );
  });

  it('counts a failed renewal, and cancels once', async () => {
    const { providerPlanId } = await plan('plan-cancel', monthly);
    const made = await subscribe(providerPlanId, 'subscribe-2');
    fake.approveSubscription(made.providerSubscriptionId);
    expect(fake.renewSubscription(made.providerSubscriptionId, { fail: true })).toBeUndefined();
    expect((await paypal.getSubscription(made.providerSubscriptionId)).failedPayments).toBe(1);
    expect(await paypal.cancelSubscription(made.providerSubscriptionId, 'Turned off')).toBe(
      'cancelled',
    );
    expect((await paypal.getSubscription(made.providerSubscriptionId)).status).toBe('CANCELLED');
    expect(await paypal.cancelSubscription(made.providerSubscriptionId, 'Again')).toBe('inactive');
  });

  it('revises a subscription to another plan, billed from the renewal after consent', async () => {
    const { providerPlanId } = await plan('plan-revise-from', monthly);
    const { providerPlanId: yearly } = await plan('plan-revise-to', [
      { kind: 'regular', period: { count: 1, unit: 'YEAR' }, price: '59.99', count: 0 },
    ]);
    const made = await subscribe(providerPlanId, 'subscribe-revise');
    fake.approveSubscription(made.providerSubscriptionId);
    const { approveUrl } = await paypal.reviseSubscription(made.providerSubscriptionId, {
      providerPlanId: yearly,
      returnUrl: 'https://www.example.test/myAccount?plan_change=approved',
      cancelUrl: 'https://www.example.test/myAccount?plan_change=cancelled',
      locale: 'de-DE',
    });
    expect(approveUrl).toMatch(/\/webapps\/billing\/subscriptions\/update\?ba_token=BA-/);
    expect(fake.requests.at(-1)?.body).toEqual({
      plan_id: yearly,
      application_context: {
        brand_name: 'Turbo VPN',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: 'https://www.example.test/myAccount?plan_change=approved',
        cancel_url: 'https://www.example.test/myAccount?plan_change=cancelled',
        locale: 'de-DE',
      },
    });
    fake.approveSubscription(made.providerSubscriptionId);
    expect((await paypal.getSubscription(made.providerSubscriptionId)).providerPlanId).toBe(
      providerPlanId,
    );
    fake.renewSubscription(made.providerSubscriptionId);
    const renewed = await paypal.getSubscription(made.providerSubscriptionId);
    expect(renewed).toMatchObject({
      providerPlanId: yearly,
      lastPayment: { amount: '59.99', currency: 'USD' },
    });
    await paypal.cancelSubscription(made.providerSubscriptionId, 'Done');
    await expect(
      paypal.reviseSubscription(made.providerSubscriptionId, {
        providerPlanId,
        returnUrl: 'https://www.example.test/a',
        cancelUrl: 'https://www.example.test/b',
      }),
    ).rejects.toThrow(/422/);
  });

  it('deactivates a plan, and a second time changes nothing', async () => {
    const { providerPlanId } = await plan('plan-deactivate');
    await paypal.deactivatePlan(providerPlanId);
    await paypal.deactivatePlan(providerPlanId);
    await expect(subscribe(providerPlanId, 'subscribe-3')).rejects.toThrow(/422/);
  });
});
