// PostgreSQL stopping while the site serves: every route that needs the database answers 503
// with a clear message at once, routes that need none keep answering, the pool reconnects by
// itself when the database returns, and a write cut off in the middle leaves nothing behind.
// Runs on a private cluster (stopped and started here) in the PostgreSQL run of the tests.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWriterFor } from '@/server/analytics';
import { countAnalyticsEvents } from '@/server/analytics/queries';
import { createDb, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { orders, users } from '@/server/db/schema';
import type { Mailer } from '@/server/mail';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit, type CallOptions } from '../../../tests/support/account-api';
import { captureLogs } from '../../../tests/support/log-capture';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgresIn,
} from '../../../tests/support/private-postgres';
import { testDatabaseUrl } from '../../../tests/support/test-db';
import { databaseUnavailableMessage } from './middleware/error-handler';

const cannotRun = !testDatabaseUrl
  ? 'runs in the PostgreSQL run only (TEST_DATABASE_URL, scripts/test/with-postgres.sh)'
  : privatePostgresUnavailable();
if (cannotRun) console.info(`database outage test skipped: ${cannotRun}`);

// The range given to this test (docs/operations.md, test ports).
const ports = Array.from({ length: 10 }, (_, i) => 34250 + i);

describe.skipIf(Boolean(cannotRun))('PostgreSQL outage', () => {
  let cluster: PrivatePostgres;
  let handle: DbHandle;
  const testDb = () => ({ handle, dispose: async () => undefined });
  const sandbox = createSandboxProvider(() => handle.db, 'http://localhost:3000');
  const kit = accountKit(testDb, { payments: sandbox });
  let account: { email: string; password: string };
  let token: string;

  // Mail goes to memory: this test is about the database, and the process mailer would
  // otherwise be the development outbox of another database.
  const mailerKey = Symbol.for('turbovpn.mailer');
  const store = globalThis as Record<symbol, unknown>;
  const previousMailer = store[mailerKey];
  const mailer: Mailer = { kind: 'smtp', send: async () => undefined };

  beforeAll(async () => {
    store[mailerKey] = mailer;
    cluster = await startPrivatePostgresIn(ports);
    handle = createDb({ url: cluster.url, maxConnections: 4 });
    await runMigrations(handle);
    account = await kit.createUser();
    token = await kit.login(account.email, account.password);
  }, 60_000);

  afterAll(async () => {
    store[mailerKey] = previousMailer;
    await handle?.close();
    cluster?.destroy();
  });

  // Every kind of route that reads or writes the database.
  const needDatabase: [string, string, (email: string) => CallOptions][] = [
    ['plans', '/api/mms/payment/v1/providers/plans', () => ({})],
    ['profile', '/api/mms/account/v1/web/profile', () => ({ token })],
    ['devices', '/api/mms/account/v1/web/device/list', () => ({ token })],
    [
      'login',
      '/api/mms/account/v1/web/login',
      (email) => ({ body: { username: email, password: 'Start-pass1!' } }),
    ],
    ['code request', '/api/mms/account/v1/verification/request', (email) => ({ body: { email } })],
    [
      'checkout',
      '/api/mms/payment/v1/web/checkout',
      (email) => ({ body: { plan_id: 'p24m', kind: 'plan', email } }),
    ],
  ];

  async function timed(path: string, options: CallOptions) {
    const started = performance.now();
    const result = await kit.call(path, options);
    return { ...result, ms: performance.now() - started };
  }

  it('answers 503 fast while the database is down, and recovers by itself', async () => {
    const logs = captureLogs();
    try {
      // Warm: the pool holds open connections, which the stop below cuts.
      expect((await kit.call('/ws/mm/v2/blog/home')).status).toBe(200);
      for (const [, path, options] of needDatabase) {
        const res = await kit.call(path, options(account.email));
        expect(res.status, `${path} before the outage`).toBeLessThan(500);
      }

      cluster.stop();
      const latencies: number[] = [];
      for (const [name, path, options] of needDatabase) {
        const res = await timed(path, options(`outage-${name.replace(' ', '-')}@example.com`));
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body).toMatchObject({
          code: 503,
          message: databaseUnavailableMessage,
          data: { retry_after: 5 },
        });
        expect(res.headers.get('Retry-After')).toBe('5');
        expect(res.ms, `${name} took ${Math.round(res.ms)} ms`).toBeLessThan(2000);
        latencies.push(res.ms);
        expect(JSON.stringify(res.body)).not.toMatch(/ECONN|127\.0\.0\.1|postgres:|\bat\s/);
      }

      console.info(`503 during the outage: slowest ${Math.round(Math.max(...latencies))} ms`);
      // What needs no database keeps answering.
      expect((await kit.call('/l10n?language=de')).status).toBe(200);
      const geo = await kit.call('/api/mms/account/v1/geo_info', { body: {} });
      expect(geo.status).toBe(200);
      // The blog's answers come from its cache (15 minutes) while they last.
      expect((await kit.call('/ws/mm/v2/blog/home')).status).toBe(200);
      // Events are buffered and written once the database is back (checked below).
      const events = await kit.call('/api/mms/analytics/v1/events', {
        body: {
          user_id: 'outage',
          events: Array.from({ length: 7 }, () => ({
            event_name: 'page_show',
            event_timestamp: Date.now(),
          })),
        },
      });
      expect(events.status).toBe(200);

      cluster.start();
      // No restart of the app: the same pool serves again.
      for (const [name, path, options] of needDatabase) {
        const email =
          name === 'login' ? account.email : `after-${name.replace(' ', '-')}@example.com`;
        const res = await kit.call(path, options(email));
        expect(res.status, `${name} after the outage: ${JSON.stringify(res.body)}`).toBeLessThan(
          500,
        );
      }
      await eventWriterFor(handle).flush();
      expect(await countAnalyticsEvents(handle.db, { userId: 'outage' })).toBe(7);
      // The log names the failure without the database's address or password.
      const lines = logs.text();
      expect(lines).toMatch(/Cannot reach the database/);
    } finally {
      logs.restore();
      cluster.start();
    }
  }, 60_000);

  it('leaves no account or order behind when the database stops in the middle of a checkout', async () => {
    const logs = captureLogs();
    const email = `interrupted-${Date.now()}@example.com`;
    // A second session holds the orders table, so the checkout stops at its order; the database
    // then goes down under it.
    const blocker = new pg.Client({ connectionString: cluster.url });
    blocker.on('error', () => undefined);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE orders IN EXCLUSIVE MODE');
      const checkout = kit.call('/api/mms/payment/v1/web/checkout', {
        body: { plan_id: 'p24m', kind: 'plan', email },
      });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await blocker.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
        );
        if ((rows[0]?.waiting ?? 0) > 0) break;
        if (Date.now() > deadline) {
          const early = await Promise.race([checkout, Promise.resolve('still running')]);
          throw new Error(`the checkout never reached the orders table: ${JSON.stringify(early)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      cluster.stop();
      const res = await checkout;
      expect(res.status).toBe(503);
      cluster.start();

      expect(await handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      const all = await handle.db.select({ id: orders.id }).from(orders);
      const retried = await kit.call('/api/mms/payment/v1/web/checkout', {
        body: { plan_id: 'p24m', kind: 'plan', email },
      });
      expect(retried.status).toBe(201);
      // The retry makes one order, which keeps the email: the account comes with the payment.
      const after = await handle.db.select({ id: orders.id }).from(orders);
      expect(after.length).toBe(all.length + 1);
      expect(await handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      const [order] = await handle.db.select().from(orders).where(eq(orders.buyerEmail, email));
      expect(order).toMatchObject({ userId: null, status: 'created' });
    } finally {
      logs.restore();
      await blocker.end().catch(() => undefined);
      cluster.start();
    }
  }, 60_000);
});
