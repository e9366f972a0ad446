import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/client/http';
import { problemOf } from '@/client/payments';
import { giftCards, orders } from '@/server/db/schema';
import type { Payments } from '@/server/payments/billing';
import { createPayPalProvider } from '@/server/payments/paypal';
import en from '../../../../messages/en.json';
import { accountKit, type CallResult, freshIp } from '../../../../tests/support/account-api';
import { type FakePayPal, startFakePayPal } from '../../../../tests/support/fake-paypal';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// One-time payments (gift cards: a plan is a subscription, payments-subscriptions.test.ts)
// through the PayPal adapter against a local fake PayPal: checkout, capture and webhooks,
// idempotent retries, webhook replays and races, bad signatures, and PayPal down or slow.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
let fake: FakePayPal;

beforeAll(async () => {
  fake = await startFakePayPal({ slowMs: 1500 });
});
afterAll(async () => {
  await fake?.close();
});

const kit = accountKit(testDb, {
  // The adapter is made on first use, once the fake server's address is known.
  payments: new Proxy({} as Payments, {
    get: (_, key) => Reflect.get(paypal(), key),
  }),
});
let adapter: ReturnType<typeof createPayPalProvider> | undefined;
function paypal() {
  adapter ??= createPayPalProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    baseUrl: fake.url,
    timeoutMs: 800,
  });
  return adapter;
}

interface OrderData {
  order_id: string;
  status: string;
  approve_url: string;
  premium_until: string | null;
}
const data = (res: CallResult) => res.body.data as OrderData;

async function start(plan_id = 'p24m') {
  const user = await kit.createUser();
  const token = await kit.login(user.email, user.password);
  const res = await kit.call(`${base}/web/checkout`, { token, body: { plan_id, kind: 'gift' } });
  return { token, res };
}

async function row(orderId: string) {
  const [found] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!found) throw new Error('no order');
  return found;
}

/** What the order delivered: its gift cards' codes (none until it is paid). */
async function cardsOf(orderId: string) {
  const cards = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
  return cards.map((card) => card.code);
}

async function deliver(event: object, headers?: Record<string, string>) {
  const signed = fake.signedWebhook(event);
  return kit.app().request(`${base}/webhooks/paypal`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...signed.headers, ...headers },
    body: signed.body,
  });
}

const capture = (orderId: string, token: string) =>
  kit.call(`${base}/web/checkout/${orderId}/capture`, { method: 'POST', token });

describe('checkout through PayPal', () => {
  it('creates the order at PayPal with our order id and an idempotency key, and captures it', async () => {
    const { token, res } = await start();
    expect(res.status).toBe(201);
    const order = await row(data(res).order_id);
    expect(data(res).approve_url).toContain(
      `${fake.url}/checkoutnow?token=${order.providerOrderId}`,
    );
    const created = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && r.status === 201,
    );
    expect(created?.headers['paypal-request-id']).toMatch(/^create-/);

    expect((await capture(order.id, token)).body.code).toBe(40904);
    fake.approve(order.providerOrderId ?? '');
    const paid = await capture(order.id, token);
    expect(paid.body.data).toMatchObject({ status: 'paid', state: 'paid' });
    expect((await row(order.id)).captureId).toBeTruthy();
  });

  it('sends PayPal the return URLs on SITE_URL, whatever host the buyer used', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    // Opened at http://127.0.0.1:3210 (Next's URL names its own host), or with a forged Host and
    // forwarded headers from a peer that is no trusted proxy.
    const browsers: Record<string, string>[] = [
      { Host: '127.0.0.1:3210' },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    ];
    for (const headers of browsers) {
      const res = await kit.app().request(`http://localhost:3210${base}/web/checkout`, {
        method: 'POST',
        headers: {
          ...headers,
          'app-type': '502',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          'X-Forwarded-For': freshIp(),
        },
        body: JSON.stringify({ plan_id: 'p1m', kind: 'gift' }),
      });
      expect(res.status).toBe(201);
      const { order_id, approve_url } = ((await res.json()) as { data: OrderData }).data;
      expect(approve_url.startsWith(`${fake.url}/`)).toBe(true);
      const created = fake.requests.findLast(
        (r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && r.status === 201,
      );
      const body = created?.body as
        | { payment_source: { paypal: { experience_context: Record<string, string> } } }
        | undefined;
      const context = body?.payment_source.paypal.experience_context;
      expect(context?.return_url).toBe(`http://localhost:3000/paystatus/web?order=${order_id}`);
      expect(context?.cancel_url).toBe(
        `http://localhost:3000/paystatus/web?order=${order_id}&cancel=1`,
      );
    }
  });

  it('grants once when the webhook and the browser both complete the payment, in any order', async () => {
    const { token, res } = await start('p6m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    // The buyer approved but the browser is slow: PayPal's webhook arrives first.
    const approved = fake.webhookEvent(order.providerOrderId ?? '', 'CHECKOUT.ORDER.APPROVED');
    const first = await deliver(approved);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ data: { outcome: 'processed' } });
    const issued = await cardsOf(order.id);
    expect(issued).toHaveLength(1);

    // The same delivery again, then the capture-completed event, then the browser's capture.
    const replay = await deliver(approved);
    expect(await replay.json()).toMatchObject({ data: { outcome: 'replayed' } });
    const completed = fake.webhookEvent(order.providerOrderId ?? '', 'PAYMENT.CAPTURE.COMPLETED');
    expect((await deliver(completed)).status).toBe(200);
    expect((await capture(order.id, token)).body.data).toMatchObject({ status: 'paid' });
    expect(await cardsOf(order.id)).toEqual(issued);
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const { res } = await start('p1m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    const event = fake.webhookEvent(order.providerOrderId ?? '', 'CHECKOUT.ORDER.APPROVED');
    const forged = await deliver(event, { 'paypal-transmission-sig': 'forged' });
    expect(forged.status).toBe(400);
    const unsigned = await kit.app().request(`${base}/webhooks/paypal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await row(order.id)).status).toBe('created');
  });

  it('answers "Network error, payment failed." when PayPal is down at checkout, recording nothing paid', async () => {
    fake.failNext(1, 'down', { path: '/v2/checkout/orders' });
    const { res } = await start('p1m');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 50301, message: 'Network error, payment failed.' });
    const failed = await db().select().from(orders).where(eq(orders.status, 'failed'));
    expect(failed.some((o) => o.providerOrderId === null)).toBe(true);
  });

  it('keeps the order open when PayPal fails or is slow at capture; the retry completes it once', async () => {
    const { token, res } = await start('p12m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    fake.failNext(1, '500', { path: '/capture' });
    const down = await capture(order.id, token);
    expect(down.body).toMatchObject({ code: 50301, message: 'Network error, payment failed.' });
    expect((await row(order.id)).status).toBe('created');

    // Slower than the timeout: PayPal captures after we gave up; the retry (same request id)
    // gets that capture back instead of charging again.
    fake.failNext(1, 'slow', { path: '/capture', delayMs: 1500 });
    const slow = await capture(order.id, token);
    expect(slow.body.code).toBe(50301);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const retried = await capture(order.id, token);
    expect(retried.body.data, JSON.stringify(retried.body)).toMatchObject({ status: 'paid' });
    const completed = fake.requests.filter(
      (r) => r.path.endsWith(`/${order.providerOrderId}/capture`) && r.status === 201,
    );
    // Every successful answer came from one request id: the timed-out attempt's.
    expect(new Set(completed.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set([`capture-${order.id}-0`]),
    );
  });

  it('answers "Payment Failed." for a declined payment and marks the order failed', async () => {
    const { token, res } = await start('p6m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    fake.decline(order.providerOrderId ?? '', 'capture');
    const declined = await capture(order.id, token);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 40201, message: 'Payment Failed.' });
    expect((await row(order.id)).status).toBe('failed');
    expect(await cardsOf(order.id)).toEqual([]);
  });

  it('waits for a pending capture and fulfils it when PayPal reports it completed', async () => {
    const { token, res } = await start('p1m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    fake.holdCapture(order.providerOrderId ?? '');
    const pending = await capture(order.id, token);
    expect(pending.body.data).toMatchObject({ state: 'pending', status: 'created' });
    fake.settleCapture(order.providerOrderId ?? '');
    const completed = fake.webhookEvent(order.providerOrderId ?? '', 'PAYMENT.CAPTURE.COMPLETED');
    expect((await deliver(completed)).status).toBe(200);
    expect((await row(order.id)).status).toBe('paid');
  });

  it('refunds through PayPal and records a refund PayPal reports by webhook once', async () => {
    const { token, res } = await start('p6m');
    const order = await row(data(res).order_id);
    fake.approve(order.providerOrderId ?? '');
    await capture(order.id, token);
    const refund = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.id, reason: 'Changed my mind' },
    });
    expect(refund.body.data).toEqual({ status: 'refunded' });
    const refunded = fake.webhookEvent(order.providerOrderId ?? '', 'PAYMENT.CAPTURE.REFUNDED');
    expect((await deliver(refunded)).status).toBe(200);
    expect((await row(order.id)).status).toBe('refunded');
  });

  it('PayPal slow at checkout: the buyer gets the message the checkout shows, nothing is paid', async () => {
    fake.failNext(1, 'slow', { path: '/v2/checkout/orders', delayMs: 1500 });
    const started = performance.now();
    const { res } = await start('p1m');
    // The adapter gives up after its timeout (800 ms here) instead of holding the buyer.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 50301, message: 'Network error, payment failed.' });
    // What the checkout page makes of this answer, in English: the spec's sentence.
    const problem = problemOf(new ApiRequestError(res.status, res.body));
    expect(problem).toBe('networkError');
    expect(en.Checkout.errors[problem]).toBe('Network error, payment failed.');
    expect(en.ApiErrors['50301']).toBe('Network error, payment failed.');
    const paid = await db().select().from(orders).where(eq(orders.status, 'paid'));
    const mine = await db().select().from(orders).where(eq(orders.planId, 'p1m'));
    expect(mine.some((o) => o.status === 'failed' && o.providerOrderId === null)).toBe(true);
    expect(paid.every((o) => o.captureId)).toBe(true);
  });

  it('PayPal slow, then down: nothing is paid until a later webhook completes the order exactly once', async () => {
    const { token, res } = await start('p24m');
    const order = await row(data(res).order_id);
    const providerOrderId = order.providerOrderId ?? '';
    fake.approve(providerOrderId);

    // The capture takes longer than the adapter waits: the buyer is told, nothing is marked paid.
    fake.failNext(1, 'slow', { path: '/capture', delayMs: 1500 });
    const slow = await capture(order.id, token);
    expect(slow.status).toBe(503);
    expect(slow.body).toMatchObject({ code: 50301, message: 'Network error, payment failed.' });
    expect((await row(order.id)).status).toBe('created');
    expect(await cardsOf(order.id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // PayPal finishes on its side

    // PayPal's webhook arrives while PayPal itself cannot be reached to verify it: 503, so
    // PayPal delivers it again; still nothing paid.
    const approved = fake.webhookEvent(providerOrderId, 'CHECKOUT.ORDER.APPROVED');
    fake.failNext(1, 'down', { path: '/v1/notifications/verify-webhook-signature' });
    const refused = await deliver(approved);
    expect(refused.status).toBe(503);
    expect((await row(order.id)).status).toBe('created');
    // Verified, but the capture call fails: 503 again, and the event is not marked as seen.
    fake.failNext(1, 'down', { path: '/capture' });
    expect((await deliver(approved)).status).toBe(503);
    expect((await row(order.id)).status).toBe('created');
    expect(await cardsOf(order.id)).toEqual([]);

    // PayPal is back: the redelivery completes the order.
    const done = await deliver(approved);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { outcome: 'processed' } });
    expect((await row(order.id)).status).toBe('paid');
    const issued = await cardsOf(order.id);
    expect(issued).toHaveLength(1);

    // Everything after that changes nothing: the same delivery, the capture-completed event,
    // and the buyer's browser retrying the capture.
    expect(await (await deliver(approved)).json()).toMatchObject({ data: { outcome: 'replayed' } });
    const completed = fake.webhookEvent(providerOrderId, 'PAYMENT.CAPTURE.COMPLETED');
    expect((await deliver(completed)).status).toBe(200);
    expect((await capture(order.id, token)).body.data).toMatchObject({ status: 'paid' });
    // Delivered once: one gift card, not two.
    expect(await cardsOf(order.id)).toEqual(issued);
    // One charge at PayPal: every successful capture answer came from the first request id.
    const captures = fake.requests.filter(
      (r) => r.path.endsWith(`/${providerOrderId}/capture`) && r.status === 201,
    );
    expect(new Set(captures.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set([`capture-${order.id}-0`]),
    );
  });
});
