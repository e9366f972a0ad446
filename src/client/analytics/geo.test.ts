import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/support/memory-storage';
import { fetchGeo, storedGeo } from './geo';

const geo = {
  country: 'Germany',
  user_ip: '8.8.8.8',
  country_code: 'DE',
  is_exposed: true,
  location: { city: 'Berlin' },
};

describe('fetchGeo', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function answer(status: number, data: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ code: status, message: 'x', data }), { status }),
      ),
    );
  }

  it('keeps the geo message in local storage in the spec’s shape', async () => {
    answer(200, geo);
    const onFailure = vi.fn();
    expect(await fetchGeo(onFailure)).toEqual(geo);
    expect(storedGeo()).toEqual(geo);
    expect(onFailure).not.toHaveBeenCalled();
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/mms/account/v1/geo_info');
    expect(init).toMatchObject({ method: 'POST', headers: { 'app-type': '502' } });
  });

  it('reports GET_GEO_EMPTY for an answer without a country', async () => {
    answer(200, { ...geo, country: '', country_code: '' });
    const onFailure = vi.fn();
    await fetchGeo(onFailure);
    expect(onFailure).toHaveBeenCalledWith({ event: 'GET_GEO_EMPTY', reason: 'no country' });
  });

  it('reports GET_GEO_ERROR for a failed request and keeps the stored value', async () => {
    answer(200, geo);
    await fetchGeo(vi.fn());
    answer(503, null);
    const onFailure = vi.fn();
    expect(await fetchGeo(onFailure)).toBeUndefined();
    expect(onFailure).toHaveBeenCalledWith({ event: 'GET_GEO_ERROR', reason: 'HTTP 503' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await fetchGeo(onFailure);
    expect(onFailure).toHaveBeenLastCalledWith({
      event: 'GET_GEO_ERROR',
      reason: 'Failed to fetch',
    });
    expect(storedGeo()).toEqual(geo);
  });
});
