// Two production instances (`npm run start:prod`) on one PostgreSQL behave as one site: they
// migrate one empty database together, share sessions, login limits, the plan catalogue,
// payments and the analytics writer's table. Run by scripts/test/fleet-test.ts (needs
// TEST_DATABASE_URL from scripts/test/with-postgres.sh and a production build).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  freePort,
  type Instance,
  journalEntries,
  productionSettings,
  startInstance,
} from '../../scripts/test/fleet-support';
import type { ScratchDatabase } from '../../scripts/test/scratch-database';
import { hashPassword } from '../../src/server/account/password-hash';
import { payloadFileOf } from '../../src/server/http/deferred-scripts';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error('TEST_DATABASE_URL is not set: run through scripts/test/fleet-test.ts');

const account = '/api/mms/account/v1';
const payment = '/api/mms/payment/v1';
const json = { 'app-type': '502', 'content-type': 'application/json' };

let database: ScratchDatabase;
let fake: FakePayPal;
let smtp: TestSmtpServer;
let a: Instance;
let b: Instance;
let sql: pg.Client;
let startedTogetherMs = 0;
let env: Record<string, string>;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(
  instance: Instance,
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${instance.baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...json,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

async function login(instance: Instance, username: string, password: string) {
  return call<{ token: string }>(instance, `${account}/web/login`, {
    body: { username, password },
  });
}

const password = 'Fleet-pass1!';
const users = {
  session: 'fleet-session@example.com',
  buyer: 'fleet-buyer@example.com',
  limit: 'fleet-limit@example.com',
};

/** An account with a password, hashed as the server hashes them (argon2id). */
async function createUser(email: string): Promise<void> {
  await sql.query('insert into users (email, password_hash) values ($1, $2)', [
    email,
    await hashPassword(password),
  ]);
}

beforeAll(async () => {
  database = await createScratchDatabase(adminUrl, 'fleet');
  [fake, smtp] = await Promise.all([startFakePayPal(), startTestSmtpServer()]);
  env = {
    ...productionSettings({ databaseUrl: database.url, smtp, paypal: fake }),
    PAYMENT_TIMEOUT_MS: '5000',
    ANALYTICS_FLUSH_MS: '200',
  };
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const echo = process.env.FLEET_ECHO === '1'; // the instances' own output, for debugging
  // Both at once on the empty database: one migrates under the advisory lock, the other waits.
  const started = Date.now();
  const results = await Promise.allSettled([
    startInstance({ name: 'A', port: portA, env, echo }),
    startInstance({ name: 'B', port: portB, env, echo }),
  ]);
  startedTogetherMs = Date.now() - started;
  for (const result of results) {
    if (result.status === 'fulfilled') {
      if (result.value.name === 'A') a = result.value;
      else b = result.value;
    }
  }
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  await Promise.all(Object.values(users).map(createUser));
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([fake?.close(), smtp?.close()]);
  await database?.drop();
}, 60_000);

describe('two production instances on one PostgreSQL', () => {
  it('started together on an empty database and applied each migration once', async () => {
    expect(a.exited()).toBeNull();
    expect(b.exited()).toBeNull();
    const { rows } = await sql.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations',
    );
    expect(rows).toHaveLength(journalEntries());
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    // Neither instance seeded the demo account (APP_ENV=production).
    const demo = await sql.query("select 1 from users where email = 'demo@turbovpn.local'");
    expect(demo.rowCount).toBe(0);
    console.log(`fleet: both instances ready ${startedTogetherMs} ms after starting together`);
  });

  it('answers the same plans from both', async () => {
    const [fromA, fromB] = await Promise.all([
      call<{ plans: unknown[] }>(a, `${payment}/providers/plans`),
      call<{ plans: unknown[] }>(b, `${payment}/providers/plans`),
    ]);
    expect(fromA.status).toBe(200);
    expect(fromA.body.data.plans.length).toBeGreaterThan(0);
    expect(fromB.body).toEqual(fromA.body);
  });

  it('serves the payload file of a page rendered on A from B, which renders the page itself', async () => {
    for (const path of ['/pricing', '/ar/pricing']) {
      const html = await (await fetch(`${a.baseUrl}${path}`)).text();
      const file = payloadFileOf(html) ?? '';
      expect(file, path).toMatch(/^\/_next\/payload\/[\w-]{22}\.json\?page=/);
      // B has not rendered the page: it renders it, finds the same HTML and answers its payload.
      const [fromB, fromA] = await Promise.all([fetch(b.baseUrl + file), fetch(a.baseUrl + file)]);
      expect([fromB.status, fromA.status], path).toEqual([200, 200]);
      const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1] ?? '';
      expect(heading, path).not.toBe('');
      for (const payload of [await fromB.text(), await fromA.text()]) {
        expect(Array.isArray(JSON.parse(payload))).toBe(true);
        expect(payload).toContain(JSON.stringify(heading).slice(1, -1));
      }
    }
  });

  it('accepts a session made on A on B, and a logout on B ends it on A', async () => {
    const signedIn = await login(a, users.session, password);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token;

    const profile = await call<{ email: string }>(b, `${account}/web/profile`, { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data.email).toBe(users.session);
    // The browser's way: the session cookie instead of the Authorization header.
    const byCookie = await call<{ email: string }>(b, `${account}/web/profile`, {
      headers: { cookie: `paypal_token=${token}` },
    });
    expect(byCookie.body.data.email).toBe(users.session);

    const logout = await call(b, `${account}/web/logout`, { token, body: {} });
    expect(logout.status).toBe(200);
    const after = await call(a, `${account}/web/profile`, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50008);
  });

  it('grants premium once, and issues one gift card, when PayPal delivers a webhook to both', async () => {
    const token = (await login(b, users.buyer, password)).body.data.token;

    /** Checks out on A, approves at PayPal, delivers the approval to A and B at once. */
    async function buyAndDeliverTwice(kind: 'plan' | 'gift') {
      const checkout = await call<{ order_id: string; approve_url: string }>(
        a,
        `${payment}/web/checkout`,
        { token, body: { plan_id: 'p1m', kind } },
      );
      expect(checkout.status).toBe(201);
      // A plan is a subscription at PayPal, a gift card an order.
      const stored = await sql.query<{ provider_order_id: string }>(
        'select provider_order_id from orders where id = $1',
        [checkout.body.data.order_id],
      );
      const providerId = stored.rows[0]?.provider_order_id ?? '';
      expect(providerId).toBeTruthy();
      if (kind === 'plan') fake.approveSubscription(providerId);
      else fake.approve(providerId);
      // The same delivery reaches both instances at the same moment (PayPal retrying while
      // the first attempt is still running, the balancer sending each to another instance).
      const signed = fake.signedWebhook(
        kind === 'plan'
          ? fake.subscriptionWebhookEvent(providerId, 'BILLING.SUBSCRIPTION.ACTIVATED')
          : fake.webhookEvent(providerId, 'CHECKOUT.ORDER.APPROVED'),
      );
      const deliver = (instance: Instance) =>
        fetch(`${instance.baseUrl}${payment}/webhooks/paypal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signed.headers },
          body: signed.body,
        }).then(async (response) => ({
          status: response.status,
          outcome: ((await response.json()) as Envelope<{ outcome: string }>).data.outcome,
        }));
      const deliveries = await Promise.all([deliver(a), deliver(b)]);
      for (const delivery of deliveries) {
        expect(delivery.status).toBe(200);
        expect(['processed', 'replayed']).toContain(delivery.outcome);
      }
      const order = await sql.query<{ status: string }>('select status from orders where id = $1', [
        checkout.body.data.order_id,
      ]);
      expect(order.rows).toEqual([{ status: 'paid' }]);
      return checkout.body.data.order_id;
    }

    // A plan: one month of premium, not two.
    await buyAndDeliverTwice('plan');
    const mine = await call<{
      is_premium: boolean;
      subscription: { premium_until: string };
    }>(b, `${payment}/web/subscription_my`, { token });
    expect(mine.body.data.is_premium).toBe(true);
    const days = (Date.parse(mine.body.data.subscription.premium_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // A gift card: one card, one mail with its code; one receipt for each payment.
    const giftOrder = await buyAndDeliverTwice('gift');
    const cards = await sql.query('select 1 from gift_cards where order_id = $1', [giftOrder]);
    expect(cards.rowCount).toBe(1);
    await smtp.nextMail(10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const subjects = smtp.received
      .filter((mail) => mail.to.includes(users.buyer))
      .map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim() ?? '')
      .sort();
    expect(subjects).toEqual([
      'Your Turbo VPN gift card',
      expect.stringMatching(/^Your Turbo VPN receipt R-\d{6}$/),
      expect.stringMatching(/^Your Turbo VPN receipt R-\d{6}$/),
    ]);
  });

  it('counts failed logins on both instances against one limit', async () => {
    // Ten failures, alternating: each instance alone has seen only five.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const failed = await login(attempt % 2 ? b : a, users.limit, 'Wrong-pass1!');
      expect(failed.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const refused = await login(instance, users.limit, password);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts/);
    }
  });

  it('writes analytics accepted by either instance into the shared table, none lost at shutdown', async () => {
    const event = (n: number) => ({
      event_name: 'fleet_check',
      event_timestamp: Date.now(),
      event_params: [{ key: 'n', value: n }],
    });
    const post = (instance: Instance, events: object[]) =>
      fetch(`${instance.baseUrl}/api/mms/analytics/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: null, events }),
      });
    const sent = await Promise.all([
      post(a, [event(1), event(2), event(3)]),
      post(b, [event(4), event(5), event(6), event(7)]),
    ]);
    for (const response of sent) expect(response.status).toBe(200);
    // SIGTERM: each writer flushes its buffer before the process ends.
    const [stoppedA, stoppedB] = await Promise.all([a.stop(), b.stop()]);
    expect(stoppedA?.signal ?? stoppedA?.code).not.toBe('SIGKILL');
    expect(stoppedB?.signal ?? stoppedB?.code).not.toBe('SIGKILL');
    const stored = await sql.query<{ count: string }>(
      "select count(*) from analytics_events where event_name = 'fleet_check'",
    );
    expect(Number(stored.rows[0]?.count)).toBe(7);
  });

  it('sends one renewal reminder when two instances start at once and both look for them', async () => {
    // A yearly plan renewing in 5 days; every instance's billing run at start finds it.
    const email = 'fleet-reminder@example.com';
    await createUser(email);
    await sql.query(
      `insert into billing_subscriptions (user_id, plan_id, provider, provider_subscription_id,
         status, renewal_price, currency, next_renewal_at)
       select id, 'p12m', 'paypal', 'I-FLEET-REMINDER', 'active', '69.99', 'USD',
         now() + interval '5 days' from users where email = $1`,
      [email],
    );
    const [portC, portD] = [await freePort(), await freePort()];
    const [c, d] = await Promise.all([
      startInstance({ name: 'C', port: portC, env }),
      startInstance({ name: 'D', port: portD === portC ? await freePort() : portD, env }),
    ]);
    try {
      const reminded = async () =>
        smtp.received.filter(
          (mail) => mail.to.includes(email) && /^Subject: .*renews on/m.test(mail.raw),
        );
      for (let waited = 0; waited < 15_000 && (await reminded()).length === 0; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Both runs are over well before this: a second reminder would have arrived.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await reminded()).toHaveLength(1);
      const row = await sql.query<{ reminded: boolean }>(
        `select reminded_for = next_renewal_at as reminded from billing_subscriptions
         where provider_subscription_id = 'I-FLEET-REMINDER'`,
      );
      expect(row.rows).toEqual([{ reminded: true }]);
    } finally {
      await Promise.all([c.stop(), d.stop()]);
    }
  }, 90_000);
});
