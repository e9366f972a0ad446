import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, orders, refundRequests, subscriptions, users } from '@/server/db/schema';
import { activateSubscription, type Payments } from '@/server/payments/billing';
import { recordRefund } from '@/server/payments/fulfil';
import { createSandboxProvider } from '@/server/payments/sandbox';
import {
  accountKit,
  type CallResult,
  startedCheckout,
} from '../../../../tests/support/account-api';
import { approveInSandbox } from '../../../../tests/support/sandbox-approval';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// The attacks on the payments API that once worked, each performed here and expected to fail:
// a kept checkout cookie replayed as a key to the account, a gift card refunded and redeemed at
// the same moment, checkouts started by the dozen, and answers that told a stranger about
// another account. Runs on PGlite and, in the PostgreSQL step, on PostgreSQL.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const sandbox = createSandboxProvider(db, 'http://localhost:3000');
// The provider's refund answers late, as a real one does: the window in which a redemption
// could slip in while the refund is on its way.
const slowRefunds: Payments = {
  ...sandbox,
  refundCapture: async (params) => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    return sandbox.refundCapture(params);
  },
};
const kit = accountKit(testDb, { payments: slowRefunds });

/** The order as stored (what the provider's event handler starts from). */
async function orderRow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

let counter = 0;
const newEmail = () => `attack${++counter}-${Date.now()}@example.com`;
const data = (res: CallResult) =>
  res.body.data as {
    order_id: string;
    status: string;
    premium_until: string | null;
    set_password: boolean;
    verify_email: boolean;
    gift_code: string | null;
  };
const sessionCookie = (res: CallResult) =>
  res.setCookies.find((line) => line.startsWith('paypal_token='))?.split(';')[0];

async function start(body: Record<string, unknown>, options: { ip?: string; token?: string } = {}) {
  return kit.call(`${base}/web/checkout`, { body: { plan_id: 'p1m', ...body }, ...options });
}

/** A checkout for `email` by a buyer without a session, approved at the sandbox. */
async function approvedCheckout(email: string, kind: 'plan' | 'gift' = 'plan') {
  const started = await start({ email, kind });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { orderId, cookie, sandboxId } = startedCheckout(started);
  expect(await approveInSandbox(sandbox, sandboxId)).toBe(true);
  const capture = (withCookie = cookie) =>
    kit.call(`${base}/web/checkout/${orderId}/capture`, { method: 'POST', cookie: withCookie });
  return { orderId, cookie, sandboxId, capture };
}

const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];

describe('a kept checkout cookie', () => {
  it('signs the buyer in once; replayed afterwards it signs nobody in', async () => {
    const email = newEmail();
    const { capture } = await approvedCheckout(email);
    const first = await capture();
    expect(data(first)).toMatchObject({ status: 'paid', set_password: true });
    expect(sessionCookie(first)).toBeTruthy();
    for (let replay = 0; replay < 3; replay += 1) {
      // A tab whose sign-in answer was lost still sees the order paid, and is offered the code
      // step (a code to the account's email); it gets no session.
      const again = await capture();
      expect(again.status).toBe(200);
      expect(data(again)).toMatchObject({
        status: 'paid',
        set_password: false,
        verify_email: true,
      });
      expect(sessionCookie(again)).toBeUndefined();
    }
  });

  it('signs in exactly once when dozens of captures arrive together', async () => {
    const { capture } = await approvedCheckout(newEmail());
    const answers = await Promise.all(Array.from({ length: 30 }, () => capture()));
    const sessions = answers.filter((res) => sessionCookie(res));
    expect(sessions).toHaveLength(1);
    for (const res of answers) expect(res.status).toBe(200);
  });

  it('signs in once when the webhook fulfilled the order first, and never after a password', async () => {
    // The webhook completes the payment; the buyer's tab comes back later.
    const early = await approvedCheckout(newEmail());
    const activated = await activateSubscription(db(), sandbox, await orderRow(early.orderId));
    expect(activated.state === 'fulfilled' && activated.fulfilment.granted).toBe(true);
    const back = await early.capture();
    expect(data(back).set_password).toBe(true);
    expect(sessionCookie(back)).toBeTruthy();

    // Paid by the webhook, the buyer never came back, and the owner chose a password (a reset
    // by emailed code): the cookie kept since then signs nobody in.
    const email = newEmail();
    const late = await approvedCheckout(email);
    await activateSubscription(db(), sandbox, await orderRow(late.orderId));
    await db().update(users).set({ passwordHash: 'set-by-reset' }).where(eq(users.email, email));
    const replay = await late.capture();
    expect(replay.status).toBe(200);
    expect(data(replay)).toMatchObject({ set_password: false, verify_email: false });
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('after a cancel only shows the cancel, for an hour; dies after its expiry', async () => {
    const cancelled = await start({ email: newEmail() });
    const { orderId, cookie } = startedCheckout(cancelled);
    await kit.call(`${base}/web/checkout/${orderId}/cancel`, { method: 'POST', cookie });
    // The tab that started it learns it was cancelled (not "not found"); nobody is signed in.
    const seen = await kit.call(`${base}/web/checkout/${orderId}`, { cookie });
    expect(seen.status).toBe(200);
    expect(data(seen).status).toBe('cancelled');
    const captured = await kit.call(`${base}/web/checkout/${orderId}/capture`, {
      method: 'POST',
      cookie,
    });
    expect(captured.status).toBe(200);
    expect(data(captured)).toMatchObject({ state: 'cancelled', set_password: false });
    expect(sessionCookie(captured)).toBeUndefined();
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    const left = (row?.checkoutTokenExpiresAt?.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(3600_000);

    const old = await start({ email: newEmail() });
    const kept = startedCheckout(old);
    await db()
      .update(orders)
      .set({ checkoutTokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, kept.orderId));
    const late = await kit.call(`${base}/web/checkout/${kept.orderId}`, { cookie: kept.cookie });
    expect(late.status).toBe(404);
  });

  it('opens only the checkout it was made for', async () => {
    const mine = startedCheckout(await start({ email: newEmail() }));
    const theirs = startedCheckout(await start({ email: newEmail() }));
    const crossed = await kit.call(`${base}/web/checkout/${theirs.orderId}`, {
      cookie: mine.cookie,
    });
    expect(crossed.status).toBe(404);
  });
});

describe('a buyer without a password', () => {
  it('gets no account from a checkout that is never paid, nor from a bogus gift code', async () => {
    const email = newEmail();
    expect((await start({ email })).status).toBe(201);
    expect(await userByEmail(email)).toBeUndefined();
    const bogus = await kit.call(`${base}/gift/redeem`, {
      body: { code: 'ABCD-EFGH-JKLM-NPQR', email: `gift-${email}` },
    });
    expect(bogus.body.code).toBe(40010);
    expect(await userByEmail(`gift-${email}`)).toBeUndefined();
  });

  it('who cancelled and bought again is signed in to choose a password', async () => {
    const email = newEmail();
    const first = startedCheckout(await start({ email }));
    await kit.call(`${base}/web/checkout/${first.orderId}/cancel`, {
      method: 'POST',
      cookie: first.cookie,
    });
    const { capture } = await approvedCheckout(email);
    const paid = await capture();
    expect(data(paid)).toMatchObject({ status: 'paid', set_password: true, verify_email: false });
    expect(sessionCookie(paid)).toBeTruthy();
  });

  it('who paid for an account made earlier is offered a code, not a session', async () => {
    const email = newEmail();
    await (await approvedCheckout(email)).capture();
    // Another browser (someone who typed the same email) pays for that account again.
    const second = await approvedCheckout(email, 'plan');
    const paid = await second.capture();
    expect(data(paid)).toMatchObject({ status: 'paid', set_password: false, verify_email: true });
    expect(sessionCookie(paid)).toBeUndefined();
  });

  it('learns nothing about another account’s premium from an anonymous checkout', async () => {
    const email = newEmail();
    await (await approvedCheckout(email)).capture();
    const probe = await start({ email });
    // Not 40902 (that answer is for the account's own session), and no premium date.
    expect(probe.status).toBe(201);
    expect(data(probe).premium_until).toBeNull();
    const view = await kit.call(`${base}/web/checkout/${data(probe).order_id}`, {
      cookie: startedCheckout(probe).cookie,
    });
    expect(data(view).premium_until).toBeNull();
  });
});

describe('starting checkouts by the dozen', () => {
  it('refuses past 20 an hour from one address', async () => {
    const ip = '198.51.100.77';
    const answers = await Promise.all(
      Array.from({ length: 26 }, () => start({ email: newEmail() }, { ip })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(20);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]?.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('refuses past 10 an hour for one email, from any number of addresses', async () => {
    const email = newEmail();
    const answers = await Promise.all(Array.from({ length: 14 }, () => start({ email })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(4);
  });

  it('counts an IPv6 client by its /64', async () => {
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        start({ email: newEmail() }, { ip: `2001:db8:77:1::${(i + 1).toString(16)}` }),
      ),
    );
    expect(answers.filter((res) => res.status === 429)).toHaveLength(1);
    expect((await start({ email: newEmail() }, { ip: '2001:db8:77:2::1' })).status).toBe(201);
  });
});

describe('a gift card refunded and redeemed at the same moment', () => {
  /** A gift card bought by a signed-in buyer: its order, code and the buyer's session. */
  async function boughtGift() {
    const buyer = await kit.createUser();
    const token = await kit.login(buyer.email, buyer.password);
    const started = await kit.call(`${base}/web/checkout`, {
      token,
      body: { plan_id: 'p12m', kind: 'gift' },
    });
    const { orderId, sandboxId } = startedCheckout(started);
    await approveInSandbox(sandbox, sandboxId);
    const paid = await kit.call(`${base}/web/checkout/${orderId}/capture`, {
      method: 'POST',
      token,
    });
    return { orderId, token, code: data(paid).gift_code ?? '' };
  }

  it('lets exactly one of them through, every time', async () => {
    const redeemer = await kit.createUser();
    const redeemerToken = await kit.login(redeemer.email, redeemer.password);
    const [redeemerRow] = await db().select().from(users).where(eq(users.email, redeemer.email));
    const outcomes = { refund: 0, redeem: 0 };
    for (let round = 0; round < 12; round += 1) {
      const gift = await boughtGift();
      const before = (
        await db()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, redeemerRow?.id ?? ''))
      )[0]?.premiumUntil;
      // Several of each at once, in an order that changes with the round.
      const calls = [
        ...Array.from(
          { length: 3 },
          () => () =>
            kit.call(`${base}/web/refund`, {
              token: gift.token,
              body: { order_id: gift.orderId, reason: 'changed my mind' },
            }),
        ),
        ...Array.from(
          { length: 3 },
          () => () =>
            kit.call(`${base}/gift/redeem`, { token: redeemerToken, body: { code: gift.code } }),
        ),
      ];
      if (round % 2) calls.reverse();
      const answers = await Promise.all(calls.map((call) => call()));
      const refunds = answers.slice(0, 3).filter((res) => res.status === 200).length;
      const redeems = answers.slice(3).filter((res) => res.status === 200).length;
      const [refundOk, redeemOk] = round % 2 ? [redeems, refunds] : [refunds, redeems];
      expect(refundOk + redeemOk, `round ${round}`).toBe(1);
      const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, gift.orderId));
      const [order] = await db().select().from(orders).where(eq(orders.id, gift.orderId));
      const after = (
        await db()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, redeemerRow?.id ?? ''))
      )[0]?.premiumUntil;
      if (refundOk) {
        outcomes.refund += 1;
        expect(card?.status).toMatch(/^(refunding|void)$/);
        expect(card?.redeemedBy).toBeNull();
        expect(after?.getTime()).toBe(before?.getTime());
      } else {
        outcomes.redeem += 1;
        expect(card?.status).toBe('redeemed');
        expect(order?.status).toBe('paid');
        expect(
          await db().select().from(refundRequests).where(eq(refundRequests.orderId, gift.orderId)),
        ).toEqual([]);
      }
    }
    expect(outcomes.refund + outcomes.redeem).toBe(12);
  });

  it('refuses a redemption once a refund was asked for, even while the refund is queued', async () => {
    const gift = await boughtGift();
    await db()
      .insert(refundRequests)
      .values({
        userId:
          (await db().select().from(orders).where(eq(orders.id, gift.orderId)))[0]?.userId ?? '',
        orderId: gift.orderId,
        reason: 'queued before the card was held',
        status: 'queued',
      });
    const redeemed = await kit.call(`${base}/gift/redeem`, {
      body: { code: gift.code, email: newEmail() },
    });
    expect(redeemed.body.code).toBe(40010);
  });

  it('takes the time back from the redeemer when the provider refunds a redeemed card', async () => {
    // A refund made at PayPal itself (its dashboard), outside the site's guard, then confirmed
    // by the PAYMENT.CAPTURE.REFUNDED webhook, which ends in recordRefund.
    const gift = await boughtGift();
    const email = newEmail();
    const redeemed = await kit.call(`${base}/gift/redeem`, { body: { code: gift.code, email } });
    expect(redeemed.status).toBe(200);
    const redeemer = await userByEmail(email);
    const premium = async () =>
      (
        await db()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, redeemer?.id ?? ''))
      )[0]?.premiumUntil ?? new Date(0);
    expect((await premium()).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    expect(await recordRefund(db(), gift.orderId)).toBe(true);
    expect((await premium()).getTime()).toBeLessThan(Date.now() + 60_000);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, gift.orderId));
    expect(card?.status).toBe('void');
  });

  it('refuses the refund of a redeemed card', async () => {
    const gift = await boughtGift();
    const redeemed = await kit.call(`${base}/gift/redeem`, {
      body: { code: gift.code, email: newEmail() },
    });
    expect(redeemed.status).toBe(200);
    const refund = await kit.call(`${base}/web/refund`, {
      token: gift.token,
      body: { order_id: gift.orderId, reason: 'too late' },
    });
    expect(refund.body.code).toBe(40011);
  });
});
