import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage';
import { envelope, monthly, plansServer as server, yearly } from '../../tests/support/plans-api';
import { ApiRequestError } from './http';
import {
  browserPlansOptions,
  fetchPlans,
  plansCacheKey,
  plansPath,
  plansTtlMs,
  refreshPlans,
  seedPlans,
} from './plans-cache';
import type { StorageLike } from './storage';

describe('fetchPlans', () => {
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

  it('asks the plans API with the channel and X-From, and unwraps the plan list', async () => {
    const { requests, client } = server(() => envelope({ plans: [monthly, yearly] }));
    const plans = await fetchPlans({ channel: 'p7', from: 'landing-a' }, { client, storage });
    expect(plans).toEqual([monthly, yearly]);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe(plansPath);
    expect(url.search).toBe('?channel=p7');
    expect(request?.headers.get('x-from')).toBe('landing-a');
    expect(request?.headers.get('app-type')).toBe('502');
  });

  it('sends neither query nor X-From when none is given', async () => {
    const { requests, client } = server(() => envelope({ plans: [yearly] }));
    await fetchPlans({ channel: '', from: '' }, { client, storage });
    expect(new URL(requests[0]?.url ?? '').search).toBe('');
    expect(requests[0]?.headers.has('x-from')).toBe(false);
  });

  it('answers from the cache for ten minutes, then asks again', async () => {
    const { requests, client } = server(
      () => envelope({ plans: [yearly] }),
      () => envelope({ plans: [monthly] }),
    );
    const options = { channel: 'p7' };
    expect(await fetchPlans(options, { client, storage })).toEqual([yearly]);
    vi.setSystemTime(Date.now() + plansTtlMs - 1);
    expect(await fetchPlans(options, { client, storage })).toEqual([yearly]);
    expect(requests).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1);
    expect(await fetchPlans(options, { client, storage })).toEqual([monthly]);
    expect(requests).toHaveLength(2);
  });

  it('keeps one list per channel and referrer', async () => {
    const { requests, client } = server(
      () => envelope({ plans: [yearly] }),
      () => envelope({ plans: [monthly] }),
      () => envelope({ plans: [yearly, monthly] }),
    );
    expect(await fetchPlans({ channel: 'a' }, { client, storage })).toEqual([yearly]);
    expect(await fetchPlans({ channel: 'a', from: 'x' }, { client, storage })).toEqual([monthly]);
    expect(await fetchPlans({}, { client, storage })).toEqual([yearly, monthly]);
    expect(await fetchPlans({ channel: 'a' }, { client, storage })).toEqual([yearly]);
    expect(requests).toHaveLength(3);
    expect(storage.data.size).toBe(3);
  });

  it('builds keys that no pair of values can share', () => {
    expect(plansCacheKey({ channel: 'a:b' })).not.toBe(plansCacheKey({ channel: 'a', from: 'b' }));
    expect(plansCacheKey({ channel: 'a' })).not.toBe(plansCacheKey({ from: 'a' }));
    expect(plansCacheKey({ channel: '' })).toBe(plansCacheKey({}));
  });

  it('does not cache a failure', async () => {
    const { requests, client } = server(
      () => envelope(null, 500, 500),
      () => envelope({ plans: [yearly] }),
    );
    const error = await fetchPlans({}, { client, storage }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 500 });
    expect(storage.data.size).toBe(0);
    expect(await fetchPlans({}, { client, storage })).toEqual([yearly]);
    expect(requests).toHaveLength(2);
  });

  it('does not cache a network failure', async () => {
    const { client } = server();
    await expect(fetchPlans({}, { client, storage })).rejects.toMatchObject({ status: 0 });
    expect(storage.data.size).toBe(0);
  });

  it.each([
    ['no data', null],
    ['no plans', {}],
    ['plans that are not a list', { plans: { 0: yearly } }],
  ])('rejects an answer with %s and does not cache it', async (_label, data) => {
    const { client } = server(() => envelope(data));
    await expect(fetchPlans({}, { client, storage })).rejects.toMatchObject({
      name: 'ApiRequestError',
      message: 'The plans answer has no plan list',
    });
    expect(storage.data.size).toBe(0);
  });

  it('leaves malformed plans out, and does not cache a list without a usable plan', async () => {
    const { requests, client } = server(
      () => envelope({ plans: [{ ...yearly, price: 59.99 }, monthly, 'x'] }),
      () => envelope({ plans: [{ id: 1 }] }),
      () => envelope({ plans: [] }),
      () => envelope({ plans: [yearly] }),
    );
    expect(await fetchPlans({ channel: 'a' }, { client, storage })).toEqual([monthly]);
    expect(await fetchPlans({ channel: 'b' }, { client, storage })).toEqual([]);
    expect(await fetchPlans({ channel: 'b' }, { client, storage })).toEqual([]);
    expect(await fetchPlans({ channel: 'b' }, { client, storage })).toEqual([yearly]);
    expect(requests).toHaveLength(4);
  });

  it('asks again when the stored list is no longer usable', async () => {
    const { requests, client } = server(() => envelope({ plans: [yearly] }));
    const key = plansCacheKey({});
    storage.setItem(key, JSON.stringify({ value: [{ id: 'old' }], expires: Date.now() + 1000 }));
    expect(await fetchPlans({}, { client, storage })).toEqual([yearly]);
    expect(requests).toHaveLength(1);
  });

  it('shares one request between callers asking at the same time', async () => {
    const { requests, client } = server(() => envelope({ plans: [yearly] }));
    const [a, b] = await Promise.all([
      fetchPlans({ channel: 'p7' }, { client, storage }),
      fetchPlans({ channel: 'p7' }, { client, storage }),
    ]);
    expect(a).toEqual([yearly]);
    expect(b).toEqual([yearly]);
    expect(requests).toHaveLength(1);
  });

  it('still answers when storage is unusable', async () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { requests, client } = server(
      () => envelope({ plans: [yearly] }),
      () => envelope({ plans: [yearly] }),
    );
    expect(await fetchPlans({}, { client, storage: broken })).toEqual([yearly]);
    expect(await fetchPlans({}, { client, storage: broken })).toEqual([yearly]);
    expect(requests).toHaveLength(2);
  });

  it('uses the site’s client and local storage by default', async () => {
    const fetchSpy = vi.fn(async () => envelope({ plans: [yearly] }));
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('localStorage', storage);
    expect(await fetchPlans({ channel: 'default' })).toEqual([yearly]);
    expect(await fetchPlans({ channel: 'default' })).toEqual([yearly]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(`${plansPath}?channel=default`, expect.anything());
    expect(storage.data.has(plansCacheKey({ channel: 'default' }))).toBe(true);
  });
});

describe('seedPlans', () => {
  let storage: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    storage = memoryStorage();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a list the page already has, so fetchPlans answers it without a request', async () => {
    const { requests, client } = server(() => envelope({ plans: [monthly] }));
    seedPlans({ channel: 'p7', from: 'landing-a' }, [yearly, monthly], { storage });
    expect(storage.data.has(plansCacheKey({ channel: 'p7', from: 'landing-a' }))).toBe(true);
    const options = { channel: 'p7', from: 'landing-a' };
    expect(await fetchPlans(options, { client, storage })).toEqual([yearly, monthly]);
    expect(requests).toHaveLength(0);
  });

  it('keeps the seeded list for ten minutes, as an answer', async () => {
    const { requests, client } = server(() => envelope({ plans: [monthly] }));
    seedPlans({}, [yearly], { storage });
    vi.setSystemTime(Date.now() + plansTtlMs - 1);
    expect(await fetchPlans({}, { client, storage })).toEqual([yearly]);
    vi.setSystemTime(Date.now() + 1);
    expect(await fetchPlans({}, { client, storage })).toEqual([monthly]);
    expect(requests).toHaveLength(1);
  });

  it('seeds only its own channel and referrer', async () => {
    const { requests, client } = server(() => envelope({ plans: [monthly] }));
    seedPlans({ channel: 'p7' }, [yearly], { storage });
    expect(await fetchPlans({ channel: 'p7', from: 'x' }, { client, storage })).toEqual([monthly]);
    expect(requests).toHaveLength(1);
  });

  it('replaces an older list of the same key', async () => {
    const { client } = server();
    seedPlans({ channel: 'p7' }, [monthly], { storage });
    seedPlans({ channel: 'p7' }, [yearly], { storage });
    expect(await fetchPlans({ channel: 'p7' }, { client, storage })).toEqual([yearly]);
  });

  it('leaves malformed plans out and stores no list without a usable plan', async () => {
    seedPlans({ channel: 'a' }, [{ ...yearly, price: 59.99 }, monthly, 'x'], { storage });
    seedPlans({ channel: 'b' }, [{ id: 1 }], { storage });
    seedPlans({ channel: 'c' }, [], { storage });
    expect([...storage.data.keys()]).toEqual([plansCacheKey({ channel: 'a' })]);
    const { client } = server();
    expect(await fetchPlans({ channel: 'a' }, { client, storage })).toEqual([monthly]);
  });

  it('does not throw when storage is unusable', () => {
    const broken: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => seedPlans({}, [yearly], { storage: broken })).not.toThrow();
  });
});

describe('refreshPlans', () => {
  let storage: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    storage = memoryStorage();
  });

  it('asks the API whatever is cached, and caches the new answer', async () => {
    const { requests, client } = server(() => envelope({ plans: [monthly] }));
    seedPlans({ channel: 'p7' }, [yearly], { storage });
    expect(await refreshPlans({ channel: 'p7' }, { client, storage })).toEqual([monthly]);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe(plansPath);
    expect(await fetchPlans({ channel: 'p7' }, { client, storage })).toEqual([monthly]);
    expect(requests).toHaveLength(1);
  });

  it('leaves nothing cached when the new request fails', async () => {
    const { client } = server(() => envelope(null, 500, 500));
    seedPlans({}, [yearly], { storage });
    await expect(refreshPlans({}, { client, storage })).rejects.toBeInstanceOf(ApiRequestError);
    expect(storage.data.size).toBe(0);
  });
});

describe('browserPlansOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the channel from the query, else the cookie, as the server does', () => {
    vi.stubGlobal('document', { cookie: 'a=1; channel=from-cookie' });
    expect(browserPlansOptions(undefined, '?channel=from-query')).toEqual({
      channel: 'from-query',
    });
    expect(browserPlansOptions(undefined, '?plan=12')).toEqual({ channel: 'from-cookie' });
    vi.stubGlobal('location', { search: '?channel=here' });
    expect(browserPlansOptions()).toEqual({ channel: 'here' });
  });

  it('adds the X-From the server saw, and nothing when there is neither', () => {
    expect(browserPlansOptions('landing-a', '?channel=p7')).toEqual({
      channel: 'p7',
      from: 'landing-a',
    });
    expect(browserPlansOptions(null, '')).toEqual({});
    expect(browserPlansOptions('', '?channel=')).toEqual({});
  });
});

describe('the one place in the browser that requests plans', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  // Code that may run in a browser: everything but the server's modules and the tests.
  const browserCode = files(src)
    .map((file) => relative(src, file).split('\\').join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith('server/'));

  /** A file's code without its comments (block comments and whole comment lines). */
  const code = (file: string) =>
    readFileSync(join(src, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');

  it('is src/client/plans-cache.ts', () => {
    // The plans API's path as a string, or the module's own constant for it.
    const asksPlans = /['"`][^'"`\n]*providers\/plans|\bplansPath\b/;
    expect(browserCode.filter((file) => asksPlans.test(code(file)))).toEqual([
      'client/plans-cache.ts',
    ]);
  });

  it('is what the purchase islands load their plans through', () => {
    expect(code('components/pricing/island-plans.ts')).toMatch(/from '@\/client\/plans-cache'/);
    for (const island of [
      'components/pricing/checkout-flow.tsx',
      'components/gift/gift-purchase.tsx',
    ]) {
      expect(code(island)).toMatch(/\buseIslandPlans\(/);
    }
  });
});
