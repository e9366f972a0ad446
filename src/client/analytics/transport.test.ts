import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter, sendEvents } from './transport';

const body = { user_id: null, events: [] };

function answer(status: number, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status, headers })),
  );
}

describe('sendEvents (fetch path)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is done with a batch that was stored or is refused for good', async () => {
    answer(200);
    expect(await sendEvents(body, { beacon: false })).toBe(true);
    answer(400);
    expect(await sendEvents(body, { beacon: false })).toBe(true);
    answer(413);
    expect(await sendEvents(body, { beacon: false })).toBe(true);
  });

  it('passes on the server’s wait for a 429 or 503 with Retry-After', async () => {
    answer(429, { 'Retry-After': '17' });
    expect(await sendEvents(body, { beacon: false })).toEqual({ retryAfterMs: 17_000 });
    answer(503, { 'Retry-After': '5' });
    expect(await sendEvents(body, { beacon: false })).toEqual({ retryAfterMs: 5000 });
  });

  it('keeps the batch without a wait on a 429 without Retry-After, a 5xx or a network error', async () => {
    answer(429);
    expect(await sendEvents(body, { beacon: false })).toBe(false);
    answer(500);
    expect(await sendEvents(body, { beacon: false })).toBe(false);
    answer(408);
    expect(await sendEvents(body, { beacon: false })).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await sendEvents(body, { beacon: false })).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('42', now)).toBe(42_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});
