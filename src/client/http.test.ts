import { describe, expect, it, vi } from 'vitest';
import { createApp } from '@/server/api/app';
import { useTestDb } from '../../tests/support/test-db';
import { ApiRequestError, createApiClient } from './http';

describe('browser API client', () => {
  const testDb = useTestDb();
  const app = createApp({ db: () => testDb().handle });
  const seen: Request[] = [];
  const viaApp: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    seen.push(request.clone());
    return app.fetch(request);
  };

  it('sends app-type 502 and JSON, and returns data from the envelope', async () => {
    const client = createApiClient(viaApp);
    const data = await client.request<{ url: string }>('/l10n', {
      query: { language: 'de', prefix: 'Nav', path: '/pricing', skip: undefined },
    });
    expect(data.url).toBe('/de/pricing');
    const request = seen.at(-1);
    expect(request?.headers.get('app-type')).toBe('502');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(new URL(request?.url ?? '').search).toBe('?language=de&prefix=Nav&path=%2Fpricing');
  });

  it('adds the bearer token once set', async () => {
    const client = createApiClient(viaApp);
    client.setBearerToken('t0ken');
    await client.request('/healthz');
    expect(seen.at(-1)?.headers.get('authorization')).toBe('Bearer t0ken');
  });

  it('announces a failure to the global handlers, then rejects with the server body', async () => {
    const client = createApiClient(viaApp);
    const listener = vi.fn();
    client.onApiError(listener);
    const error = await client
      .request('/api/mms/nope', { method: 'POST', body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, body: { code: 404 } });
    expect(listener).toHaveBeenCalledWith(error, '/api/mms/nope');
    await client.request('/api/mms/nope', { quiet: true }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps quiet only the errors a quiet test picks', async () => {
    const client = createApiClient(viaApp);
    const listener = vi.fn();
    client.onApiError(listener);
    const quiet = vi.fn((error: ApiRequestError) => error.status === 404);
    await client.request('/api/mms/nope', { quiet }).catch(() => undefined);
    expect(quiet).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));
    expect(listener).not.toHaveBeenCalled();
    const offline = createApiClient(async () => {
      throw new TypeError('fetch failed');
    });
    offline.onApiError(listener);
    const error = await offline.request('/x', { quiet }).catch((e: unknown) => e);
    expect(listener).toHaveBeenCalledWith(error, '/x');
  });

  it('turns a network failure into status 0 and a non-JSON answer into "Error"', async () => {
    const down = createApiClient(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.request('/x')).rejects.toMatchObject({ status: 0, message: 'Network error' });
    const html = createApiClient(async () => new Response('<html>', { status: 502 }));
    await expect(html.request('/x')).rejects.toMatchObject({ status: 502, message: 'Error' });
  });
});
