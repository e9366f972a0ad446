import { describe, expect, it } from 'vitest';
import { eventWriterFor, flushAnalytics } from '@/server/analytics';
import { analyticsEventsByName, countAnalyticsEvents } from '@/server/analytics/queries';
import { useTestDb } from '../../../../tests/support/test-db';
import { createApp } from '../app';

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

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const res = await app().request('/api/mms/analytics/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string } };
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
    const res = await app().request('/api/mms/analytics/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(res.status).toBe(400);
  });
});
