import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsEvent, buildEvent, describeDevice } from './event';
import { AnalyticsQueue, type Permission, waitForIp } from './queue';
import type { EventsBody } from './transport';

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
