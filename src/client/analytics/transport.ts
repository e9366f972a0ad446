import type { AnalyticsEvent } from './event';

export const eventsPath = '/api/mms/analytics/v1/events';

export interface EventsBody {
  user_id: string | null;
  events: AnalyticsEvent[];
}

/**
 * What became of one batch:
 * - `true`: done with these events (stored, or refused for good: a 4xx other than 408 and 429
 *   would fail again, so those events are dropped rather than retried forever);
 * - `false`: not delivered (network error, 5xx): keep them and try again later;
 * - `{ retryAfterMs }`: not delivered and the server said when to come back (429, or 503 with
 *   Retry-After): keep them and wait at least that long.
 */
export type SendResult = boolean | { retryAfterMs: number };

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; undefined if neither. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ('Wed, 21 Oct 2026 07:28:00 GMT').
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Sends one batch. Normally `fetch` with keepalive (it survives a navigation); when the page is
 * being hidden, `sendBeacon` first (made for exactly that), then keepalive fetch if the browser
 * refused the beacon. A beacon's answer cannot be read, so only the fetch path learns of a 429;
 * the queue therefore sends no beacon while it waits out a Retry-After. Analytics never shows
 * an error.
 */
export async function sendEvents(
  body: EventsBody,
  options: { beacon: boolean },
): Promise<SendResult> {
  const json = JSON.stringify(body);
  if (options.beacon && typeof navigator !== 'undefined' && navigator.sendBeacon) {
    // text/plain: a beacon with a JSON type would need a CORS preflight it cannot make.
    if (navigator.sendBeacon(eventsPath, new Blob([json], { type: 'text/plain;charset=UTF-8' }))) {
      return true;
    }
  }
  try {
    const res = await fetch(eventsPath, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'app-type': '502' },
      body: json,
    });
    if (res.ok) return true;
    if (res.status === 429 || res.status === 503) {
      const retryAfterMs = parseRetryAfter(res.headers.get('Retry-After'));
      return retryAfterMs === undefined ? false : { retryAfterMs };
    }
    return res.status >= 400 && res.status < 500 && res.status !== 408;
  } catch {
    return false;
  }
}
