import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, plans, promotions } from '@/server/db/schema';
import { outboxFor } from '@/server/mail/queries';
import { retryQueuedRefunds } from '@/server/payments/refunds';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit, type CallResult, freshIp } from '../../../../tests/support/account-api';
import { approveInSandbox } from '../../../../tests/support/sandbox-approval';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// The payments API end to end on the built-in sandbox provider (the PayPal adapter's own flows
// against a fake PayPal are in payments-paypal.test.ts).

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const sandbox = createSandboxProvider(() => testDb().handle.db, 'http://localhost:3000');
const kit = accountKit(testDb, { payments: sandbox });
const db = () => testDb().handle.db;

interface OrderData {
  order_id: string;
  status: string;
  approve_url: string;
  premium_until: string | null;
  gift_code: string | null;
  set_password: boolean;
  state: string;
  email: string;
}

const data = <T = OrderData>(res: CallResult) => res.body.data as T;

/** name=value of a Set-Cookie, for the next request's Cookie header. */
function cookieOf(res: CallResult, name: string): string {
  const line = res.setCookies.find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(res.setCookies)}`);
  return line.split(';')[0] ?? '';
}

let emailCounter = 0;
const newEmail = () => `buyer${++emailCounter}-${Date.now()}@example.com`;

/** Approves the sandbox order behind an approve URL, as the buyer's click on Pay does. */
async function approve(approveUrl: string) {
  const id = decodeURIComponent(approveUrl.split('/').pop() ?? '');
  expect(await approveInSandbox(sandbox, id)).toBe(true);
}

async function buy(options: { plan_id?: string; kind?: 'plan' | 'gift'; token?: string } = {}) {
  const email = newEmail();
  const started = await kit.call(`${base}/web/checkout`, {
    token: options.token,
    body: {
      plan_id: options.plan_id ?? 'p24m',
      kind: options.kind ?? 'plan',
      ...(options.token ? {} : { email }),
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const order = data(started);
  const cookie = options.token ? undefined : cookieOf(started, 'checkout_token');
  await approve(order.approve_url);
  const captured = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
    method: 'POST',
    token: options.token,
    cookie,
  });
  expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  return { email, order, cookie, captured };
}

describe('plans', () => {
  it('lists the four default offers, 24 months recommended at 4.17 USD a month', async () => {
    const res = await kit.call(`${base}/providers/plans`);
    expect(res.status).toBe(200);
    const list = data<{ plans: Record<string, unknown>[] }>(res).plans;
    expect(list.map((p) => p.id)).toEqual(['p24m', 'p12m', 'p6m', 'p1m']);
    expect(list[0]).toEqual({
      id: 'p24m',
      product_id: 'v2.tvpn.web.vip.usd.24m.off65',
      interval_count: 24,
      interval_unit: 'MONTH',
      price: '99.99',
      price_unit: '4.17',
      currency: 'USD',
      discount_percent: 65,
      is_recommend: true,
      renewal_price: '50.00',
      renewal_interval_count: 1,
      renewal_interval_unit: 'YEAR',
    });
    const monthly = list.map((p) => Number(p.price_unit));
    expect(Math.min(...monthly)).toBe(4.17);
    expect(Math.max(...monthly)).toBe(11.99);
  });

  it('serves a channel its own catalogue from the query, the cookie or X-From', async () => {
    await db().insert(plans).values({
      id: 'partner-12m',
      channel: 'partner',
      productId: 'v2.tvpn.web.vip.usd.12m.off60',
      intervalCount: 12,
      intervalUnit: 'MONTH',
      price: '57.55',
      priceUnit: '4.80',
      discountPercent: 60,
      isRecommend: true,
    });
    const ids = (res: CallResult) => data<{ plans: { id: string }[] }>(res).plans.map((p) => p.id);
    expect(ids(await kit.call(`${base}/providers/plans?channel=partner`))).toEqual(['partner-12m']);
    expect(ids(await kit.call(`${base}/providers/plans`, { cookie: 'channel=partner' }))).toEqual([
      'partner-12m',
    ]);
    expect(
      ids(await kit.call(`${base}/providers/plans`, { headers: { 'X-From': 'partner' } })),
    ).toEqual(['partner-12m']);
    // Unknown or malformed channels get the default catalogue.
    expect(ids(await kit.call(`${base}/providers/plans?channel=nobody`))).toHaveLength(4);
    expect(ids(await kit.call(`${base}/providers/plans?channel=%27%3B--`))).toHaveLength(4);
  });
});

describe('checkout with the sandbox provider', () => {
  it('creates an account from the email, pays once, and signs the buyer in to set a password', async () => {
    const email = newEmail();
    const started = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p24m', email: `  ${email.toUpperCase()} ` },
    });
    expect(started.status).toBe(201);
    const order = data(started);
    expect(order).toMatchObject({ status: 'created', email, premium_until: null });
    expect(order.approve_url).toMatch(/\/api\/mms\/payment\/v1\/sandbox\/checkout\/SBX/);
    const cookie = cookieOf(started, 'checkout_token');
    expect(started.setCookies.join()).toMatch(/HttpOnly/i);

    const capture = () =>
      kit.call(`${base}/web/checkout/${order.order_id}/capture`, { method: 'POST', cookie });
    const early = await capture();
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(40904);

    await approve(order.approve_url);
    const paid = await capture();
    expect(data(paid)).toMatchObject({ status: 'paid', state: 'paid', set_password: true });
    const session = cookieOf(paid, 'paypal_token');
    const until = new Date(data(paid).premium_until ?? '');
    const months = (until.getTime() - Date.now()) / (30.44 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(23.5);
    expect(months).toBeLessThan(24.5);

    // Captured again by the signed-in buyer (a second tab, a retry): the same answer, no second
    // grant. The checkout cookie signed in once and signs nobody in any more.
    const again = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
      method: 'POST',
      cookie: session,
    });
    expect(data(again).premium_until).toBe(data(paid).premium_until);
    const replayed = await capture();
    expect(replayed.setCookies.some((line) => line.startsWith('paypal_token='))).toBe(false);
    expect(data(replayed).set_password).toBe(false);

    const mine = await kit.call(`${base}/web/subscription_my`, { cookie: session });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      is_premium: true,
      subscription: { plan_id: 'p24m', status: 'active', source: 'website' },
      history: [{ label: 'Paid', amount: '99.99', currency: 'USD', refund: { eligible: true } }],
    });

    const setPassword = await kit.call('/api/mms/account/v1/web/set_password', {
      cookie: session,
      body: { password: 'Chosen-pass1!' },
    });
    expect(setPassword.status).toBe(200);
    expect(await kit.login(email, 'Chosen-pass1!')).toMatch(/^[\w-]{40,}$/);
  });

  it('asks for the email, and refuses a malformed one or an unknown plan, changing nothing', async () => {
    const before = (await db().select().from(orders)).length;
    const noEmail = await kit.call(`${base}/web/checkout`, { body: { plan_id: 'p24m' } });
    expect(noEmail.body).toMatchObject({ code: 400, message: 'Please Enter Email' });
    const bad = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p24m', email: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/! Invalid Email provide/);
    const plan = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'nope', email: newEmail() },
    });
    expect(plan.body.code).toBe(40402);
    const wrongType = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 42, email: newEmail(), kind: 'free' },
    });
    expect(wrongType.status).toBe(400);
    expect((await db().select().from(orders)).length).toBe(before);
  });

  it('sends an email that has a password to log in first', async () => {
    const user = await kit.createUser();
    const res = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p1m', email: user.email },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 40903 });
  });

  it('refuses the plan an account already holds, and lets it upgrade to another', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const first = await buy({ plan_id: 'p1m', token });
    expect(data(first.captured).set_password).toBe(false);
    const same = await kit.call(`${base}/web/checkout`, { token, body: { plan_id: 'p1m' } });
    expect(same.body).toEqual({
      code: 40902,
      message: 'The plan had purchased. You can upgrade the new plan.',
    });
    const upgrade = await buy({ plan_id: 'p12m', token });
    const until = new Date(data(upgrade.captured).premium_until ?? '').getTime();
    // 1 month + 12 months + 3 bonus months, counted on from the first period's end.
    const months = (until - Date.now()) / (30.44 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(15.5);
    expect(months).toBeLessThan(16.5);
  });

  it('shows an order only to its account or the browser that started it', async () => {
    const started = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p24m', email: newEmail() },
    });
    const order = data(started);
    const cookie = cookieOf(started, 'checkout_token');
    expect((await kit.call(`${base}/web/checkout/${order.order_id}`, { cookie })).status).toBe(200);
    const stranger = await kit.createUser();
    const token = await kit.login(stranger.email, stranger.password);
    for (const attempt of [
      kit.call(`${base}/web/checkout/${order.order_id}`),
      kit.call(`${base}/web/checkout/${order.order_id}`, { token }),
      kit.call(`${base}/web/checkout/${order.order_id}`, { cookie: 'checkout_token=forged' }),
      kit.call(`${base}/web/checkout/../../etc/passwd`),
      kit.call(`${base}/web/checkout/${order.order_id}/capture`, { method: 'POST', token }),
    ]) {
      const res = await attempt;
      expect([404]).toContain(res.status);
    }
  });

  it('records a cancelled payment, which its checkout cookie then only sees cancelled', async () => {
    const started = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p6m', email: newEmail() },
    });
    const order = data(started);
    const cookie = cookieOf(started, 'checkout_token');
    const cancelled = await kit.call(`${base}/web/checkout/${order.order_id}/cancel`, {
      method: 'POST',
      cookie,
    });
    expect(data(cancelled).status).toBe('cancelled');
    await approve(order.approve_url);
    const late = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
      method: 'POST',
      cookie,
    });
    // The browser's capture takes nothing from a cancelled order (a late approval at PayPal is
    // the webhook's to capture) and signs nobody in.
    expect(late.status).toBe(200);
    expect(data(late)).toMatchObject({ status: 'cancelled', state: 'cancelled' });
    expect(late.setCookies.some((line) => line.startsWith('paypal_token='))).toBe(false);
    const seen = await kit.call(`${base}/web/checkout/${order.order_id}`, { cookie });
    expect(data(seen).status).toBe('cancelled');
  });

  it('stores the channel, UTM tags and affiliate ids present at purchase', async () => {
    const utm = encodeURIComponent(JSON.stringify({ front_id: 'f1', utm_source: 'news' }));
    const res = await kit.call(`${base}/web/checkout`, {
      cookie: `channel=partner; cje=evt-1; cf-click=cf9; _aid=adm7; utm_tags=${utm}`,
      body: { plan_id: 'p24m', email: newEmail() },
    });
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, data(res).order_id));
    expect(row?.attribution).toMatchObject({
      channel: 'partner',
      cje: 'evt-1',
      cf_click: 'cf9',
      aid: 'adm7',
    });
  });
});

describe('gift cards', () => {
  it('sells a code that redeems once, creating and signing in the account', async () => {
    const { captured } = await buy({ kind: 'gift', plan_id: 'p12m' });
    const code = data(captured).gift_code ?? '';
    expect(code).toMatch(/^([A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}$/);
    // A gift is not premium time for the buyer.
    expect(data(captured).premium_until).toBeNull();

    const friend = newEmail();
    const redeemed = await kit.call(`${base}/gift/redeem`, {
      body: { code: code.toLowerCase(), email: friend, language: 'de' },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toMatchObject({
      email: friend,
      signed_in: true,
      set_password: true,
    });
    // The account it made is welcomed in the page's language, once.
    let welcome = await outboxFor(db(), friend);
    for (let waited = 0; welcome.length === 0 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      welcome = await outboxFor(db(), friend);
    }
    expect(welcome.map((mail) => mail.subject)).toEqual(['Willkommen bei Turbo VPN']);
    expect(welcome[0]?.text).toContain('http://localhost:3000/de/forgetPassword');
    const session = cookieOf(redeemed, 'paypal_token');
    const mine = await kit.call(`${base}/web/subscription_my`, { cookie: session });
    expect(mine.body.data).toMatchObject({
      is_premium: true,
      history: [{ label: 'Success', kind: 'redeem' }],
    });

    const twice = await kit.call(`${base}/gift/redeem`, { body: { code, email: newEmail() } });
    expect(twice.body.code).toBe(40905);
  });

  it('refuses unknown and malformed codes alike and limits attempts per address', async () => {
    const ip = '198.51.100.77';
    const unknown = await kit.call(`${base}/gift/redeem`, {
      ip,
      body: { code: 'AAAA-BBBB-CCCC-DDDD', email: newEmail() },
    });
    expect(unknown.body.code).toBe(40010);
    const malformed = await kit.call(`${base}/gift/redeem`, {
      ip,
      body: { code: "' OR 1=1 --", email: newEmail() },
    });
    expect(malformed.body.code).toBe(40010);
    let last: CallResult | undefined;
    for (let i = 0; i < 10; i++) {
      last = await kit.call(`${base}/gift/redeem`, {
        ip,
        body: { code: 'AAAA-BBBB-CCCC-DDDE', email: newEmail() },
      });
    }
    expect(last?.status).toBe(429);
  });
});

describe('refunds', () => {
  it('refunds a website purchase within 30 days once, taking the time back', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const { order } = await buy({ plan_id: 'p6m', token });
    const noReason = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.order_id, reason: '' },
    });
    expect(noReason.status).toBe(400);
    const refund = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.order_id, reason: 'The speed was not what I needed.' },
    });
    expect(refund.body.data).toEqual({ status: 'refunded' });
    const mine = await kit.call(`${base}/web/subscription_my`, { token });
    expect(mine.body.data).toMatchObject({
      is_premium: false,
      history: [{ label: 'Refunded', refund: { eligible: false, status: 'refunded' } }],
    });
    const again = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.order_id, reason: 'Once more please' },
    });
    expect(again.body.code).toBe(40011);
  });

  it('refuses purchases older than 30 days and other accounts’ orders', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const { order } = await buy({ plan_id: 'p1m', token });
    await db()
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(orders.id, order.order_id));
    const late = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.order_id, reason: 'Too late to ask' },
    });
    expect(late.body.code).toBe(40011);
    const other = await kit.createUser();
    const otherToken = await kit.login(other.email, other.password);
    const theirs = await kit.call(`${base}/web/refund`, {
      token: otherToken,
      body: { order_id: order.order_id, reason: 'Not my order' },
    });
    expect(theirs.body.code).toBe(40403);
  });

  it('queues a refund the provider cannot take now and sends it later', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const { order } = await buy({ plan_id: 'p1m', token });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    const capture = row?.captureId ?? '';
    // Lose the capture id for a moment: the provider cannot find it and refuses.
    await db().update(orders).set({ captureId: null }).where(eq(orders.id, order.order_id));
    const queued = await kit.call(`${base}/web/refund`, {
      token,
      body: { order_id: order.order_id, reason: 'Please refund' },
    });
    expect(queued.body.data).toEqual({ status: 'queued' });
    await db().update(orders).set({ captureId: capture }).where(eq(orders.id, order.order_id));
    expect(await retryQueuedRefunds(db(), sandbox)).toBe(1);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    expect(after?.status).toBe('refunded');
  });
});

describe('promotion', () => {
  it('reports the seeded 2024 window as ended, and a running one as active', async () => {
    const ended = await kit.call(`${base}/promotion`);
    expect(ended.body.data).toMatchObject({
      promotion: {
        id: 'spring-2024',
        active: false,
        starts_at: '2024-03-25T03:00:00.000Z',
        ends_at: '2024-04-07T03:00:00.000Z',
        money_back_days: 7,
      },
    });
    await db()
      .insert(promotions)
      .values({
        id: 'now',
        planId: 'p24m',
        startsAt: new Date(Date.now() - 3600_000),
        endsAt: new Date(Date.now() + 3 * 24 * 3600_000),
      });
    const running = await kit.call(`${base}/promotion`);
    expect(running.body.data).toMatchObject({
      promotion: { id: 'now', active: true, plan: { id: 'p24m' } },
    });
    await db().delete(promotions).where(eq(promotions.id, 'now'));
  });
});

describe('the sandbox approval page', () => {
  it('renews, or fails to renew, a subscription now, recorded as PayPal’s renewals are', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const { order } = await buy({ plan_id: 'p1m', token });
    const path = new URL(order.approve_url).pathname;
    const premium = async () => {
      const mine = await kit.call(`${base}/web/subscription_my`, { token });
      return mine.body.data as {
        subscription: { premium_until: string; status: string };
        history: { kind: string }[];
      };
    };
    const before = Date.parse((await premium()).subscription.premium_until);
    const page = await (await kit.app().request(path)).text();
    expect(page).toContain('Renew now');
    const renew = (fail: boolean, origin = 'http://localhost') =>
      kit.app().request(`${path}/renew`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: fail ? 'fail=1' : '',
      });
    expect((await renew(false, 'https://evil.example')).status).toBe(400);
    const renewed = await renew(false);
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get('Location')).toMatch(/\?renewed=paid$/);
    const after = await premium();
    expect(after.history.filter((h) => h.kind === 'renewal')).toHaveLength(1);
    const days = (Date.parse(after.subscription.premium_until) - before) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await renew(true)).headers.get('Location')).toMatch(/\?renewed=failed$/);
    expect((await premium()).subscription.status).toBe('past_due');
  });

  it('approves only from this site and sends the buyer back to the return page', async () => {
    const started = await kit.call(`${base}/web/checkout`, {
      body: { plan_id: 'p1m', email: newEmail() },
    });
    const path = new URL(data(started).approve_url).pathname;
    const page = await kit.app().request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox subscription');
    const forged = await kit.app().request(`${path}/approve`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(400);
    const approved = await kit.app().request(`${path}/approve`, {
      method: 'POST',
      headers: { Origin: 'http://localhost' },
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('Location')).toMatch(
      new RegExp(
        `/paystatus/web\\?order=${data(started).order_id}&subscription_id=SBXSUB\\w+&token=SBXSUB`,
      ),
    );
  });

  // `PORT=3210 npm start`, opened at http://127.0.0.1:3210: Next's request URL names its own
  // host (http://localhost:3210) while the browser's Host and Origin say 127.0.0.1.
  const served = 'http://localhost:3210';
  const opened = 'http://127.0.0.1:3210';

  /** A request of the browser that opened the site at `host`. */
  function fromBrowser(path: string, host: string, init: RequestInit = {}) {
    return kit.app().request(`${served}${path}`, {
      ...init,
      headers: {
        Host: host,
        'app-type': '502',
        'X-Forwarded-For': freshIp(),
        ...(init.headers as Record<string, string>),
      },
    });
  }

  async function checkoutAt(host: string) {
    const res = await fromBrowser(`${base}/web/checkout`, host, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan_id: 'p1m', email: newEmail() }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: OrderData }).data;
  }

  it('opens on the origin the buyer is using, and takes Pay from there only', async () => {
    const order = await checkoutAt('127.0.0.1:3210');
    const approveUrl = new URL(order.approve_url);
    expect(approveUrl.origin).toBe(opened);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    expect(row?.provider).toBe('sandbox');

    const page = await fromBrowser(approveUrl.pathname, '127.0.0.1:3210');
    expect(page.status).toBe(200);
    const pay = (origin: string) =>
      fromBrowser(`${approveUrl.pathname}/approve`, '127.0.0.1:3210', {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3210.evil.example', 'null']) {
      const refused = await pay(origin);
      expect(refused.status, origin).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: 'This form must be sent from the payment page',
      });
    }
    const paid = await pay(opened);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('Location') ?? '');
    expect(back.origin).toBe(opened);
    const id = decodeURIComponent(approveUrl.pathname.split('/').pop() ?? '');
    expect(`${back.pathname}${back.search}`).toBe(
      `/paystatus/web?order=${order.order_id}&subscription_id=${id}&token=${id}`,
    );
  });

  it('keeps a buyer on this site when the order was started under another host', async () => {
    // Someone started the checkout with a forged Host; the buyer pays on the real site.
    const order = await checkoutAt('evil.example');
    expect(new URL(order.approve_url).origin).toBe('http://evil.example');
    const path = new URL(order.approve_url).pathname;
    for (const action of ['approve', 'cancel']) {
      const answer = await fromBrowser(`${path}/${action}`, '127.0.0.1:3210', {
        method: 'POST',
        headers: { Origin: opened },
      });
      expect(answer.status).toBe(303);
      expect(new URL(answer.headers.get('Location') ?? '').origin).toBe(opened);
    }
  });
});
