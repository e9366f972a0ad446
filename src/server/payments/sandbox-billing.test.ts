import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxPlans, sandboxSubscriptions, sandboxTransactions } from '@/server/db/schema';
import { accountKit } from '../../../tests/support/account-api';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import type { BillingCycle } from './billing-cycles';
import { FAILED_PAYMENTS_BEFORE_SUSPENSION } from './paypal';
import { ProviderRequestError } from './provider';
import { createSandboxProvider } from './sandbox';

// The built-in sandbox as a billing provider (PayPal's Subscriptions API semantics, kept in the
// database): plans, subscriptions, their charges by cycle, failures, cancellation, refunds, the
// approval page, and approvals and renewals that race (each must charge once).

const testDb = fileTestDb();
const db = () => testDb().handle.db;
const sandbox = createSandboxProvider(db, 'http://localhost:3000');

// A 99.99 first year, then a free year (12 months), then 50.00 a year until cancelled.
const yearlyCycles: BillingCycle[] = [
  { kind: 'trial', period: { count: 1, unit: 'YEAR' }, price: '99.99', count: 1 },
  { kind: 'trial', period: { count: 12, unit: 'MONTH' }, price: null, count: 1 },
  { kind: 'regular', period: { count: 1, unit: 'YEAR' }, price: '50.00', count: 0 },
];

let counter = 0;
const key = (what: string) => `${what}-${Date.now()}-${++counter}`;

async function newPlan(cycles: BillingCycle[] = yearlyCycles, currency = 'USD') {
  const { providerPlanId } = await sandbox.createPlan({
    productId: 'TURBOVPN-PREMIUM',
    name: 'Turbo VPN Premium, 12 months',
    currency,
    cycles,
    requestId: key('plan'),
  });
  return providerPlanId;
}

async function newSubscription(
  options: { planId?: string; cycles?: BillingCycle[]; startTime?: Date; origin?: string } = {},
) {
  const providerPlanId = options.planId ?? (await newPlan(options.cycles));
  const origin = options.origin ?? 'http://localhost:3000';
  const customId = key('order');
  const made = await sandbox.createSubscription({
    providerPlanId,
    customId,
    startTime: options.startTime,
    returnUrl: `${origin}/paystatus/web?order=${customId}`,
    cancelUrl: `${origin}/pricing?cancelled=1`,
    requestId: key('subscribe'),
  });
  return { ...made, id: made.providerSubscriptionId, customId, providerPlanId };
}

/** An approved subscription whose first cycle (99.99) is paid. */
async function activeSubscription(cycles: BillingCycle[] = yearlyCycles) {
  const made = await newSubscription({ cycles });
  expect(await sandbox.approveSubscription(made.id)).toMatchObject({ status: 'ACTIVE' });
  return made;
}

const window = () => ({ from: new Date(Date.now() - 600_000), to: new Date(Date.now() + 600_000) });

const paymentsOf = async (id: string) =>
  db().select().from(sandboxTransactions).where(eq(sandboxTransactions.subscriptionId, id));

const rowOf = async (id: string) => {
  const [row] = await db()
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, id));
  if (!row) throw new Error(`no sandbox subscription ${id}`);
  return row;
};

/** `from` moved by a calendar period, as PostgreSQL's interval arithmetic does. */
function calendarAfter(from: Date, months: number, days = 0): Date {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last) + days);
  return date;
}

/** Within two hours (a time zone's daylight saving change) and the test's own duration. */
function expectNear(actual: Date | undefined, expected: Date) {
  expect(actual).toBeInstanceOf(Date);
  expect(Math.abs((actual?.getTime() ?? 0) - expected.getTime())).toBeLessThan(2 * 3600_000);
}

async function rejection(promise: Promise<unknown>): Promise<ProviderRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderRequestError);
  return error as ProviderRequestError;
}

describe('billing plans', () => {
  it('has its one product already', async () => {
    await expect(
      sandbox.ensureProduct({ id: 'TURBOVPN-PREMIUM', name: 'Premium', description: 'All of it' }),
    ).resolves.toBeUndefined();
  });

  it('stores a plan and answers the same request id with the same plan', async () => {
    const requestId = key('plan');
    const input = {
      productId: 'TURBOVPN-PREMIUM',
      name: 'Turbo VPN Premium, 24 months',
      currency: 'USD',
      cycles: yearlyCycles,
      requestId,
    };
    const first = await sandbox.createPlan(input);
    expect(first.providerPlanId).toMatch(/^SBXPLAN[0-9A-F]{16}$/);
    expect(await sandbox.createPlan({ ...input, name: 'another name' })).toEqual(first);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => sandbox.createPlan(input)),
    );
    expect(new Set(concurrent.map((p) => p.providerPlanId))).toEqual(
      new Set([first.providerPlanId]),
    );
    const rows = await db()
      .select()
      .from(sandboxPlans)
      .where(eq(sandboxPlans.requestId, requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Turbo VPN Premium, 24 months',
      currency: 'USD',
      cycles: yearlyCycles,
      status: 'ACTIVE',
    });
    const other = await sandbox.createPlan({ ...input, requestId: key('plan') });
    expect(other.providerPlanId).not.toBe(first.providerPlanId);
  });

  it('deactivates a plan (twice is fine), which then takes no new subscriptions', async () => {
    const planId = await newPlan();
    await sandbox.deactivatePlan(planId);
    await sandbox.deactivatePlan(planId);
    const [row] = await db().select().from(sandboxPlans).where(eq(sandboxPlans.id, planId));
    expect(row?.status).toBe('INACTIVE');
    const refused = await rejection(newSubscription({ planId }));
    expect([refused.status, refused.issue]).toEqual([422, 'PLAN_STATUS_INVALID']);
  });

  it('refuses an unknown plan as PayPal does', async () => {
    const missing = await rejection(newSubscription({ planId: 'SBXPLAN0000000000000000' }));
    expect([missing.status, missing.issue]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const deactivate = await rejection(sandbox.deactivatePlan('SBXPLAN0000000000000000'));
    expect(deactivate.status).toBe(404);
  });
});

describe('subscriptions', () => {
  it('creates one pending subscription per request id, approved on the sandbox page', async () => {
    const planId = await newPlan();
    const input = {
      providerPlanId: planId,
      customId: 'order-1',
      returnUrl: 'http://127.0.0.1:3210/paystatus/web?order=1',
      cancelUrl: 'http://127.0.0.1:3210/pricing',
      requestId: key('subscribe'),
    };
    const made = await sandbox.createSubscription(input);
    expect(made.providerSubscriptionId).toMatch(/^SBXSUB[0-9A-F]{16}$/);
    // On the return URL's origin, as checkout makes it on the origin the buyer uses.
    expect(made.approveUrl).toBe(
      `http://127.0.0.1:3210/api/mms/payment/v1/sandbox/checkout/${made.providerSubscriptionId}`,
    );
    expect(await sandbox.createSubscription(input)).toEqual(made);
    // A replay answers the first subscription even after its plan was deactivated.
    await sandbox.deactivatePlan(planId);
    expect(await sandbox.createSubscription(input)).toEqual(made);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandbox.createSubscription({ ...input, requestId: `${input.requestId}-race` }),
      ),
    ).catch((e: unknown) => e);
    // The plan is inactive now: every new request is refused, none is stored.
    expect(concurrent).toBeInstanceOf(ProviderRequestError);

    expect(await sandbox.getSubscription(made.providerSubscriptionId)).toEqual({
      providerSubscriptionId: made.providerSubscriptionId,
      status: 'APPROVAL_PENDING',
      providerPlanId: planId,
      customId: 'order-1',
      failedPayments: 0,
    });
    const missing = await rejection(sandbox.getSubscription('SBXSUB0000000000000000'));
    expect([missing.status, missing.issue]).toEqual([404, 'RESOURCE_NOT_FOUND']);
  });

  it('makes concurrent creations with one request id one subscription', async () => {
    const planId = await newPlan();
    const input = {
      providerPlanId: planId,
      customId: 'order-2',
      returnUrl: 'not a url',
      cancelUrl: 'not a url',
      requestId: key('subscribe'),
    };
    const made = await Promise.all(
      Array.from({ length: 12 }, () => sandbox.createSubscription(input)),
    );
    expect(new Set(made.map((m) => m.providerSubscriptionId)).size).toBe(1);
    // A return URL that is no web address: the site's own address.
    expect(made[0]?.approveUrl).toMatch(/^http:\/\/localhost:3000\/api\/mms\/payment\/v1\//);
  });

  it('charges each cycle at its price: 99.99, then a free year, then 50.00 yearly', async () => {
    const { id, customId, providerPlanId } = await newSubscription();
    const before = new Date();
    const approved = await sandbox.approveSubscription(id);
    expect(approved).toMatchObject({ id, status: 'ACTIVE', cycleIndex: 1, cycleRuns: 0 });
    let payments = await sandbox.listTransactions(id, window());
    expect(payments.map((p) => [p.amount, p.currency, p.status])).toEqual([
      ['99.99', 'USD', 'COMPLETED'],
    ]);
    expect(payments[0]?.id).toMatch(/^SBXTX[0-9A-F]{16}$/);
    let seen = await sandbox.getSubscription(id);
    expect(seen).toMatchObject({
      status: 'ACTIVE',
      providerPlanId,
      customId,
      failedPayments: 0,
      lastPayment: { amount: '99.99', currency: 'USD' },
    });
    expectNear(seen.nextBillingTime, calendarAfter(before, 12));
    expectNear(seen.lastPayment?.time, before);

    // The free year: nothing charged, due again in 12 months.
    expect(await sandbox.renewSubscription(id)).toEqual({ transactionId: undefined });
    seen = await sandbox.getSubscription(id);
    expectNear(seen.nextBillingTime, calendarAfter(new Date(), 12));
    expect(seen.lastPayment?.amount).toBe('99.99');
    expect(await paymentsOf(id)).toHaveLength(1);

    const second = await sandbox.renewSubscription(id);
    expect(second.transactionId).toMatch(/^SBXTX/);
    const third = await sandbox.renewSubscription(id);
    expect(third.transactionId).toMatch(/^SBXTX/);
    expect(third.transactionId).not.toBe(second.transactionId);
    payments = await sandbox.listTransactions(id, window());
    expect(payments.map((p) => p.amount)).toEqual(['99.99', '50.00', '50.00']);
    expect(payments.map((p) => p.id).slice(1)).toEqual([second.transactionId, third.transactionId]);
    for (let i = 1; i < payments.length; i += 1) {
      expect(payments[i]?.time.getTime()).toBeGreaterThanOrEqual(
        payments[i - 1]?.time.getTime() ?? 0,
      );
    }
    // The regular cycle never ends (count 0): it stays the current one.
    expect(await rowOf(id)).toMatchObject({ cycleIndex: 2, cycleRuns: 2, status: 'ACTIVE' });
    seen = await sandbox.getSubscription(id);
    expect(seen.lastPayment?.amount).toBe('50.00');
    expectNear(seen.nextBillingTime, calendarAfter(new Date(), 12));
  });

  it('lists only the payments inside the window', async () => {
    const { id } = await activeSubscription();
    const past = { from: new Date(Date.now() - 7200_000), to: new Date(Date.now() - 3600_000) };
    expect(await sandbox.listTransactions(id, past)).toEqual([]);
    expect(await sandbox.listTransactions(id, window())).toHaveLength(1);
    const missing = await rejection(sandbox.listTransactions('SBXSUB0000000000000000', window()));
    expect(missing.status).toBe(404);
  });

  it('counts a cycle repeated `count` times before the next one, in calendar months', async () => {
    const { id } = await newSubscription({
      cycles: [
        { kind: 'trial', period: { count: 1, unit: 'MONTH' }, price: '1.00', count: 2 },
        { kind: 'regular', period: { count: 2, unit: 'WEEK' }, price: '3.50', count: 0 },
      ],
    });
    const start = new Date();
    await sandbox.approveSubscription(id);
    expect(await rowOf(id)).toMatchObject({ cycleIndex: 0, cycleRuns: 1 });
    expectNear((await rowOf(id)).nextBillingAt ?? undefined, calendarAfter(start, 1));
    await sandbox.renewSubscription(id);
    expect(await rowOf(id)).toMatchObject({ cycleIndex: 1, cycleRuns: 0 });
    await sandbox.renewSubscription(id);
    expectNear((await rowOf(id)).nextBillingAt ?? undefined, calendarAfter(new Date(), 0, 14));
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual(['1.00', '1.00', '3.50']);
  });

  it('bills nothing on approval when start_time is ahead, then the first cycle when due', async () => {
    const startTime = new Date(Date.now() + 30 * 24 * 3600_000);
    const { id } = await newSubscription({ startTime });
    const approved = await sandbox.approveSubscription(id);
    expect(approved).toMatchObject({ status: 'ACTIVE', cycleIndex: 0, cycleRuns: 0 });
    expect(approved?.nextBillingAt?.getTime()).toBe(startTime.getTime());
    expect(await paymentsOf(id)).toHaveLength(0);
    const seen = await sandbox.getSubscription(id);
    expect(seen.nextBillingTime?.getTime()).toBe(startTime.getTime());
    expect(seen.lastPayment).toBeUndefined();
    const first = await sandbox.renewSubscription(id);
    expect(first.transactionId).toMatch(/^SBXTX/);
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['99.99']);
  });

  it('bills the first cycle on approval when start_time has passed', async () => {
    const { id } = await newSubscription({ startTime: new Date(Date.now() - 60_000) });
    expect(await sandbox.approveSubscription(id)).toMatchObject({ cycleIndex: 1 });
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['99.99']);
  });

  it('starts a free trial without a payment', async () => {
    const { id } = await newSubscription({
      cycles: [
        { kind: 'trial', period: { count: 7, unit: 'DAY' }, price: null, count: 1 },
        { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '9.99', count: 0 },
      ],
    });
    const start = new Date();
    expect(await sandbox.approveSubscription(id)).toMatchObject({ status: 'ACTIVE' });
    expect(await paymentsOf(id)).toHaveLength(0);
    const seen = await sandbox.getSubscription(id);
    expectNear(seen.nextBillingTime, calendarAfter(start, 0, 7));
    expect(seen.lastPayment).toBeUndefined();
    expect((await sandbox.renewSubscription(id)).transactionId).toMatch(/^SBXTX/);
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['9.99']);
  });

  it('approves once: a second approval answers undefined and charges nothing', async () => {
    const { id } = await activeSubscription();
    expect(await sandbox.approveSubscription(id)).toBeUndefined();
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await sandbox.approveSubscription('SBXSUB0000000000000000')).toBeUndefined();
  });

  it('suspends after three failed renewals in a row; a paid one resets the count', async () => {
    expect(FAILED_PAYMENTS_BEFORE_SUSPENSION).toBe(3);
    const { id } = await activeSubscription([
      { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '12.99', count: 0 },
    ]);
    const due = (await rowOf(id)).nextBillingAt;
    expect(await sandbox.renewSubscription(id, { fail: true })).toEqual({});
    expect(await sandbox.renewSubscription(id, { fail: true })).toEqual({});
    let seen = await sandbox.getSubscription(id);
    expect(seen).toMatchObject({ status: 'ACTIVE', failedPayments: 2 });
    // A failure leaves the cycle due: nothing moves but the count.
    expect(seen.nextBillingTime?.getTime()).toBe(due?.getTime());
    expect((await sandbox.renewSubscription(id)).transactionId).toMatch(/^SBXTX/);
    expect((await sandbox.getSubscription(id)).failedPayments).toBe(0);

    for (let i = 1; i <= 3; i += 1) {
      expect(await sandbox.renewSubscription(id, { fail: true })).toEqual({});
      seen = await sandbox.getSubscription(id);
      expect(seen.failedPayments).toBe(i);
      expect(seen.status).toBe(i < 3 ? 'ACTIVE' : 'SUSPENDED');
    }
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['12.99', '12.99']);
    const refused = await rejection(sandbox.renewSubscription(id));
    expect([refused.status, refused.issue]).toEqual([422, 'SUBSCRIPTION_STATUS_INVALID']);
    // A suspended subscription can still be cancelled.
    expect(await sandbox.cancelSubscription(id, 'payments failed')).toBe('cancelled');
  });

  it('cancels once: then CANCELLED, not billed, and cancelling again is "inactive"', async () => {
    const { id } = await activeSubscription();
    expect(await sandbox.cancelSubscription(id, 'changed my mind')).toBe('cancelled');
    const seen = await sandbox.getSubscription(id);
    expect(seen.status).toBe('CANCELLED');
    expect(seen.nextBillingTime).toBeUndefined();
    expect(seen.lastPayment?.amount).toBe('99.99');
    expect(await sandbox.cancelSubscription(id, 'again')).toBe('inactive');
    const renewal = await rejection(sandbox.renewSubscription(id));
    expect(renewal.status).toBe(422);
    expect(await sandbox.approveSubscription(id)).toBeUndefined();
    expect(await paymentsOf(id)).toHaveLength(1);

    const pending = await newSubscription();
    expect(await sandbox.cancelSubscription(pending.id, 'left checkout')).toBe('cancelled');
    expect(await sandbox.approveSubscription(pending.id)).toBeUndefined();
    expect(await paymentsOf(pending.id)).toHaveLength(0);

    const missing = await rejection(sandbox.cancelSubscription('SBXSUB0000000000000000', 'x'));
    expect([missing.status, missing.issue]).toEqual([404, 'RESOURCE_NOT_FOUND']);
  });

  it('expires a subscription whose last cycle has been billed', async () => {
    const { id } = await activeSubscription([
      { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '5.00', count: 2 },
    ]);
    await sandbox.renewSubscription(id);
    expect((await sandbox.getSubscription(id)).nextBillingTime).toBeUndefined();
    expect(await sandbox.renewSubscription(id)).toEqual({});
    expect((await sandbox.getSubscription(id)).status).toBe('EXPIRED');
    expect(await sandbox.cancelSubscription(id, 'over')).toBe('inactive');
    expect(await paymentsOf(id)).toHaveLength(2);
  });
});

describe('refunds of subscription payments', () => {
  it('refunds a payment by its id once, the same refund id when asked again', async () => {
    const { id } = await activeSubscription();
    const [payment] = await sandbox.listTransactions(id, window());
    if (!payment) throw new Error('no payment');
    const input = { captureId: payment.id, currency: 'USD', requestId: key('refund') };
    const first = await sandbox.refundCapture(input);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^SBXREF[0-9A-F]{16}$/),
      status: 'COMPLETED',
    });
    expect(await sandbox.refundCapture({ ...input, requestId: key('refund') })).toEqual(first);
    const [refunded] = await sandbox.listTransactions(id, window());
    expect(refunded).toMatchObject({ id: payment.id, status: 'REFUNDED', amount: '99.99' });
    // The refunded payment is still the last one made.
    expect((await sandbox.getSubscription(id)).lastPayment?.amount).toBe('99.99');
  });

  it('gives every concurrent refund of one payment the same refund id', async () => {
    const { id } = await activeSubscription();
    const [payment] = await paymentsOf(id);
    if (!payment) throw new Error('no payment');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sandbox.refundCapture({ captureId: payment.id, currency: 'USD', requestId: key('r') }),
      ),
    );
    expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
    const [row] = await paymentsOf(id);
    expect(row?.refundId).toBe(answers[0]?.refundId);
  });

  it('still refunds an order capture, and fails for an unknown id', async () => {
    const order = await sandbox.createOrder({
      orderId: 'order-refund',
      amount: '11.99',
      currency: 'USD',
      description: 'Turbo VPN Premium, 1 month',
      returnUrl: 'http://localhost:3000/paystatus/web',
      cancelUrl: 'http://localhost:3000/pricing',
      requestId: key('order'),
    });
    await sandbox.approve(order.providerOrderId);
    const captured = await sandbox.captureOrder(order.providerOrderId, key('capture'));
    if (captured.outcome !== 'captured') throw new Error('not captured');
    const refund = await sandbox.refundCapture({
      captureId: captured.capture.id,
      currency: 'USD',
      requestId: key('refund'),
    });
    expect(refund.status).toBe('COMPLETED');
    expect(
      await sandbox.refundCapture({ captureId: 'SBXTXNOPE', currency: 'USD', requestId: 'x' }),
    ).toEqual({ refundId: '', status: 'FAILED' });
  });
});

describe('ATTACK: approvals and renewals racing', () => {
  it('charges once when 20 approvals of one subscription arrive at the same moment', async () => {
    const { id } = await newSubscription();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sandbox.approveSubscription(id)),
    );
    expect(answers.filter((a) => a !== undefined)).toHaveLength(1);
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['99.99']);
    expect(await rowOf(id)).toMatchObject({ status: 'ACTIVE', cycleIndex: 1, cycleRuns: 0 });
  });

  it('charges once when 20 renewals of one cycle run at the same moment', async () => {
    const { id } = await activeSubscription([
      { kind: 'trial', period: { count: 1, unit: 'MONTH' }, price: '1.99', count: 1 },
      { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '11.99', count: 0 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sandbox.renewSubscription(id)),
    );
    const charged = answers.filter((a) => a.transactionId !== undefined);
    expect(charged).toHaveLength(1);
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual(['1.99', '11.99']);
    expect(await rowOf(id)).toMatchObject({ cycleIndex: 1, cycleRuns: 1, failedPayments: 0 });
  });

  it('bills no cycle twice when renewals race from 20 instances', async () => {
    const { id } = await activeSubscription([
      { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '11.99', count: 0 },
    ]);
    const before = await rowOf(id);
    // Each instance reads the billing state on its own: one that reads it after another's
    // renewal may bill the next cycle, but a cycle two of them read is billed by one only.
    const instances = Array.from({ length: 20 }, () =>
      createSandboxProvider(db, 'http://localhost:3000'),
    );
    const answers = await Promise.all(instances.map((other) => other.renewSubscription(id)));
    const charged = answers.filter((a) => a.transactionId !== undefined);
    expect(charged.length).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id)).cycleRuns - before.cycleRuns).toBe(charged.length);
    expect(await paymentsOf(id)).toHaveLength(1 + charged.length);
  });

  it('counts one failure when 20 failed renewals of one cycle run at the same moment', async () => {
    const { id } = await activeSubscription();
    await Promise.all(
      Array.from({ length: 20 }, () => sandbox.renewSubscription(id, { fail: true })),
    );
    expect(await sandbox.getSubscription(id)).toMatchObject({
      status: 'ACTIVE',
      failedPayments: 1,
    });
  });

  it('never charges a subscription cancelled while approvals race', async () => {
    const { id } = await newSubscription();
    await Promise.all([
      sandbox.cancelSubscription(id, 'gone'),
      ...Array.from({ length: 5 }, () => sandbox.approveSubscription(id)),
    ]);
    const status = (await sandbox.getSubscription(id)).status;
    expect(status).toBe('CANCELLED');
    // Either the cancel came first (nothing charged) or one approval did (one charge).
    expect((await paymentsOf(id)).length).toBeLessThanOrEqual(1);
  });
});

describe('revisions', () => {
  const monthly: BillingCycle[] = [
    { kind: 'trial', period: { count: 1, unit: 'MONTH' }, price: '1.99', count: 1 },
    { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '11.99', count: 0 },
  ];
  const yearlyRenewals: BillingCycle[] = [
    { kind: 'regular', period: { count: 12, unit: 'MONTH' }, price: '69.99', count: 0 },
  ];
  const revise = (id: string, providerPlanId: string) =>
    sandbox.reviseSubscription(id, {
      providerPlanId,
      returnUrl: 'http://localhost:3000/myAccount?plan_change=approved',
      cancelUrl: 'http://localhost:3000/myAccount?plan_change=cancelled',
    });

  it('bills the consented plan from the next renewal, the old one until then', async () => {
    const { id, providerPlanId } = await activeSubscription(monthly);
    const yearly = await newPlan(yearlyRenewals);
    const { approveUrl } = await revise(id, yearly);
    expect(approveUrl).toBe(`http://localhost:3000/api/mms/payment/v1/sandbox/checkout/${id}`);
    // Without consent the old plan renews.
    await sandbox.renewSubscription(id);
    expect((await sandbox.getSubscription(id)).providerPlanId).toBe(providerPlanId);
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual(['1.99', '11.99']);

    expect(await sandbox.approveRevision(id)).toBe(true);
    expect(await sandbox.approveRevision(id)).toBe(false);
    // Consented, still the old plan until the renewal.
    expect((await sandbox.getSubscription(id)).providerPlanId).toBe(providerPlanId);
    const before = new Date();
    const renewals = await Promise.all(
      Array.from({ length: 20 }, () => sandbox.renewSubscription(id)),
    );
    expect(renewals.filter((r) => r.transactionId !== undefined)).toHaveLength(1);
    expect((await paymentsOf(id)).map((p) => p.amount).sort()).toEqual(['1.99', '11.99', '69.99']);
    const after = await sandbox.getSubscription(id);
    expect(after.providerPlanId).toBe(yearly);
    expectNear(after.nextBillingTime, calendarAfter(before, 12));
    expect(await rowOf(id)).toMatchObject({ revisedPlanId: null, revisionApproved: false });
  });

  it('charges once at the new price when renewals race from 20 instances after consent', async () => {
    const { id } = await activeSubscription(monthly);
    const yearly = await newPlan(yearlyRenewals);
    await revise(id, yearly);
    await sandbox.approveRevision(id);
    const instances = Array.from({ length: 20 }, () =>
      createSandboxProvider(db, 'http://localhost:3000'),
    );
    await Promise.all(instances.map((other) => other.renewSubscription(id)));
    const amounts = (await paymentsOf(id)).map((p) => p.amount);
    // Each renewal that charged billed a cycle no other one billed; the first one switched plan.
    expect(amounts.filter((a) => a === '69.99').length).toBeGreaterThanOrEqual(1);
    expect(amounts.filter((a) => a === '11.99')).toHaveLength(0);
    expect((await rowOf(id)).cycleRuns).toBe(amounts.length - 1);
  });

  it('drops a declined revision, refuses other statuses, currencies and unknown plans', async () => {
    const { id } = await activeSubscription(monthly);
    await revise(id, await newPlan(yearlyRenewals));
    await sandbox.declineRevision(id);
    expect(await rowOf(id)).toMatchObject({ revisedPlanId: null });
    expect(await sandbox.approveRevision(id)).toBe(false);

    const euro = await newPlan(yearlyRenewals, 'EUR');
    expect((await rejection(revise(id, euro))).issue).toBe('CURRENCY_MISMATCH');
    expect((await rejection(revise(id, 'SBXPLAN0000000000000000'))).status).toBe(404);
    const pending = await newSubscription({ cycles: monthly });
    expect((await rejection(revise(pending.id, await newPlan(yearlyRenewals)))).issue).toBe(
      'SUBSCRIPTION_STATUS_INVALID',
    );
    // Cancelling drops a consented revision too.
    await revise(id, await newPlan(yearlyRenewals));
    await sandbox.approveRevision(id);
    await sandbox.cancelSubscription(id, 'gone');
    expect(await rowOf(id)).toMatchObject({ revisedPlanId: null, revisionApproved: false });
  });
});

describe('the sandbox approval page for subscriptions', () => {
  const kit = accountKit(testDb, { payments: sandbox });
  const page = (id: string) => kit.app().request(`/api/mms/payment/v1/sandbox/checkout/${id}`);
  const post = (id: string, action: string, origin = 'http://localhost') =>
    kit.app().request(`/api/mms/payment/v1/sandbox/checkout/${id}/${action}`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    });

  it('shows the terms in words and the two buttons', async () => {
    const { id } = await newSubscription();
    const answer = await page(id);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('Sandbox subscription');
    expect(html).toContain('Today: 99.99 USD for 1 year');
    expect(html).toContain('Then: free for 12 months');
    expect(html).toContain('Then: 50.00 USD every year until cancelled');
    expect(html).toMatch(
      /<button class="pay" type="submit">Pay 99\.99 USD and subscribe<\/button>/,
    );
    expect(html).toContain('<button class="cancel" type="submit">Cancel and return</button>');
    expect(html).toContain(`action="/api/mms/payment/v1/sandbox/checkout/${id}/approve"`);
    expect(html).toContain(`action="/api/mms/payment/v1/sandbox/checkout/${id}/cancel"`);
  });

  it('offers a free trial as such, and a later start with its date', async () => {
    const trial = await newSubscription({
      cycles: [
        { kind: 'trial', period: { count: 7, unit: 'DAY' }, price: null, count: 1 },
        { kind: 'trial', period: { count: 1, unit: 'MONTH' }, price: '2.00', count: 3 },
        { kind: 'regular', period: { count: 6, unit: 'MONTH' }, price: '30.00', count: 0 },
      ],
    });
    const html = await (await page(trial.id)).text();
    expect(html).toContain('Today: free for 7 days');
    expect(html).toContain('Then: 2.00 USD every month for 3 months');
    expect(html).toContain('Then: 30.00 USD every 6 months until cancelled');
    expect(html).toContain('>Start free trial and subscribe</button>');

    const startTime = new Date('2031-02-03T10:00:00Z');
    const later = await newSubscription({ startTime });
    expect(await (await page(later.id)).text()).toContain('From 2031-02-03: 99.99 USD for 1 year');
  });

  it('escapes the plan name', async () => {
    const { id, providerPlanId } = await newSubscription();
    await db()
      .update(sandboxPlans)
      .set({ name: '<script>alert(1)</script>', currency: '<b>USD</b>' })
      .where(eq(sandboxPlans.id, providerPlanId));
    const html = await (await page(id)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>USD</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('approves from this site only, then sends the buyer back with subscription_id and token', async () => {
    const { id, customId } = await newSubscription();
    const forged = await post(id, 'approve', 'https://evil.example');
    expect(forged.status).toBe(400);
    expect((await rowOf(id)).status).toBe('APPROVAL_PENDING');

    const approved = await post(id, 'approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('Location')).toBe(
      `http://localhost:3000/paystatus/web?order=${customId}&subscription_id=${id}&token=${id}`,
    );
    expect((await rowOf(id)).status).toBe('ACTIVE');
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual(['99.99']);
    // Pressed again: back to the return page, nothing charged again.
    const again = await post(id, 'approve');
    expect(again.headers.get('Location')).toContain('/paystatus/web?');
    expect(await paymentsOf(id)).toHaveLength(1);
    // Active now: no approval buttons, only the development ones (renew now, or fail).
    const active = await (await page(id)).text();
    expect(active).not.toContain('and subscribe');
    expect(active).toContain('Renew now');
  });

  it('cancels back to the cancel page and leaves the subscription pending', async () => {
    const { id } = await newSubscription();
    const cancelled = await post(id, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('Location')).toBe(
      `http://localhost:3000/pricing?cancelled=1&subscription_id=${id}&token=${id}`,
    );
    expect((await rowOf(id)).status).toBe('APPROVAL_PENDING');
    expect(await paymentsOf(id)).toHaveLength(0);
  });

  it('keeps the buyer on this site when the subscription was made for another host', async () => {
    const { id } = await newSubscription({ origin: 'https://evil.example' });
    for (const action of ['cancel', 'approve']) {
      const answer = await post(id, action);
      expect(answer.status).toBe(303);
      expect(new URL(answer.headers.get('Location') ?? '').origin).toBe('http://localhost:3000');
    }
  });

  it('still sends an order buyer back with its token, through the same redirect rules', async () => {
    const newOrder = (origin: string) =>
      sandbox.createOrder({
        orderId: key('order'),
        amount: '11.99',
        currency: 'USD',
        description: 'Turbo VPN Premium, 1 month',
        returnUrl: `${origin}/paystatus/web?order=1`,
        cancelUrl: `${origin}/pricing`,
        requestId: key('order'),
      });
    const paid = await newOrder('http://localhost:3000');
    const shown = await page(paid.providerOrderId);
    expect(await shown.text()).toContain('>Pay 11.99 USD</button>');
    const approved = await post(paid.providerOrderId, 'approve');
    expect(approved.headers.get('Location')).toBe(
      `http://localhost:3000/paystatus/web?order=1&token=${paid.providerOrderId}`,
    );
    const left = await newOrder('http://localhost:3000');
    const cancelled = await post(left.providerOrderId, 'cancel');
    expect(cancelled.headers.get('Location')).toBe(
      `http://localhost:3000/pricing?token=${left.providerOrderId}`,
    );
    expect((await sandbox.find(left.providerOrderId))?.status).toBe('VOIDED');
    const forged = await newOrder('https://evil.example');
    const back = await post(forged.providerOrderId, 'approve');
    expect(back.headers.get('Location')).toBe(
      `http://localhost:3000/paystatus/web?order=1&token=${forged.providerOrderId}`,
    );
    expect((await post(paid.providerOrderId, 'approve', 'https://evil.example')).status).toBe(400);
  });

  it('asks consent to a revision on its page and sends the subscriber back', async () => {
    const { id } = await activeSubscription();
    const next = await newPlan([
      { kind: 'regular', period: { count: 1, unit: 'MONTH' }, price: '11.99', count: 0 },
    ]);
    await sandbox.reviseSubscription(id, {
      providerPlanId: next,
      returnUrl: 'http://localhost:3000/myAccount?plan_change=approved',
      cancelUrl: 'http://localhost:3000/myAccount?plan_change=cancelled',
    });
    const html = await (await page(id)).text();
    expect(html).toContain('Sandbox plan change');
    expect(html).toMatch(/From \d{4}-\d{2}-\d{2}: 11\.99 USD every month until cancelled/);
    expect(html).toContain('>Agree to the new plan</button>');
    expect(html).not.toContain('Renew now');
    const cancelled = await post(id, 'cancel');
    expect(cancelled.headers.get('Location')).toBe(
      `http://localhost:3000/myAccount?plan_change=cancelled&subscription_id=${id}&token=${id}`,
    );
    expect(await rowOf(id)).toMatchObject({ revisedPlanId: null, status: 'ACTIVE' });

    await sandbox.reviseSubscription(id, {
      providerPlanId: next,
      returnUrl: 'http://localhost:3000/myAccount?plan_change=approved',
      cancelUrl: 'http://localhost:3000/myAccount?plan_change=cancelled',
    });
    const approved = await post(id, 'approve');
    expect(approved.headers.get('Location')).toBe(
      `http://localhost:3000/myAccount?plan_change=approved&subscription_id=${id}&token=${id}`,
    );
    expect(await rowOf(id)).toMatchObject({ revisedPlanId: next, revisionApproved: true });
    // Consented: the page is the subscription's again.
    expect(await (await page(id)).text()).toContain('Renew now');
  });

  it('answers 404 for an unknown subscription', async () => {
    expect((await page('SBXSUB0000000000000000')).status).toBe(404);
    expect((await post('SBXSUB0000000000000000', 'approve')).status).toBe(404);
  });
});
