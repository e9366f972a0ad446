// Plans bought as PayPal subscriptions against the local fake PayPal, as API tests drive them:
// a signed-in buyer subscribes, PayPal approves, the capture confirms; webhook deliveries are
// signed as PayPal signs them. One fake PayPal per test file (not shipped: tests only).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { billingSubscriptions, orders, subscriptions } from '@/server/db/schema';
import type { Payments } from '@/server/payments/billing';
import { createPayPalProvider } from '@/server/payments/paypal';
import { accountKit } from './account-api';
import { type FakePayPal, startFakePayPal } from './fake-paypal';
import type { TestDb } from './test-db';

const base = '/api/mms/payment/v1';

export interface Started {
  token: string;
  email: string;
  orderId: string;
  subscriptionId: string;
  approveUrl: string;
}

/** Registers the fake PayPal's start and stop with the file's hooks; answers the helpers. */
export function paypalSubscriptionKit(testDb: () => TestDb) {
  const db = () => testDb().handle.db;
  let fakePayPal: FakePayPal | undefined;
  let adapter: ReturnType<typeof createPayPalProvider> | undefined;
  const fake = () => {
    if (!fakePayPal) throw new Error('the fake PayPal starts in beforeAll');
    return fakePayPal;
  };
  const paypal = () => {
    adapter ??= createPayPalProvider({
      clientId: fake().clientId,
      clientSecret: fake().clientSecret,
      webhookId: fake().webhookId,
      baseUrl: fake().url,
      timeoutMs: 2_000,
    });
    return adapter;
  };
  beforeAll(async () => {
    fakePayPal = await startFakePayPal();
  });
  afterAll(async () => {
    await fakePayPal?.close();
  });

  const kit = accountKit(testDb, {
    payments: new Proxy({} as Payments, { get: (_, key) => Reflect.get(paypal(), key) }),
  });

  async function orderRow(orderId: string) {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error(`no order ${orderId}`);
    return row;
  }

  /** A signed-in buyer starts a plan's checkout. */
  async function subscribe(planId: string): Promise<Started> {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const res = await kit.call(`${base}/web/checkout`, { token, body: { plan_id: planId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { order_id, approve_url } = res.body.data as { order_id: string; approve_url: string };
    const order = await orderRow(order_id);
    return {
      token,
      email: user.email,
      orderId: order_id,
      subscriptionId: order.providerOrderId ?? '',
      approveUrl: approve_url,
    };
  }

  const capture = (started: Started) =>
    kit.call(`${base}/web/checkout/${started.orderId}/capture`, {
      method: 'POST',
      token: started.token,
    });

  /** A subscribed, paid buyer. */
  async function subscribed(planId: string): Promise<Started> {
    const started = await subscribe(planId);
    fake().approveSubscription(started.subscriptionId);
    const paid = await capture(started);
    expect(paid.body.data, JSON.stringify(paid.body)).toMatchObject({ status: 'paid' });
    return started;
  }

  /** A webhook delivery, signed as PayPal signs it. */
  async function deliver(event: object) {
    const signed = fake().signedWebhook(event);
    return kit.app().request(`${base}/webhooks/paypal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...signed.headers },
      body: signed.body,
    });
  }

  async function billingOf(started: Started) {
    const [row] = await db()
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.providerSubscriptionId, started.subscriptionId));
    if (!row) throw new Error('no billing subscription');
    return row;
  }

  async function premiumOf(started: Started): Promise<number> {
    const order = await orderRow(started.orderId);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, order.userId ?? ''));
    return row?.premiumUntil.getTime() ?? 0;
  }

  return {
    kit,
    fake,
    paypal,
    orderRow,
    subscribe,
    subscribed,
    capture,
    deliver,
    billingOf,
    premiumOf,
  };
}
