import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingSubscriptions, orders, subscriptions } from '@/server/db/schema';
import { reconcileOverdue } from '@/server/payments/billing';
import type { CallResult } from '../../../../tests/support/account-api';
import {
  paypalSubscriptionKit,
  type Started,
} from '../../../../tests/support/paypal-subscriptions';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// Plans that renew: a plan's checkout is a PayPal subscription (against the local fake PayPal,
// which speaks the Subscriptions API). Each guard is attacked: replayed, concurrent and
// out-of-order events must grant premium exactly once per payment, a lost event is recovered,
// and turning auto-renewal off or refunding ends the charges at PayPal.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const {
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
} = paypalSubscriptionKit(testDb);

/** The renewal orders of the buyer's subscription. */
async function renewalsOf(started: Started) {
  const billing = await billingOf(started);
  const rows = await db().select().from(orders).where(eq(orders.subscriptionId, billing.id));
  return rows.filter((row) => row.kind === 'renewal');
}

const my = async (token: string) =>
  (await kit.call(`${base}/web/subscription_my`, { token })).body.data as {
    subscription: Record<string, unknown> | null;
    history: { kind: string; label: string; refund: { eligible: boolean } }[];
  };

const day = 24 * 3600 * 1000;
const monthsBetween = (a: number, b: number) => (b - a) / (30.44 * day);

describe('a plan bought as a PayPal subscription', () => {
  it('waits for approval, then grants the first term once and starts renewing', async () => {
    const started = await subscribe('p24m');
    expect(started.approveUrl.startsWith(`${fake().url}/webapps/billing/subscriptions`)).toBe(true);
    const created = fake().requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/billing/subscriptions',
    );
    expect(created?.headers['paypal-request-id']).toBe(`subscribe-${started.orderId}`);
    expect(created?.body).toMatchObject({
      custom_id: started.orderId,
      application_context: {
        return_url: `http://localhost:3000/paystatus/web?order=${started.orderId}`,
      },
    });
    expect((await capture(started)).body.code).toBe(40904);

    fake().approveSubscription(started.subscriptionId);
    // The buyer's tab, Completed and PayPal's events, all at once: premium is granted once.
    const activated = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'BILLING.SUBSCRIPTION.ACTIVATED',
    );
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => capture(started)),
      ...Array.from({ length: 10 }, () => deliver(activated)),
    ]);
    const captures = answers.slice(0, 10) as CallResult[];
    expect(captures.every((c) => (c.body.data as { status: string }).status === 'paid')).toBe(true);
    const until = await premiumOf(started);
    expect(monthsBetween(Date.now(), until)).toBeGreaterThan(23.5);
    expect(monthsBetween(Date.now(), until)).toBeLessThan(24.5);
    const billing = await billingOf(started);
    expect(billing.status).toBe('active');
    // PayPal's next cycle (the free second year) charges nothing: the next charge is at the end.
    expect(billing.nextRenewalAt?.getTime()).toBe(until);

    const account = await my(started.token);
    expect(account.subscription).toMatchObject({
      status: 'active',
      auto_renew: true,
      renewal_price: '50.00',
      renewal_currency: 'USD',
      next_renewal_at: new Date(until).toISOString(),
    });
  });

  it('records a renewal once however often and however concurrently PayPal reports it', async () => {
    const started = await subscribed('p1m');
    const before = await premiumOf(started);
    const sale = fake().renewSubscription(started.subscriptionId) ?? '';
    const event = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'PAYMENT.SALE.COMPLETED',
      sale,
    );
    // The same delivery 10 times, and 10 deliveries of it under other event ids, at once.
    const replays = Array.from({ length: 10 }, () => deliver(event));
    const others = Array.from({ length: 10 }, (_, i) =>
      deliver({ ...event, id: `${String(event.id)}-${i}` }),
    );
    const answers = await Promise.all([...replays, ...others]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const renewals = await renewalsOf(started);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'paid', amount: '11.99', captureId: sale });
    const after = await premiumOf(started);
    expect(monthsBetween(before, after)).toBeGreaterThan(0.9);
    expect(monthsBetween(before, after)).toBeLessThan(1.1);

    const account = await my(started.token);
    const renewal = account.history.find((h) => h.kind === 'renewal');
    expect(renewal).toMatchObject({ label: 'Paid', refund: { eligible: false } });
    const refused = await kit.call(`${base}/web/refund`, {
      token: started.token,
      body: { order_id: renewals[0]?.id, reason: 'I forgot to cancel' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Renewals are not covered/);
  });

  it('fulfils the checkout first when a renewal is reported before the activation', async () => {
    const started = await subscribe('p1m');
    fake().approveSubscription(started.subscriptionId);
    const sale = fake().renewSubscription(started.subscriptionId) ?? '';
    const renewal = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'PAYMENT.SALE.COMPLETED',
      sale,
    );
    expect((await deliver(renewal)).status).toBe(200);
    expect((await orderRow(started.orderId)).status).toBe('paid');
    expect(await renewalsOf(started)).toHaveLength(1);
    const until = await premiumOf(started);
    expect(monthsBetween(Date.now(), until)).toBeGreaterThan(1.9);
    expect(monthsBetween(Date.now(), until)).toBeLessThan(2.1);
    // The buyer's tab comes back late: nothing more.
    expect((await capture(started)).body.data).toMatchObject({ status: 'paid' });
    expect(await premiumOf(started)).toBe(until);
  });

  it('recovers a renewal whose event was lost, by reading overdue subscriptions back', async () => {
    const started = await subscribed('p1m');
    fake().renewSubscription(started.subscriptionId);
    const billing = await billingOf(started);
    // No event arrives; the renewal date passes.
    await db()
      .update(billingSubscriptions)
      .set({ nextRenewalAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(billingSubscriptions.id, billing.id));
    const read = await Promise.all([
      reconcileOverdue(db(), paypal()),
      reconcileOverdue(db(), paypal()),
    ]);
    expect(read.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await renewalsOf(started)).toHaveLength(1);
    expect((await billingOf(started)).nextRenewalAt?.getTime() ?? 0).toBeGreaterThan(Date.now());
  });

  it('turns auto-renewal off at PayPal at once; premium runs to its end', async () => {
    const started = await subscribed('p6m');
    const until = await premiumOf(started);
    const off = await kit.call(`${base}/web/subscription/auto_renew`, {
      token: started.token,
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({
      is_premium: true,
      subscription: { status: 'cancelled', auto_renew: false, next_renewal_at: null },
    });
    expect(fake().subscription(started.subscriptionId)).toMatchObject({ status: 'CANCELLED' });
    expect(await premiumOf(started)).toBe(until);
    // Again: nothing more to do.
    expect(
      (
        await kit.call(`${base}/web/subscription/auto_renew`, {
          token: started.token,
          body: { enabled: false },
        })
      ).status,
    ).toBe(200);
    const bad = await kit.call(`${base}/web/subscription/auto_renew`, {
      token: started.token,
      body: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('turns auto-renewal back on: one new subscription from the paid end, nothing charged now', async () => {
    const started = await subscribed('p6m');
    const until = await premiumOf(started);
    await kit.call(`${base}/web/subscription/auto_renew`, {
      token: started.token,
      body: { enabled: false },
    });
    const turnOn = () =>
      kit.call(`${base}/web/subscription/auto_renew`, {
        token: started.token,
        body: { enabled: true, language: 'de' },
      });
    // Ten clicks at once: one subscription at PayPal, one approval link.
    const answers = await Promise.all(Array.from({ length: 10 }, turnOn));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const links = new Set(
      answers.map((answer) => (answer.body.data as { approve_url: string }).approve_url),
    );
    expect(links.size).toBe(1);
    const again = await db()
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, (await orderRow(started.orderId)).userId ?? ''));
    const renewed = again.filter((row) => row.firstOrderId === null);
    expect(renewed).toHaveLength(1);
    const created = fake().requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/billing/subscriptions',
    );
    expect(created?.body).toMatchObject({
      start_time: new Date(until).toISOString(),
      application_context: {
        return_url: 'http://localhost:3000/de/myAccount?auto_renew=approved',
        cancel_url: 'http://localhost:3000/de/myAccount?auto_renew=cancelled',
      },
    });
    // Its plan bills renewals only: 6 months at the plan's renewal price, no first term.
    const plan = fake().requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/billing/plans',
    );
    expect((plan?.body as { billing_cycles?: unknown[] } | undefined)?.billing_cycles).toHaveLength(
      1,
    );
    // Still off until approved.
    expect(
      (answers[0]?.body.data as { subscription?: { auto_renew: boolean } } | undefined)
        ?.subscription,
    ).toMatchObject({ auto_renew: false, status: 'cancelled' });

    const providerId = renewed[0]?.providerSubscriptionId ?? '';
    fake().approveSubscription(providerId);
    const confirmed = await turnOn();
    expect(confirmed.body.data).toMatchObject({
      subscription: { status: 'active', auto_renew: true },
    });
    expect((confirmed.body.data as { approve_url?: string }).approve_url).toBeUndefined();
    const row = await db()
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.providerSubscriptionId, providerId));
    expect(row[0]?.status).toBe('active');
    expect(row[0]?.nextRenewalAt?.getTime()).toBe(until);
    // Nothing was charged: premium still ends where it did, no renewal order.
    expect(await premiumOf(started)).toBe(until);
    expect(fake().transactions(providerId)).toEqual([]);
  });

  it('turns auto-renewal on only for a running plan bought here', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const on = await kit.call(`${base}/web/subscription/auto_renew`, {
      token,
      body: { enabled: true },
    });
    expect(on.status).toBe(409);
    expect(on.body).toMatchObject({ code: 40012 });
  });

  it('follows PayPal: a cancellation there, a failed renewal, and its recovery', async () => {
    const started = await subscribed('p1m');
    // The renewal is due now: premium ends within the hour unless the payment goes through.
    const due = new Date(Date.now() + 3600 * 1000);
    const order = await orderRow(started.orderId);
    await db()
      .update(subscriptions)
      .set({ premiumUntil: due })
      .where(eq(subscriptions.userId, order.userId ?? ''));
    await db()
      .update(billingSubscriptions)
      .set({ nextRenewalAt: due })
      .where(eq(billingSubscriptions.providerSubscriptionId, started.subscriptionId));
    fake().renewSubscription(started.subscriptionId, { fail: true });
    const failed = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
    );
    expect((await deliver(failed)).status).toBe(200);
    const pastDue = await billingOf(started);
    expect(pastDue.status).toBe('past_due');
    expect((pastDue.graceUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * day);
    expect((await my(started.token)).subscription).toMatchObject({ status: 'past_due' });
    // Premium is kept through the grace period, once however often the failure is reported.
    expect(await premiumOf(started)).toBe(pastDue.graceUntil?.getTime());
    await deliver({ ...failed, id: `${String(failed.id)}-again` });
    expect((await billingOf(started)).graceUntil).toEqual(pastDue.graceUntil);

    const sale = fake().renewSubscription(started.subscriptionId) ?? '';
    const paid = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'PAYMENT.SALE.COMPLETED',
      sale,
    );
    expect((await deliver(paid)).status).toBe(200);
    expect((await billingOf(started)).status).toBe('active');
    // Paid late: a month from the due date, the grace days not added on top.
    expect(monthsBetween(due.getTime(), await premiumOf(started))).toBeGreaterThan(0.9);
    expect(monthsBetween(due.getTime(), await premiumOf(started))).toBeLessThan(1.1);

    await paypal().cancelSubscription(started.subscriptionId, 'Cancelled in PayPal');
    const cancelled = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'BILLING.SUBSCRIPTION.CANCELLED',
    );
    expect((await deliver(cancelled)).status).toBe(200);
    expect((await my(started.token)).subscription).toMatchObject({
      status: 'cancelled',
      auto_renew: false,
    });
  });

  it('stops the old plan renewing when the account buys another: never two charges', async () => {
    const first = await subscribed('p1m');
    const res = await kit.call(`${base}/web/checkout`, {
      token: first.token,
      body: { plan_id: 'p12m' },
    });
    expect(res.status).toBe(201);
    const { order_id } = res.body.data as { order_id: string };
    const second: Started = {
      token: first.token,
      email: first.email,
      orderId: order_id,
      subscriptionId: (await orderRow(order_id)).providerOrderId ?? '',
      approveUrl: '',
    };
    fake().approveSubscription(second.subscriptionId);
    expect((await capture(second)).body.data).toMatchObject({ status: 'paid' });
    expect(fake().subscription(first.subscriptionId)).toMatchObject({ status: 'CANCELLED' });
    expect((await billingOf(first)).status).toBe('cancelled');
    expect((await billingOf(second)).status).toBe('active');
    expect((await my(first.token)).subscription).toMatchObject({
      auto_renew: true,
      renewal_price: '69.99',
    });
  });

  it('refunds the first payment within 30 days: the subscription ends at PayPal first', async () => {
    const started = await subscribed('p12m');
    const refund = await kit.call(`${base}/web/refund`, {
      token: started.token,
      body: { order_id: started.orderId, reason: 'Not for me' },
    });
    expect(refund.body.data, JSON.stringify(refund.body)).toEqual({ status: 'refunded' });
    expect(fake().subscription(started.subscriptionId)).toMatchObject({ status: 'CANCELLED' });
    expect((await billingOf(started)).status).toBe('expired');
    expect((await orderRow(started.orderId)).status).toBe('refunded');
    expect(await premiumOf(started)).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('takes a renewal back when it is refunded at PayPal', async () => {
    const started = await subscribed('p1m');
    const sale = fake().renewSubscription(started.subscriptionId) ?? '';
    await deliver(
      fake().subscriptionWebhookEvent(started.subscriptionId, 'PAYMENT.SALE.COMPLETED', sale),
    );
    const before = await premiumOf(started);
    await paypal().refundCapture({ captureId: sale, currency: 'USD', requestId: `refund-${sale}` });
    const refunded = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'PAYMENT.SALE.REFUNDED',
      sale,
    );
    expect((await deliver(refunded)).status).toBe(200);
    expect((await deliver({ ...refunded, id: `${String(refunded.id)}-again` })).status).toBe(200);
    const [renewal] = await renewalsOf(started);
    expect(renewal?.status).toBe('refunded');
    expect(monthsBetween(await premiumOf(started), before)).toBeGreaterThan(0.9);
  });
});
