import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, providerPlans } from '@/server/db/schema';
import {
  paypalSubscriptionKit,
  type Started,
} from '../../../../tests/support/paypal-subscriptions';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// Plan changes of a renewing plan (PayPal's revise, against the local fake PayPal): the new
// plan applies from the next renewal, nothing is charged when it is chosen, and what a renewal
// grants follows what PayPal billed, never what the browser reported.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const { kit, fake, subscribed, deliver, billingOf, premiumOf } = paypalSubscriptionKit(testDb);

const day = 24 * 3600 * 1000;
const monthsBetween = (a: number, b: number) => (b - a) / (30.44 * day);

interface PlanAnswer {
  approve_url?: string;
  subscription: Record<string, unknown> | null;
}

const change = (started: Started, body: Record<string, unknown>) =>
  kit.call(`${base}/web/subscription/plan`, { token: started.token, body });

/** PayPal bills the subscription's next renewal now and reports it; answers the sale id. */
async function renewAtPayPal(started: Started): Promise<string> {
  const sale = fake().renewSubscription(started.subscriptionId) ?? '';
  const event = fake().subscriptionWebhookEvent(
    started.subscriptionId,
    'PAYMENT.SALE.COMPLETED',
    sale,
  );
  expect((await deliver(event)).status).toBe(200);
  return sale;
}

async function renewalOrders(started: Started) {
  const billing = await billingOf(started);
  const rows = await db().select().from(orders).where(eq(orders.subscriptionId, billing.id));
  return rows.filter((row) => row.kind === 'renewal');
}

const revisions = () =>
  fake().requests.filter((r) => r.method === 'POST' && r.path.endsWith('/revise'));

describe('changing a renewing plan', () => {
  it('renews as the new plan from the next renewal, charging nothing when chosen', async () => {
    const started = await subscribed('p1m');
    const before = revisions().length;
    const asked = await change(started, { plan_id: 'p12m', language: 'de' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const answer = asked.body.data as PlanAnswer;
    expect(answer.approve_url).toMatch(/\/webapps\/billing\/subscriptions\/update\?ba_token=/);
    // Not recorded before the subscriber approves it at PayPal.
    expect(answer.subscription).toMatchObject({ pending_plan_id: null, renewal_plan_id: 'p1m' });
    const revision = revisions().at(-1);
    expect(revisions()).toHaveLength(before + 1);
    expect(revision?.path).toBe(`/v1/billing/subscriptions/${started.subscriptionId}/revise`);
    expect(revision?.body).toMatchObject({
      application_context: {
        return_url: 'http://localhost:3000/de/myAccount?plan_change=approved&plan=p12m',
        cancel_url: 'http://localhost:3000/de/myAccount?plan_change=cancelled&plan=p12m',
        locale: 'de',
      },
    });
    // On the 12-month plan's renewals-only billing plan: no first term in it.
    const planId = (revision?.body as { plan_id?: string } | undefined)?.plan_id ?? '';
    const [made] = await db()
      .select()
      .from(providerPlans)
      .where(eq(providerPlans.providerPlanId, planId));
    expect(made).toMatchObject({ planId: 'p12m', kind: 'renewal' });
    expect(fake().transactions(started.subscriptionId)).toHaveLength(1);

    fake().approveSubscription(started.subscriptionId);
    const back = await change(started, { plan_id: 'p12m', approved: true });
    expect(back.status).toBe(200);
    expect((back.body.data as PlanAnswer).subscription).toMatchObject({
      auto_renew: true,
      renewal_plan_id: 'p1m',
      pending_plan_id: 'p12m',
      pending_product_id: 'v2.tvpn.web.vip.usd.12m.off51.add3m',
      renewal_price: '69.99',
    });

    const until = await premiumOf(started);
    const sale = await renewAtPayPal(started);
    const [renewal] = await renewalOrders(started);
    expect(renewal).toMatchObject({ planId: 'p12m', amount: '69.99', captureId: sale });
    // The renewal of the new plan: 12 months (its bonus was for the first term only).
    const months = monthsBetween(until, await premiumOf(started));
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);
    const billing = await billingOf(started);
    expect(billing).toMatchObject({ planId: 'p12m', pendingPlanId: null, renewalPrice: '69.99' });
  });

  it('grants what PayPal billed when a change is reported without approval', async () => {
    const started = await subscribed('p1m');
    await change(started, { plan_id: 'p12m' });
    // The browser claims the change was approved; PayPal never saw the consent.
    await change(started, { plan_id: 'p12m', approved: true });
    const until = await premiumOf(started);
    await renewAtPayPal(started);
    const [renewal] = await renewalOrders(started);
    expect(renewal).toMatchObject({ planId: 'p1m', amount: '11.99' });
    const months = monthsBetween(until, await premiumOf(started));
    expect(months).toBeGreaterThan(0.9);
    expect(months).toBeLessThan(1.1);
    expect(await billingOf(started)).toMatchObject({ planId: 'p1m' });
  });

  it('undoes a pending change when the current plan is chosen again', async () => {
    const started = await subscribed('p1m');
    await change(started, { plan_id: 'p12m' });
    fake().approveSubscription(started.subscriptionId);
    await change(started, { plan_id: 'p12m', approved: true });
    // The pending plan again: it already renews as that.
    const twice = await change(started, { plan_id: 'p12m' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 40902 });

    const undo = await change(started, { plan_id: 'p1m' });
    expect(undo.status).toBe(200);
    fake().approveSubscription(started.subscriptionId);
    const back = await change(started, { plan_id: 'p1m', approved: true });
    expect((back.body.data as PlanAnswer).subscription).toMatchObject({
      pending_plan_id: null,
      renewal_price: '11.99',
    });
    await renewAtPayPal(started);
    const [renewal] = await renewalOrders(started);
    expect(renewal).toMatchObject({ planId: 'p1m', amount: '11.99' });
  });

  it('charges nothing and leaves one revision when asked many times at once', async () => {
    const started = await subscribed('p1m');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        change(started, { plan_id: i % 2 === 0 ? 'p12m' : 'p6m' }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(fake().transactions(started.subscriptionId)).toHaveLength(1);
    // Without consent the old plan keeps billing, once per renewal.
    await renewAtPayPal(started);
    const renewals = await renewalOrders(started);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ planId: 'p1m', amount: '11.99' });
  });

  it('refuses the plan it renews as, a plan that does not renew, and bad input', async () => {
    const started = await subscribed('p6m');
    const same = await change(started, { plan_id: 'p6m' });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({
      code: 40902,
      message: 'The plan had purchased. You can upgrade the new plan.',
    });
    const unknown = await change(started, { plan_id: 'p99m' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 40402 });
    const empty = await change(started, {});
    expect(empty.status).toBe(400);
    const badFlag = await change(started, { plan_id: 'p12m', approved: 'yes' });
    expect(badFlag.status).toBe(400);

    await kit.call(`${base}/web/subscription/auto_renew`, {
      token: started.token,
      body: { enabled: false },
    });
    const off = await change(started, { plan_id: 'p12m' });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ code: 40013 });
    // A report of approval changes nothing on a plan that no longer renews.
    const late = await change(started, { plan_id: 'p12m', approved: true });
    expect((late.body.data as PlanAnswer).subscription).toMatchObject({ pending_plan_id: null });

    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const none = await kit.call(`${base}/web/subscription/plan`, {
      token,
      body: { plan_id: 'p12m' },
    });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 40013 });
    const anonymous = await kit.call(`${base}/web/subscription/plan`, {
      body: { plan_id: 'p12m' },
    });
    expect(anonymous.status).toBe(401);
  });
});
