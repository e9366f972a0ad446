import { eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/server/api/errors';
import {
  accountEvents,
  analyticsEvents,
  billingSubscriptions,
  contactMessages,
  devices,
  emailChanges,
  giftCards,
  loginHandoffs,
  mailOutbox,
  mailQueue,
  mfaChallenges,
  newsletterSubscribers,
  orders,
  partnerApplications,
  passkeys,
  rateLimits,
  receipts,
  recoveryCodes,
  refundRequests,
  sandboxSubscriptions,
  sessions,
  surveyResponses,
  totpFactors,
  users,
  verificationCodes,
  webauthnChallenges,
} from '@/server/db/schema';
import { reconcileSubscription } from '@/server/payments/billing';
import { fulfilOrder } from '@/server/payments/fulfil';
import { newGiftCode } from '@/server/payments/gift-code';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit, type CallResult } from '../../../tests/support/account-api';
import { paypalSubscriptionKit } from '../../../tests/support/paypal-subscriptions';
import { approveInSandbox } from '../../../tests/support/sandbox-approval';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import { deleteAccount, deletionScope, emailDigest } from './deletion';
import { createUserWithPassword } from './users';

// Deleting an account: afterwards no table holds its email or its id (the whole database is
// searched, so a new table with personal data fails here until deletion.ts handles it), another
// account's rows are untouched, the payment records stay detached with the email's digest, a
// renewing subscription is cancelled at the provider first (and an unreachable provider leaves
// everything as it was), concurrent requests delete once, and the address can start again.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const sandbox = createSandboxProvider(db, 'http://localhost:3000');
const kit = accountKit(testDb, { payments: sandbox });
const paypalKit = paypalSubscriptionKit(testDb);

const now = new Date();
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);
const password = 'Start-pass1!';

function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

async function publicTables(): Promise<string[]> {
  const result = (await db().execute(
    sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}

/** Every row of every table, as PostgreSQL prints the row (`t::text`). */
async function everyRow(): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of await publicTables()) {
    const result = (await db().execute(
      sql`select t::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    all[table] = result.rows.map((r) => r.row).sort();
  }
  return all;
}

/**
 * Every row once the mails a purchase sends without waiting (receipts, welcome) are out: the
 * same two reads in a row.
 */
async function settledRows(): Promise<Record<string, string[]>> {
  let last = await everyRow();
  for (let tries = 0; tries < 40; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await everyRow();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('the database did not settle');
}

/** `table: row` for each row that contains one of `needles` (case-insensitive). */
function rowsNaming(all: Record<string, string[]>, needles: string[]): string[] {
  const lower = needles.map((needle) => needle.toLowerCase());
  return Object.entries(all).flatMap(([table, rows]) =>
    rows
      .filter((row) => lower.some((needle) => row.toLowerCase().includes(needle)))
      .map((row) => `${table}: ${row}`),
  );
}

const data = <T>(res: CallResult) => res.body.data as T;

/** Approves a sandbox checkout as the buyer's Pay button does. */
async function approve(approveUrl: string) {
  const id = decodeURIComponent(approveUrl.split('/').pop() ?? '');
  expect(await approveInSandbox(sandbox, id)).toBe(true);
}

/** A signed-in purchase on the sandbox, paid; answers the order id. */
async function buy(token: string, planId: string, kind: 'plan' | 'gift'): Promise<string> {
  const started = await kit.call(`${base}/web/checkout`, {
    token,
    body: { plan_id: planId, kind },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const order = data<{ order_id: string; approve_url: string }>(started);
  await approve(order.approve_url);
  const paid = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
    method: 'POST',
    token,
  });
  expect(data<{ status: string }>(paid).status, JSON.stringify(paid.body)).toBe('paid');
  return order.order_id;
}

let counter = 0;
/** An address no other test address contains, nor is contained in. */
const newEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;

/** A signed-in account with a password. */
async function newAccount(tag: string) {
  const email = newEmail(tag);
  await createUserWithPassword(db(), { email, password });
  const [user] = await db().select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user');
  return { email, userId: user.id, token: await kit.login(email, password) };
}

async function orderOf(orderId: string) {
  return only(await db().select().from(orders).where(eq(orders.id, orderId)));
}

/**
 * An account with rows in every table that can hold its data: a renewing plan and a gift card
 * bought through the API on the sandbox (orders, receipts, a subscription at the sandbox, premium,
 * mails, rate-limit counters, a session, sign-in events), and everything else inserted.
 */
async function fill(tag: string) {
  const { email, userId, token } = await newAccount(tag);
  const planOrderId = await buy(token, 'p6m', 'plan');
  const giftOrderId = await buy(token, 'p1m', 'gift');
  const planOrder = await orderOf(planOrderId);
  const billing = only(
    await db()
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.firstOrderId, planOrderId)),
  );
  expect(billing.status).toBe('active');
  const d = db();

  const device = only(
    await d
      .insert(devices)
      .values({ userId, appType: 101, deviceUserId: `${tag}-install`, name: `${tag} Pixel` })
      .returning(),
  );
  await d.insert(sessions).values({
    userId,
    deviceId: device.id,
    tokenHash: `${tag}-${counter}-app-token`,
    expiresAt: at(30),
    userAgent: `${tag}-browser`,
    country: 'DE',
    reauthAt: at(0),
  });
  await d
    .insert(loginHandoffs)
    .values({ userId, codeHash: `${tag}-${counter}-handoff`, expiresAt: at(1) });
  await d.insert(accountEvents).values({ userId, kind: 'device_added', country: 'FR' });
  await d
    .insert(totpFactors)
    .values({ userId, secret: `${tag.toUpperCase()}SECRET`, enabledAt: at(-3) });
  await d.insert(recoveryCodes).values([
    { userId, codeHash: `${tag}-${counter}-recovery-1` },
    { userId, codeHash: `${tag}-${counter}-recovery-2`, usedAt: at(-1) },
  ]);
  await d
    .insert(mfaChallenges)
    .values({ userId, tokenHash: `${tag}-${counter}-mfa`, expiresAt: at(1) });
  await d.insert(passkeys).values({
    userId,
    credentialId: `${tag}-${counter}-credential`,
    publicKey: `${tag}-public-key`,
    name: `${tag} iCloud Keychain`,
    deviceType: 'multiDevice',
  });
  await d.insert(webauthnChallenges).values({
    userId,
    purpose: 'reauth',
    challenge: `${tag}-${counter}-challenge`,
    expiresAt: at(1),
  });
  await d.insert(emailChanges).values({
    userId,
    newEmail: newEmail(`${tag}-new`),
    codeHash: `${tag}-${counter}-email-code`,
    expiresAt: at(1),
  });
  await d.insert(verificationCodes).values({ email, codeHash: `${tag}-code`, expiresAt: at(1) });
  await d.insert(newsletterSubscribers).values({
    email,
    locale: 'de',
    status: 'confirmed',
    unsubscribeToken: `${tag}-${counter}-unsubscribe`,
  });
  // The forms keep the address as typed.
  await d.insert(contactMessages).values({
    email: ` ${email.toUpperCase()}`,
    name: `${tag} Writer`,
    inquiry: 'Where is my receipt?',
    locale: 'en',
  });
  await d.insert(partnerApplications).values({
    programme: 'affiliate',
    name: `${tag} Partner`,
    email,
    channels: [`https://${tag}.example/blog`],
    audience: '10k',
    country: 'DE',
    locale: 'en',
  });
  // The uninstall survey is anonymous, unless someone writes their address into it.
  await d
    .insert(surveyResponses)
    .values([{ reasons: ['slow'], comment: `Write to me: ${email.toUpperCase()}.`, locale: 'en' }]);
  await d.insert(rateLimits).values([
    { key: `login-account:${email}`, points: 3, expire: at(1) },
    { key: `mfa-account:${userId}`, points: 2, expire: at(1) },
  ]);
  await d.insert(analyticsEvents).values([
    {
      eventTime: at(-1),
      eventTimestamp: at(-1).getTime(),
      eventName: `${tag}_page_view`,
      eventParams: [{ key: 'page', value: '/pricing' }],
      userId,
    },
    {
      eventTime: at(-1),
      eventTimestamp: at(-1).getTime(),
      eventName: `${tag}_login`,
      eventParams: [],
      userId: userId.toUpperCase(),
    },
  ]);
  // Mail on its way to the address, a failure kept for the operator, and the team's notice of
  // its contact message (Reply-To: the sender).
  await d.insert(mailQueue).values([
    { kind: 'reset-code', to: email, subject: 'Your code', text: '123456', html: '<b>123456</b>' },
    { kind: 'receipt', to: email, subject: 'Receipt', status: 'failed', lastError: '550' },
    {
      kind: 'form-notification',
      to: 'team@example.org',
      subject: `Contact form: ${tag}`,
      text: `From ${email.toUpperCase()}: Where is my receipt?`,
      html: `<p>From ${email}</p>`,
      headers: { 'Reply-To': email },
    },
  ]);
  await d
    .insert(mailOutbox)
    .values({ to: email, subject: 'Welcome', text: 'Hi', html: '<p>Hi</p>' });
  await d
    .insert(refundRequests)
    .values({ userId, orderId: planOrderId, reason: `I am ${email}, refund me`, status: 'queued' });
  // A checkout with the address (no session) never paid: no account until paid.
  const guestOrder = only(
    await d
      .insert(orders)
      .values({
        buyerEmail: email,
        kind: 'plan',
        planId: 'p1m',
        productId: planOrder.productId,
        amount: '11.99',
        currency: 'USD',
        provider: 'sandbox',
        checkoutTokenHash: `${tag}-${counter}-checkout-token`,
        checkoutTokenExpiresAt: at(1),
      })
      .returning(),
  );
  // A gift card someone else bought, redeemed by this account.
  const giverOrder = only(
    await d
      .insert(orders)
      .values({
        buyerEmail: newEmail(`${tag}-giver`),
        kind: 'gift',
        planId: 'p1m',
        productId: planOrder.productId,
        amount: '11.99',
        currency: 'USD',
        provider: 'sandbox',
        status: 'paid',
        paidAt: at(-2),
        captureId: `${tag}-${counter}-giver-capture`,
      })
      .returning(),
  );
  const redeemed = only(
    await d
      .insert(giftCards)
      .values({
        code: newGiftCode(),
        orderId: giverOrder.id,
        planId: 'p1m',
        productId: planOrder.productId,
        status: 'redeemed',
        redeemedBy: userId,
        redeemedAt: at(-1),
      })
      .returning(),
  );

  return {
    tag,
    email,
    userId,
    token,
    planOrderId,
    giftOrderId,
    guestOrderId: guestOrder.id,
    billingId: billing.id,
    providerSubscriptionId: billing.providerSubscriptionId,
    redeemedCardId: redeemed.id,
  };
}

type Filled = Awaited<ReturnType<typeof fill>>;

/** What identifies an account's rows: its email, id, orders and subscription. */
const markersOf = (f: Filled) => [
  f.email,
  f.userId,
  f.planOrderId,
  f.giftOrderId,
  f.guestOrderId,
  f.billingId,
];

async function accountOrders(f: Filled) {
  return db()
    .select()
    .from(orders)
    .where(inArray(orders.id, [f.planOrderId, f.giftOrderId, f.guestOrderId]));
}

describe('deleteAccount', () => {
  it('has a decision for every table of the database', async () => {
    const tables = await publicTables();
    expect(tables.length).toBeGreaterThan(30);
    const decided = Object.keys(deletionScope);
    // A new table must say here (deletion.ts) what deleting an account does to it.
    expect(
      tables.filter((name) => !decided.includes(name)),
      'undecided tables',
    ).toEqual([]);
    expect(
      decided.filter((name) => !tables.includes(name)),
      'gone tables',
    ).toEqual([]);
  });

  it('digests the normalised email with SHA-256', () => {
    expect(emailDigest(' Ann@Example.COM ')).toBe(
      'sha256:71d4f55f72fa128dfb468a1a3901507c804b74316488744d769d7f4b16696476',
    );
    expect(emailDigest('ann@example.com')).toBe(emailDigest('ANN@example.com'));
  });

  let deleted: Filled | undefined;

  it('leaves nothing of the account in any table, keeps the payment records detached, and touches no one else', async () => {
    const gone = await fill('gone');
    const other = await fill('other');
    const keptBefore = await accountOrders(gone);
    const receiptsBefore = await db()
      .select()
      .from(receipts)
      .where(inArray(receipts.orderId, [gone.planOrderId, gone.giftOrderId]));
    expect(receiptsBefore.length).toBe(2);
    const cardBefore = only(
      await db().select().from(giftCards).where(eq(giftCards.orderId, gone.giftOrderId)),
    );
    const eventsBefore = await db()
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(like(analyticsEvents.eventName, 'gone_%'));
    expect(eventsBefore).toHaveLength(2);
    const before = await settledRows();
    // The fill reached every table that can hold something of an account.
    const reached = new Set(
      rowsNaming(before, markersOf(gone)).map((line) => line.slice(0, line.indexOf(':'))),
    );
    for (const table of [
      'users',
      'devices',
      'sessions',
      'login_handoffs',
      'account_events',
      'subscriptions',
      'totp_factors',
      'recovery_codes',
      'mfa_challenges',
      'passkeys',
      'webauthn_challenges',
      'email_changes',
      'verification_codes',
      'newsletter_subscribers',
      'contact_messages',
      'partner_applications',
      'survey_responses',
      'rate_limits',
      'mail_queue',
      'mail_outbox',
      'analytics_events',
      'orders',
      'billing_subscriptions',
      'receipts',
      'refund_requests',
      'gift_cards',
    ]) {
      expect(reached.has(table), `the fill put nothing in ${table}`).toBe(true);
    }

    const result = await deleteAccount(db(), sandbox, { userId: gone.userId });
    expect(result).toEqual({ email: gone.email, autoRenewalCancelled: true });
    deleted = gone;

    const after = await everyRow();
    expect(rowsNaming(after, [gone.email, gone.userId]), 'rows still naming the account').toEqual(
      [],
    );
    // Every row about the other account is exactly as it was.
    const otherBefore = rowsNaming(before, markersOf(other));
    const otherAfter = rowsNaming(after, markersOf(other));
    expect(otherBefore.length).toBeGreaterThan(25);
    expect(otherAfter).toEqual(otherBefore);

    // Cancelled at the provider (the sandbox's own record) before anything was deleted.
    const remote = only(
      await db()
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, gone.providerSubscriptionId)),
    );
    expect(remote.status).toBe('CANCELLED');
    const billing = only(
      await db()
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, gone.billingId)),
    );
    expect(billing).toMatchObject({ userId: null, status: 'cancelled', nextRenewalAt: null });

    // The payment records stay, amounts and numbers intact, owned by no one but the digest.
    const digest = emailDigest(gone.email);
    const kept = await accountOrders(gone);
    expect(kept).toHaveLength(3);
    for (const order of kept) {
      const was = keptBefore.find((row) => row.id === order.id);
      expect(order).toMatchObject({
        userId: null,
        buyerEmail: digest,
        amount: was?.amount,
        currency: was?.currency,
        captureId: was?.captureId ?? null,
        providerOrderId: was?.providerOrderId ?? null,
        paidAt: was?.paidAt ?? null,
        checkoutTokenHash: null,
        checkoutTokenExpiresAt: null,
      });
    }
    expect(kept.find((o) => o.id === gone.planOrderId)?.status).toBe('paid');
    expect(kept.find((o) => o.id === gone.giftOrderId)?.status).toBe('paid');
    // The checkout never paid is closed: its tab can no longer follow it.
    expect(kept.find((o) => o.id === gone.guestOrderId)).toMatchObject({
      status: 'cancelled',
      failureReason: 'account deleted',
    });
    const receiptsAfter = await db()
      .select()
      .from(receipts)
      .where(inArray(receipts.orderId, [gone.planOrderId, gone.giftOrderId]));
    expect(receiptsAfter.map((r) => [r.id, r.number, r.kind, r.periodEnd?.getTime()])).toEqual(
      receiptsBefore.map((r) => [r.id, r.number, r.kind, r.periodEnd?.getTime()]),
    );
    expect(
      await db().select().from(giftCards).where(eq(giftCards.orderId, gone.giftOrderId)),
    ).toEqual([cardBefore]);
    const redeemed = only(
      await db().select().from(giftCards).where(eq(giftCards.id, gone.redeemedCardId)),
    );
    expect(redeemed).toMatchObject({ status: 'redeemed', redeemedBy: null });
    const refund = only(
      await db().select().from(refundRequests).where(eq(refundRequests.orderId, gone.planOrderId)),
    );
    expect(refund).toMatchObject({ userId: null, reason: '', status: 'queued' });
    // The analytics events stay, anonymous.
    const eventsAfter = await db()
      .select({ id: analyticsEvents.id, userId: analyticsEvents.userId })
      .from(analyticsEvents)
      .where(like(analyticsEvents.eventName, 'gone_%'));
    expect(eventsAfter.map((e) => e.id).sort()).toEqual(eventsBefore.map((e) => e.id).sort());
    expect(eventsAfter.every((e) => e.userId === null)).toBe(true);

    // Its session is no longer one.
    const profile = await kit.call('/api/mms/account/v1/web/profile', { token: gone.token });
    expect(profile.status).toBe(401);
  });

  it('never gives a detached order an account again, even when its payment arrives late', async () => {
    if (!deleted) throw new Error('runs after the deletion above');
    const late = await fulfilOrder(db(), deleted.guestOrderId, {
      id: 'LATE-CAPTURE',
      status: 'COMPLETED',
      amount: '11.99',
      currency: 'USD',
    });
    // Nothing granted; the capture is recorded on a failed order, for a person to refund.
    expect(late.granted).toBe(false);
    expect(await orderOf(deleted.guestOrderId)).toMatchObject({
      userId: null,
      status: 'failed',
      failureReason: 'account deleted',
      captureId: 'LATE-CAPTURE',
    });
    expect(await db().select().from(users).where(like(users.email, 'sha256:%'))).toEqual([]);
  });

  it('lets the same email buy again as a new account, which the old orders never join', async () => {
    if (!deleted) throw new Error('runs after the deletion above');
    const { email, userId: oldId } = deleted;
    const started = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p1m', email: email.toUpperCase() },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const order = data<{ order_id: string; approve_url: string }>(started);
    const cookie =
      started.setCookies.find((line) => line.startsWith('checkout_token='))?.split(';')[0] ?? '';
    await approve(order.approve_url);
    const paid = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
      method: 'POST',
      cookie,
    });
    expect(data(paid), JSON.stringify(paid.body)).toMatchObject({
      status: 'paid',
      set_password: true,
    });
    const account = only(await db().select().from(users).where(eq(users.email, email)));
    expect(account.id).not.toBe(oldId);
    expect((await orderOf(order.order_id)).userId).toBe(account.id);
    // The old orders stay detached; the new account's history is its own purchase only.
    for (const old of await accountOrders(deleted)) expect(old.userId).toBeNull();
    const session =
      paid.setCookies.find((line) => line.startsWith('paypal_token='))?.split(';')[0] ?? '';
    const mine = await kit.call(`${base}/web/subscription_my`, { cookie: session });
    expect(data<{ history: unknown[] }>(mine).history).toHaveLength(1);
  });

  it('never charges for a checkout approved at PayPal after the account was deleted', async () => {
    const { userId, token } = await newAccount('late-approval');
    const started = await kit.call(`${base}/web/checkout`, {
      token,
      body: { plan_id: 'p6m', kind: 'plan' },
    });
    const order = data<{ order_id: string; approve_url: string }>(started);
    await deleteAccount(db(), sandbox, { userId });
    // The buyer still had PayPal's page open and approves there.
    await approve(order.approve_url);
    const billing = only(
      await db()
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.firstOrderId, order.order_id)),
    );
    const outcome = await reconcileSubscription(db(), sandbox, billing);
    expect(outcome.activated).toBeUndefined();
    expect(outcome.status).toBe('cancelled');
    const remote = only(
      await db()
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, billing.providerSubscriptionId)),
    );
    expect(remote.status).toBe('CANCELLED');
    const after = await orderOf(order.order_id);
    expect(after.userId).toBeNull();
    expect(after.status).not.toBe('paid');
    // Whatever PayPal took for the first cycle is on the order, for a person to refund.
    if (after.captureId)
      expect(after).toMatchObject({ status: 'failed', failureReason: 'account deleted' });
    expect(await db().select().from(users).where(like(users.email, 'sha256:%'))).toEqual([]);
  });

  it('deletes once when asked ten times at once; the others fail cleanly', async () => {
    const { userId, token } = await newAccount('race');
    const orderId = await buy(token, 'p6m', 'plan');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => deleteAccount(db(), sandbox, { userId })),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const failed = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(done).toHaveLength(1);
    expect(failed).toHaveLength(9);
    for (const error of failed) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(50008);
    }
    expect(await db().select().from(users).where(eq(users.id, userId))).toEqual([]);
    const billing = only(
      await db()
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.firstOrderId, orderId)),
    );
    expect(billing).toMatchObject({ userId: null, status: 'cancelled' });
    expect(
      only(
        await db()
          .select()
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, billing.providerSubscriptionId)),
      ).status,
    ).toBe('CANCELLED');
    expect((await orderOf(orderId)).userId).toBeNull();
    // Asked again later: the account is gone.
    await expect(deleteAccount(db(), sandbox, { userId })).rejects.toMatchObject({ code: 50008 });
  });

  it("keeps another account's orders with the address, and what merely contains it", async () => {
    const { email, userId } = await newAccount('near');
    // Bought without a session with this address by an account whose address changed since.
    const elsewhere = await newAccount('elsewhere');
    const theirs = only(
      await db()
        .insert(orders)
        .values({
          userId: elsewhere.userId,
          buyerEmail: email,
          kind: 'gift',
          planId: 'p1m',
          productId: 'v2.tvpn.web.vip.usd.1m',
          amount: '11.99',
          currency: 'USD',
          provider: 'sandbox',
          status: 'paid',
          paidAt: at(-30),
        })
        .returning(),
    );
    const lookalike = `x${email}`;
    await db()
      .insert(mailQueue)
      .values([
        { kind: 'reset-code', to: lookalike, subject: 'Your code', text: `Hello ${lookalike}.` },
        { kind: 'reset-code', to: email, subject: 'Your code', text: 'Hello' },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: `code-hour:${lookalike}`, points: 1 },
        { key: `code-hour:${email}`, points: 1 },
      ]);
    await deleteAccount(db(), sandbox, { userId });
    expect(
      (
        await db()
          .select()
          .from(mailQueue)
          .where(inArray(mailQueue.to, [email, lookalike]))
      ).map((m) => m.to),
    ).toEqual([lookalike]);
    expect(
      (
        await db()
          .select()
          .from(rateLimits)
          .where(inArray(rateLimits.key, [`code-hour:${lookalike}`, `code-hour:${email}`]))
      ).map((r) => r.key),
    ).toEqual([`code-hour:${lookalike}`]);
    expect(await orderOf(theirs.id)).toEqual(theirs);
  });
});

describe('deleteAccount with PayPal', () => {
  const { fake, paypal, subscribed, orderRow, billingOf } = paypalKit;

  it('cancels the renewing subscription at PayPal; when PayPal is down, changes nothing', async () => {
    const started = await subscribed('p6m');
    const userId = (await orderRow(started.orderId)).userId ?? '';
    expect(fake().subscription(started.subscriptionId)).toMatchObject({ status: 'ACTIVE' });

    const before = await settledRows();
    fake().failNext(1, 'down', { path: '/cancel' });
    const refused = await deleteAccount(db(), paypal(), { userId }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 50301 });
    expect(await everyRow()).toEqual(before);
    expect(fake().subscription(started.subscriptionId)).toMatchObject({ status: 'ACTIVE' });

    const result = await deleteAccount(db(), paypal(), { userId });
    expect(result).toEqual({ email: started.email, autoRenewalCancelled: true });
    expect(fake().subscription(started.subscriptionId)).toMatchObject({ status: 'CANCELLED' });
    expect(await billingOf(started)).toMatchObject({ status: 'cancelled', userId: null });
    expect(rowsNaming(await everyRow(), [started.email, userId])).toEqual([]);
  });
});
