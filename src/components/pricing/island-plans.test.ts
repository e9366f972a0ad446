import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plansCacheKey, plansPath, seedPlans } from '@/client/plans-cache';
import { memoryStorage } from '../../../tests/support/memory-storage';
import { envelope, monthly, plansServer, yearly } from '../../../tests/support/plans-api';
import { islandPlans, startIslandPlans } from './island-plans';

const answer = (plans: unknown, code = 200) => envelope({ plans }, code, code === 200 ? 200 : 500);

describe('island plans', () => {
  let storage: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    storage = memoryStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('seeds the server’s plans under the page’s channel and X-From, without a request', async () => {
    const { requests, client } = plansServer();
    const apply = vi.fn();
    const plans = islandPlans(
      { plans: [yearly, monthly], from: 'landing-a' },
      { client, storage, search: '?channel=p7' },
    );
    await startIslandPlans(plans, true, apply);
    expect(requests).toHaveLength(0);
    expect(apply).not.toHaveBeenCalled();
    expect([...storage.data.keys()]).toEqual([plansCacheKey({ channel: 'p7', from: 'landing-a' })]);
  });

  it('lets the next page with the same key read the seeded plans without a request', async () => {
    const { requests, client } = plansServer(() => answer([monthly]));
    // The checkout page rendered the plans and its island seeded them ...
    await startIslandPlans(
      islandPlans({ plans: [yearly] }, { client, storage, search: '?channel=p7' }),
      true,
      () => {},
    );
    // ... so another island of the same channel that got no plans from its server reads them.
    const apply = vi.fn();
    await startIslandPlans(
      islandPlans({ plans: [] }, { client, storage, search: '?channel=p7&plan=12' }),
      false,
      apply,
    );
    expect(apply).toHaveBeenCalledWith([yearly]);
    expect(requests).toHaveLength(0);
  });

  it('reads the channel cookie when the address has none, as the server does', async () => {
    vi.stubGlobal('document', { cookie: 'channel=partner' });
    const { client } = plansServer();
    islandPlans({ plans: [yearly] }, { client, storage, search: '' }).seed();
    expect(storage.data.has(plansCacheKey({ channel: 'partner' }))).toBe(true);
  });

  it('without server plans loads the list through the cache: one request, then none', async () => {
    const { requests, client } = plansServer(() => answer([yearly, monthly]));
    const apply = vi.fn();
    const server = { plans: [], from: 'landing-a' };
    await startIslandPlans(islandPlans(server, { client, storage, search: '' }), false, apply);
    await startIslandPlans(islandPlans(server, { client, storage, search: '' }), false, apply);
    expect(apply).toHaveBeenNthCalledWith(1, [yearly, monthly]);
    expect(apply).toHaveBeenNthCalledWith(2, [yearly, monthly]);
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe(plansPath);
    expect(requests[0]?.headers.get('x-from')).toBe('landing-a');
  });

  it('keeps saying there is no plan when the load fails or finds none', async () => {
    const { client } = plansServer(
      () => answer(null, 500),
      () => answer([]),
    );
    const apply = vi.fn();
    const plans = islandPlans({ plans: [] }, { client, storage, search: '' });
    await startIslandPlans(plans, false, apply);
    await startIslandPlans(plans, false, apply);
    expect(apply).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it('asks the API again after "plan not found", even with a fresh cached list', async () => {
    const { requests, client } = plansServer(() => answer([monthly]));
    const plans = islandPlans({ plans: [yearly, monthly] }, { client, storage, search: '' });
    await startIslandPlans(plans, true, () => {});
    expect(await plans.load()).toEqual([yearly, monthly]);
    expect(requests).toHaveLength(0);
    expect(await plans.refresh()).toEqual([monthly]);
    expect(requests).toHaveLength(1);
    expect(await plans.load()).toEqual([monthly]);
    expect(requests).toHaveLength(1);
  });

  it('keeps the gift card page’s list (chosen without X-From) apart from a referred one', async () => {
    const { requests, client } = plansServer(() => answer([monthly]));
    seedPlans({ channel: 'p7', from: 'landing-a' }, [yearly], { storage });
    const gift = islandPlans({ plans: [] }, { client, storage, search: '?channel=p7' });
    expect(await gift.load()).toEqual([monthly]);
    expect(requests[0]?.headers.has('x-from')).toBe(false);
  });
});
