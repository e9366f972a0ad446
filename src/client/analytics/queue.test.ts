import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsEvent, buildEvent, describeDevice } from './event';
import { AnalyticsQueue, type Permission, waitForIp } from './queue';
import { type EventsBody, eventsPath, type SendResult, sendEvents } from './transport';

const context = {
  userId: null,
  language: 'de',
  device: 'desktop/Windows',
  country: 'Germany',
  countryCode: 'DE',
  ip: '8.8.8.8',
  path: '/pricing',
};

function event(name = 'e'): AnalyticsEvent {
  return buildEvent(name, {}, context, Date.UTC(2026, 0, 1));
}

function setup(permission: Permission = 'yes', sendResult = true) {
  const sent: EventsBody[] = [];
  const beacons: boolean[] = [];
  let allowed = permission;
  const queue = new AnalyticsQueue({
    send: (body, options) => {
      sent.push(body);
      beacons.push(options.beacon);
      return sendResult;
    },
    permission: () => allowed,
    userId: () => 'user-1',
    batchSize: 5,
    flushMs: 2000,
  });
  const allow = (value: Permission) => {
    allowed = value;
  };
  return { queue, sent, beacons, allow };
}

describe('buildEvent', () => {
  it('fills the spec’s fields, with the site’s app name and type', () => {
    const built = buildEvent(
      'plan_selected',
      { plan: 'v2.x', skipped: undefined, n: 2 },
      context,
      0,
    );
    expect(built).toMatchObject({
      event_name: 'plan_selected',
      event_timestamp: 0,
      event_params: [
        { key: 'plan', value: 'v2.x' },
        { key: 'n', value: 2 },
      ],
      app_name: 'Turbo VPN Web',
      app_type: 502,
      country_code: 'DE',
      ip: '8.8.8.8',
      language: 'de',
      user_properties: { logged_in: false },
      app_info: { path: '/pricing' },
    });
    expect(built.event_datetime).toMatch(/^\d{4}-\d{2}-\d{2} (AM|PM) \d{2}:\d{2}:\d{2}$/);
  });

  it('describes devices coarsely', () => {
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('desktop/Windows');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile')).toBe(
      'mobile/iOS',
    );
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari')).toBe(
      'mobile/Android',
    );
  });
});

describe('AnalyticsQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a batch after 2 s, or at once when it is full', async () => {
    const { queue, sent } = setup();
    queue.push(event());
    queue.push(event());
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(2);
    expect(sent[0]?.user_id).toBe('user-1');
    for (let i = 0; i < 5; i += 1) queue.push(event());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.events).toHaveLength(5);
  });

  it('uses the beacon when the page is hidden', async () => {
    const { queue, beacons } = setup();
    queue.push(event());
    await queue.flush({ beacon: true });
    expect(beacons).toEqual([true]);
  });

  it('holds events while consent is pending, sends them once granted', async () => {
    const { queue, sent, allow } = setup('wait');
    queue.push(event('a'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(0);
    allow('yes');
    queue.permissionChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]?.events.map((e) => e.event_name)).toEqual(['a']);
  });

  it('drops held events when consent is refused and records none after', async () => {
    const { queue, sent, allow } = setup('wait');
    queue.push(event());
    allow('no');
    queue.permissionChanged();
    queue.push(event());
    expect(queue.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(0);
  });

  it('keeps events whose sending failed and retries them', async () => {
    const { queue, sent } = setup('yes', false);
    queue.push(event());
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(queue.size).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
  });
});

describe('AnalyticsQueue backing off', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A server behind fetch: answers 429 with Retry-After while `refusing`, else stores. */
  function fakeServer(retryAfter = '30') {
    const state = { refusing: true, attempts: 0, stored: [] as string[] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe(eventsPath);
        state.attempts += 1;
        if (state.refusing) {
          return new Response(
            JSON.stringify({ code: 429, message: 'Too many', data: { retry_after: 30 } }),
            { status: 429, headers: { 'Retry-After': retryAfter } },
          );
        }
        const body = JSON.parse(String(init.body)) as EventsBody;
        state.stored.push(...body.events.map((e) => e.event_name));
        return new Response(JSON.stringify({ code: 200, message: 'ok' }), { status: 200 });
      }),
    );
    return state;
  }

  it('on a 429 waits out Retry-After, keeps every event and then sends each exactly once', async () => {
    const server = fakeServer('30');
    const queue = new AnalyticsQueue({
      send: sendEvents,
      permission: () => 'yes',
      userId: () => null,
      batchSize: 5,
      flushMs: 2000,
      // The longest wait the jitter allows: 30 s + a fifth.
      random: () => 0.999_999,
    });
    const names = Array.from({ length: 12 }, (_, i) => `e${i}`);
    for (const name of names.slice(0, 5)) queue.push(event(name));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.attempts).toBe(1);
    expect(queue.size).toBe(5);
    server.refusing = false;

    // More events during the wait, a full batch and a page-hide flush: nothing is sent.
    for (const name of names.slice(5)) queue.push(event(name));
    await queue.flush({ beacon: true });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.attempts).toBe(1);
    expect(queue.size).toBe(12);
    await vi.advanceTimersByTimeAsync(6001);
    expect(server.attempts).toBe(2);
    expect(server.stored).toEqual(names);
    expect(queue.size).toBe(0);

    // Back to normal: the next event goes after the usual 2 s.
    queue.push(event('later'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.stored).toEqual([...names, 'later']);
  });

  it('sends no beacon while it waits: a page hide keeps the events queued', async () => {
    const sent: boolean[] = [];
    const results: SendResult[] = [{ retryAfterMs: 10_000 }];
    const queue = new AnalyticsQueue({
      send: (_body, options) => {
        sent.push(options.beacon);
        return results.shift() ?? true;
      },
      permission: () => 'yes',
      userId: () => null,
      random: () => 0,
    });
    queue.push(event('a'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([false]);
    queue.push(event('b'));
    await queue.flush({ beacon: true });
    expect(sent).toEqual([false]);
    expect(queue.size).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([false, false]);
    expect(queue.size).toBe(0);
  });

  it('caps a very long Retry-After', async () => {
    const server = fakeServer('86400');
    const queue = new AnalyticsQueue({
      send: sendEvents,
      permission: () => 'yes',
      userId: () => null,
      maxBackoffMs: 60_000,
      random: () => 0.5,
    });
    queue.push(event('x'));
    await vi.advanceTimersByTimeAsync(2000);
    server.refusing = false;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(server.stored).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.stored).toEqual(['x']);
  });

  it('never waits longer than the cap, even when the device clock is set back', async () => {
    const sent: number[] = [];
    const results: SendResult[] = [{ retryAfterMs: 30_000 }];
    const queue = new AnalyticsQueue({
      send: () => {
        sent.push(Date.now());
        return results.shift() ?? true;
      },
      permission: () => 'yes',
      userId: () => null,
      maxBackoffMs: 60_000,
      random: () => 0,
    });
    queue.push(event());
    await vi.advanceTimersByTimeAsync(2000);
    vi.setSystemTime(Date.now() - 24 * 3600 * 1000);
    queue.push(event());
    // The 30 s timer still runs out; it then finds a day left, which it cuts to the 60 s cap.
    await vi.advanceTimersByTimeAsync(30_000 + 59_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(queue.size).toBe(0);
  });

  it('backs off on network errors, doubling up to the cap, and starts again after a success', async () => {
    const attempts: number[] = [];
    let failing = true;
    const queue = new AnalyticsQueue({
      send: () => {
        attempts.push(Date.now());
        return !failing;
      },
      permission: () => 'yes',
      userId: () => null,
      retryMs: 1000,
      maxBackoffMs: 8000,
      random: () => 0,
    });
    const start = Date.now();
    queue.push(event());
    await vi.advanceTimersByTimeAsync(2000 + 1000 + 2000 + 4000 + 8000 + 8000);
    expect(attempts.map((at) => at - start)).toEqual([2000, 3000, 5000, 9000, 17_000, 25_000]);
    expect(queue.size).toBe(1);
    failing = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(queue.size).toBe(0);
    failing = true;
    queue.push(event());
    await vi.advanceTimersByTimeAsync(2000 + 1000);
    const [before, last] = attempts.slice(-2);
    expect((last ?? 0) - (before ?? 0)).toBe(1000);
  });

  it('keeps its bound while it waits: the newest maxQueued events', async () => {
    const sent: string[][] = [];
    const results: SendResult[] = [{ retryAfterMs: 60_000 }];
    const queue = new AnalyticsQueue({
      send: (body) => {
        sent.push(body.events.map((e) => e.event_name));
        return results.shift() ?? true;
      },
      permission: () => 'yes',
      userId: () => null,
      maxQueued: 50,
      random: () => 0,
    });
    for (let i = 0; i < 120; i += 1) queue.push(event(`e${i}`));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(queue.size).toBe(50);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.slice(1).flat()).toEqual(Array.from({ length: 50 }, (_, i) => `e${70 + i}`));
  });
});

describe('waitForIp (page_show)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves as soon as the IP is known', async () => {
    let ip: string | undefined;
    const result = waitForIp(() => ip);
    await vi.advanceTimersByTimeAsync(3000);
    ip = '8.8.8.8';
    await vi.advanceTimersByTimeAsync(999);
    let done: string | undefined;
    void result.then((value) => {
      done = value;
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe('8.8.8.8');
  });

  it('gives up after 10 retries 1 s apart', async () => {
    const getIp = vi.fn(() => undefined);
    let settled = false;
    const result = waitForIp(getIp).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(9999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeUndefined();
    expect(getIp).toHaveBeenCalledTimes(11);
  });
});
