import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventWriterFor, flushAnalytics } from '@/server/analytics';
import { analyticsEventsByName, countAnalyticsEvents } from '@/server/analytics/queries';
import { useTestDb } from '../../../../tests/support/test-db';
import { createApp } from '../app';

// A small per-address limit for this file (read when the first request parses the settings),
// so an attack needs dozens of requests rather than hundreds. Each test sends from its own
// address unless it says otherwise, so the tests do not share a budget.
const limitPerMinute = 400;
vi.stubEnv('ANALYTICS_IP_LIMIT_PER_MINUTE', String(limitPerMinute));
vi.stubEnv('TRUSTED_PROXIES', '');

let addressCounter = 0;
let testAddress = '';
beforeEach(() => {
  addressCounter += 1;
  testAddress = `192.0.2.${addressCounter}`;
});

/** What @hono/node-server passes the app: the connecting socket (see socket-address.ts). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const now = Date.now();

function event(name: string, extra: Record<string, unknown> = {}) {
  return {
    event_name: name,
    event_timestamp: now,
    event_datetime: '2026-01-01 PM 01:02:03',
    event_params: [{ key: 'path', value: '/pricing' }],
    language: 'en',
    device: 'desktop',
    country: 'Germany',
    country_code: 'DE',
    app_name: 'Turbo VPN Web',
    ip: '8.8.8.8',
    app_type: 502,
    app_info: { version: '1' },
    ...extra,
  };
}

describe('POST /api/mms/analytics/v1/events', () => {
  const testDb = useTestDb();
  const app = () => createApp({ db: () => testDb().handle });

  async function post(body: unknown, headers: Record<string, string> = {}, address = testAddress) {
    const res = await app().request(
      '/api/mms/analytics/v1/events',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      from(address),
    );
    return {
      status: res.status,
      retryAfter: res.headers.get('Retry-After'),
      body: (await res.json()) as { code: number; message: string; data?: unknown },
    };
  }

  it('accepts a batch and stores every event with the request’s user_id', async () => {
    const { status, body } = await post({
      user_id: 'user-batch',
      events: [event('page_show'), event('plan_selected', { user_id: 'own-id' })],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: 'ok', data: { accepted: 2 } });
    await flushAnalytics();
    const db = testDb().handle.db;
    expect(await countAnalyticsEvents(db, { userId: 'user-batch' })).toBe(1);
    expect(await countAnalyticsEvents(db, { userId: 'own-id' })).toBe(1);
    const [stored] = await analyticsEventsByName(db, {
      name: 'plan_selected',
      from: new Date(now - 1000),
      to: new Date(now + 1000),
    });
    expect(stored).toMatchObject({
      eventName: 'plan_selected',
      eventParams: [{ key: 'path', value: '/pricing' }],
      countryCode: 'DE',
      appName: 'Turbo VPN Web',
      appType: 502,
      appInfo: { version: '1' },
    });
  });

  it('accepts a beacon: text/plain and no app-type header', async () => {
    const { status } = await post(JSON.stringify({ user_id: 'beacon', events: [event('x')] }), {
      'Content-Type': 'text/plain;charset=UTF-8',
    });
    expect(status).toBe(200);
  });

  it('stores all 300 events of 30 concurrent requests', async () => {
    const writer = eventWriterFor(testDb().handle);
    const requests = Array.from({ length: 30 }, (_, i) =>
      post({ user_id: 'many', events: Array.from({ length: 10 }, () => event(`batch_${i % 3}`)) }),
    );
    const answers = await Promise.all(requests);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await writer.flush();
    expect(await countAnalyticsEvents(testDb().handle.db, { userId: 'many' })).toBe(300);
  });

  it('refuses more than 100 events with 400 naming the limit', async () => {
    const events = Array.from({ length: 101 }, () => event('too_many'));
    const { status, body } = await post({ user_id: 'u', events });
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid request: events: at most 100 events per request');
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const big = 'x'.repeat(1000);
    const events = Array.from({ length: 70 }, () =>
      event('big', { event_params: [{ key: 'blob', value: big }] }),
    );
    const { status, body } = await post({ user_id: 'u', events });
    expect(status).toBe(413);
    expect(body.message).toBe('Request body larger than 65536 bytes');
  });

  it.each([
    ['malformed JSON', '{"events": [', 'Invalid JSON body'],
    [
      'no events',
      { user_id: 'u', events: [] },
      'Invalid request: events: must contain at least one event',
    ],
    ['events not a list', { events: 'x' }, 'Invalid request: events:'],
    ['a bad event name', { events: [event('has space')] }, 'Invalid request: events.0.event_name:'],
    [
      'a timestamp in seconds',
      { events: [event('e', { event_timestamp: 1_700_000_000 })] },
      'Invalid request: events.0.event_timestamp:',
    ],
    [
      'a nested param value',
      { events: [event('e', { event_params: [{ key: 'k', value: { a: 1 } }] })] },
      'Invalid request: events.0.event_params.0.value:',
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = await countAnalyticsEvents(testDb().handle.db);
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message.startsWith(message)).toBe(true);
    await flushAnalytics();
    expect(await countAnalyticsEvents(testDb().handle.db)).toBe(before);
  });

  it('refuses a form post', async () => {
    const res = await app().request(
      '/api/mms/analytics/v1/events',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a=b',
      },
      from(testAddress),
    );
    expect(res.status).toBe(400);
  });

  describe(`per-address limit (${limitPerMinute} events a minute in this file)`, () => {
    const batch = (user: string, size = 10) => ({
      user_id: user,
      events: Array.from({ length: size }, () => event('flood')),
    });

    /** Every refusal is the API's 429 envelope with the same wait in Retry-After and data. */
    function expectTooMany(answer: Awaited<ReturnType<typeof post>>) {
      expect(answer.status).toBe(429);
      const seconds = Number(answer.retryAfter);
      expect(Number.isInteger(seconds)).toBe(true);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(answer.body).toEqual({
        code: 429,
        message: 'Too many analytics events from this address, please retry later',
        data: { retry_after: seconds },
      });
    }

    it('an attack from one address: exactly the limit is accepted, the rest get 429 with Retry-After and are not stored', async () => {
      const attacker = '203.0.113.50';
      // 60 requests of 10 events at once: 600 events against a limit of 400.
      const answers = await Promise.all(
        Array.from({ length: 60 }, () => post(batch('attack'), {}, attacker)),
      );
      const accepted = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(accepted).toHaveLength(limitPerMinute / 10);
      expect(refused).toHaveLength(60 - limitPerMinute / 10);
      for (const answer of refused) expectTooMany(answer);

      // Still refused: more events, a malformed body (refused before it is read), and a forged
      // X-Forwarded-For, which counts for nothing from a peer outside TRUSTED_PROXIES.
      expectTooMany(await post(batch('attack', 1), {}, attacker));
      expectTooMany(await post('{"events": [', {}, attacker));
      expectTooMany(
        await post(batch('attack', 1), { 'X-Forwarded-For': '198.51.100.7' }, attacker),
      );

      // Another address is unaffected.
      const other = await post(batch('bystander'), {}, '203.0.113.51');
      expect(other.status).toBe(200);

      await flushAnalytics();
      const db = testDb().handle.db;
      expect(await countAnalyticsEvents(db, { userId: 'attack' })).toBe(limitPerMinute);
      expect(await countAnalyticsEvents(db, { userId: 'bystander' })).toBe(10);
    });

    it('two IPv6 addresses in one /64 share the limit; the next /64 has its own', async () => {
      const first = '2001:db8:5:7::1';
      const second = '2001:db8:5:7:ffff:1:2:3';
      // 200 events from the first, then 30 requests of 10 at once from the second: 20 fit.
      const early = await Promise.all(
        Array.from({ length: 20 }, () => post(batch('v6-shared'), {}, first)),
      );
      expect(early.every((answer) => answer.status === 200)).toBe(true);
      const late = await Promise.all(
        Array.from({ length: 30 }, () => post(batch('v6-shared'), {}, second)),
      );
      expect(late.filter((answer) => answer.status === 200)).toHaveLength(20);
      for (const answer of late.filter((item) => item.status !== 200)) expectTooMany(answer);
      expectTooMany(await post(batch('v6-shared', 1), {}, first));

      const neighbour = await post(batch('v6-neighbour'), {}, '2001:db8:5:8::1');
      expect(neighbour.status).toBe(200);

      await flushAnalytics();
      const db = testDb().handle.db;
      expect(await countAnalyticsEvents(db, { userId: 'v6-shared' })).toBe(limitPerMinute);
      expect(await countAnalyticsEvents(db, { userId: 'v6-neighbour' })).toBe(10);
    });

    it('counts malformed requests too, one event each', async () => {
      const answers = await Promise.all(
        Array.from({ length: limitPerMinute }, () => post('{"events": [')),
      );
      expect(answers.every((answer) => answer.status === 400)).toBe(true);
      expectTooMany(await post('{"events": ['));
      expectTooMany(await post(batch('after-garbage', 1)));
    });
  });
});
