import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@/server/config';
import { AnalyticsIpLimit, analyticsIpLimit, defaultEventsPerMinute } from './ip-limit';

describe('AnalyticsIpLimit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts events per address for a minute, then starts again', async () => {
    const limit = new AnalyticsIpLimit(30);
    expect(await limit.consume('203.0.113.1', 20)).toEqual({ allowed: true });
    expect(await limit.check('203.0.113.1')).toEqual({ allowed: true });
    expect(await limit.consume('203.0.113.1', 10)).toEqual({ allowed: true });
    await vi.advanceTimersByTimeAsync(15_000);
    const atLimit = await limit.check('203.0.113.1');
    expect(atLimit).toMatchObject({ allowed: false, retryAfterSeconds: 45 });
    expect(atLimit.allowed === false && atLimit.error.status).toBe(429);
    expect(await limit.consume('203.0.113.2', 30)).toEqual({ allowed: true });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(await limit.consume('203.0.113.1', 30)).toEqual({ allowed: true });
  });

  it('refuses a whole batch that does not fit in what is left, and counts it', async () => {
    const limit = new AnalyticsIpLimit(30);
    await limit.consume('k', 25);
    expect(await limit.consume('k', 10)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect(await limit.consume('k', 1)).toMatchObject({ allowed: false });
  });

  it('gives back events refunded after a refusal of ours', async () => {
    const limit = new AnalyticsIpLimit(10);
    await limit.consume('k', 10);
    await limit.refund('k', 10);
    expect(await limit.consume('k', 10)).toEqual({ allowed: true });
  });

  it('keys IPv6 clients by their /64 and unknown callers together', () => {
    expect(AnalyticsIpLimit.keyOf('2001:db8:1:2:3:4:5:6')).toBe(
      AnalyticsIpLimit.keyOf('2001:0db8:0001:0002:ffff::1'),
    );
    expect(AnalyticsIpLimit.keyOf('2001:db8:1:3::1')).not.toBe(
      AnalyticsIpLimit.keyOf('2001:db8:1:2::1'),
    );
    expect(AnalyticsIpLimit.keyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(AnalyticsIpLimit.keyOf(undefined)).toBe('unknown');
  });
});

describe('analyticsIpLimit (the process’s limit)', () => {
  it('is off at 0 and one shared object otherwise', () => {
    expect(analyticsIpLimit(0)).toBeUndefined();
    expect(analyticsIpLimit(123)).toBe(analyticsIpLimit(123));
    expect(analyticsIpLimit(123)?.eventsPerMinute).toBe(123);
  });

  it('defaults to the sized value (300 busy visitors × 20 events a minute)', () => {
    expect(defaultEventsPerMinute).toBe(6000);
    expect(parseConfig({}).ANALYTICS_IP_LIMIT_PER_MINUTE).toBe(defaultEventsPerMinute);
    expect(parseConfig({ ANALYTICS_IP_LIMIT_PER_MINUTE: '0' }).ANALYTICS_IP_LIMIT_PER_MINUTE).toBe(
      0,
    );
    expect(() => parseConfig({ ANALYTICS_IP_LIMIT_PER_MINUTE: '-1' })).toThrow(
      /ANALYTICS_IP_LIMIT_PER_MINUTE/,
    );
  });
});
