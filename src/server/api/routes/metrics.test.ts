import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventWriterFor } from '@/server/analytics';
import { addQueueDepthSource } from '@/server/metrics';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit, startedCheckout } from '../../../../tests/support/account-api';
import { approveInSandbox } from '../../../../tests/support/sandbox-approval';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';
import { createApp } from '../app';

// Rows stay queued for the whole file, so the queue depth can be read exactly.
vi.stubEnv('ANALYTICS_FLUSH_MS', '60000');
afterAll(() => vi.unstubAllEnvs());

const token = 'metrics-token-for-tests-0123456789abcdef';
const testDb = fileTestDb();
const sandbox = createSandboxProvider(() => testDb().handle.db, 'http://localhost:3000');
const kit = accountKit(testDb, { payments: sandbox, metricsToken: token });

async function scrape(): Promise<string> {
  const res = await kit.app().request('/metrics', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series (0 when it does not exist yet). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics access', () => {
  it('does not exist (404, like any unknown path) without a configured token', async () => {
    const app = createApp({ db: () => testDb().handle, metricsToken: null });
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: 'No API endpoint at GET /metrics' });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${token.slice(0, -1)}x`],
    ['a longer token', `Bearer ${token}x`],
    ['the token without Bearer', token],
    ['Basic credentials', `Basic ${Buffer.from(`u:${token}`).toString('base64')}`],
  ])('answers 401 to %s', async (_case, authorization) => {
    const res = await kit
      .app()
      .request('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="metrics"');
    expect(await res.json()).toEqual({
      code: 401,
      message: 'A valid metrics token is required',
    });
  });

  it('serves the Prometheus text format with the token', async () => {
    const res = await kit.app().request('/metrics', {
      headers: { Authorization: `bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.text();
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'login_failures_total',
      'payment_outcomes_total',
      'analytics_writer_queue_depth',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Every reason and outcome exists from the start, at 0 until it happens.
    expect(text).toMatch(/^login_failures_total\{reason="wrong_password"\} \d+$/m);
    expect(text).toMatch(/^payment_outcomes_total\{outcome="refunded"\} \d+$/m);
  });
});

describe('GET /metrics counters', () => {
  it('counts requests by method, route pattern and status class, never by raw path', async () => {
    const ok = 'http_requests_total{method="GET",route="/healthz",status="2xx"}';
    const order =
      'http_requests_total{method="GET",route="/api/mms/payment/v1/web/checkout/:id",status="4xx"}';
    const unmatched = 'http_requests_total{method="GET",route="unmatched",status="4xx"}';
    const before = await scrape();
    const rawId = '6f1c2a9e-0000-4000-8000-123456789abc';
    await kit.app().request('/healthz');
    await kit.app().request('/healthz?token=secret-in-query');
    await kit.app().request(`/api/mms/payment/v1/web/checkout/${rawId}`);
    await kit.app().request('/api/no/such/path/42');
    await kit.app().request('/api/no/such/path/43');
    const after = await scrape();
    expect(seriesValue(after, ok) - seriesValue(before, ok)).toBe(2);
    expect(seriesValue(after, order) - seriesValue(before, order)).toBe(1);
    expect(seriesValue(after, unmatched) - seriesValue(before, unmatched)).toBe(2);
    expect(after).toContain(
      'http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"}',
    );
    expect(after).not.toMatch(/6f1c2a9e|no\/such|secret-in-query/);
  });

  it('counts failed logins by reason', async () => {
    const user = await kit.createUser();
    const passwordless = await kit.createUser(null);
    const series = (reason: string) => `login_failures_total{reason="${reason}"}`;
    const before = await scrape();
    const login = (username: string, password: string) =>
      kit.call('/api/mms/account/v1/web/login', { body: { username, password } });
    expect((await login(user.email, 'Wrong-pass1!')).status).toBe(401);
    expect((await login(`nobody-${Date.now()}@example.com`, 'Wrong-pass1!')).status).toBe(401);
    expect((await login(passwordless.email, 'Wrong-pass1!')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    const after = await scrape();
    const moved = (reason: string) =>
      seriesValue(after, series(reason)) - seriesValue(before, series(reason));
    expect(moved('wrong_password')).toBe(1);
    expect(moved('unknown_account')).toBe(1);
    expect(moved('no_password')).toBe(1);
    expect(moved('rate_limited')).toBe(0);
  });

  it('counts payment outcomes: created, captured, cancelled', async () => {
    const series = (outcome: string) => `payment_outcomes_total{outcome="${outcome}"}`;
    const before = await scrape();
    const base = '/api/mms/payment/v1';
    const checkout = async () => {
      const started = await kit.call(`${base}/web/checkout`, {
        body: { plan_id: 'p1m', email: `metrics-${Date.now()}-${Math.random()}@example.com` },
      });
      expect(started.status).toBe(201);
      return startedCheckout(started);
    };
    const bought = await checkout();
    await approveInSandbox(sandbox, bought.sandboxId);
    const captured = await kit.call(`${base}/web/checkout/${bought.orderId}/capture`, {
      method: 'POST',
      cookie: bought.cookie,
    });
    expect(captured.status).toBe(200);
    const dropped = await checkout();
    const cancelled = await kit.call(`${base}/web/checkout/${dropped.orderId}/cancel`, {
      method: 'POST',
      cookie: dropped.cookie,
    });
    expect(cancelled.status).toBe(200);
    const after = await scrape();
    const moved = (outcome: string) =>
      seriesValue(after, series(outcome)) - seriesValue(before, series(outcome));
    expect(moved('created')).toBe(2);
    expect(moved('captured')).toBe(1);
    expect(moved('cancelled')).toBe(1);
    expect(moved('failed')).toBe(0);
  });

  it('reports the analytics writer queue depth', async () => {
    const depth = 'analytics_writer_queue_depth';
    const res = await kit.app().request('/api/mms/analytics/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        events: [1, 2, 3].map(() => ({ event_name: 'page_show', event_timestamp: Date.now() })),
      }),
    });
    expect(res.status).toBe(200);
    const queued = eventWriterFor(testDb().handle).pending;
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(seriesValue(await scrape(), depth)).toBe(queued);
    // Every writer of the process adds its rows.
    const remove = addQueueDepthSource(() => 7);
    try {
      expect(seriesValue(await scrape(), depth)).toBe(queued + 7);
    } finally {
      remove();
    }
  });
});
