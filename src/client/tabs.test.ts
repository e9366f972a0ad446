import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage';
import { aliveMs, heartbeatMs, startTabs, type TabsOptions } from './tabs';

type Channel = NonNullable<TabsOptions['channel']>;

// An in-memory BroadcastChannel: delivers to every other member, asynchronously like the real one.
function bus() {
  const members: Channel[] = [];
  return () => {
    const channel: Channel = {
      onmessage: null,
      postMessage(data: unknown) {
        for (const other of members) {
          if (other !== channel) {
            queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
          }
        }
      },
      close() {
        members.splice(members.indexOf(channel), 1);
      },
    };
    members.push(channel);
    return channel;
  };
}

describe('tab sync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new tab sees an open one at once, and both keep seeing each other through heartbeats', async () => {
    const join = bus();
    const a = startTabs({ storage: memoryStorage(), channel: join() });
    const b = startTabs({ storage: memoryStorage(), channel: join() });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.aliveTabs().map((tab) => tab.id)).toEqual([a.id]);
    expect(a.aliveTabs().map((tab) => tab.id)).toEqual([b.id]);
    await vi.advanceTimersByTimeAsync(heartbeatMs * 3);
    expect(a.aliveTabs()).toHaveLength(1);
    expect(b.aliveTabs()).toHaveLength(1);
    a.stop();
    b.stop();
  });

  it('a tab whose last heartbeat is 35 s old or more no longer counts as alive', async () => {
    const join = bus();
    const a = startTabs({ storage: memoryStorage(), channel: join() });
    const b = startTabs({ storage: memoryStorage(), channel: join() });
    await vi.advanceTimersByTimeAsync(0);
    b.stop();
    await vi.advanceTimersByTimeAsync(aliveMs - 1);
    expect(a.aliveTabs()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.aliveTabs()).toHaveLength(0);
    a.stop();
  });

  it('shares session values with open tabs and gives them to new ones', async () => {
    const join = bus();
    const storageA = memoryStorage();
    const storageB = memoryStorage();
    const a = startTabs({ storage: storageA, channel: join() });
    const b = startTabs({ storage: storageB, channel: join() });
    await vi.advanceTimersByTimeAsync(0);
    a.setShared('utm_tags', '{"utm_source":"x","front_id":"f"}');
    await vi.advanceTimersByTimeAsync(0);
    expect(storageB.getItem('utm_tags')).toBe('{"utm_source":"x","front_id":"f"}');

    const storageC = memoryStorage();
    const c = startTabs({ storage: storageC, channel: join() });
    await vi.advanceTimersByTimeAsync(0);
    expect(storageC.getItem('utm_tags')).toBe('{"utm_source":"x","front_id":"f"}');

    b.setShared('utm_tags', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(storageA.getItem('utm_tags')).toBeNull();
    expect(storageC.getItem('utm_tags')).toBeNull();
    for (const tab of [a, b, c]) tab.stop();
  });
});
