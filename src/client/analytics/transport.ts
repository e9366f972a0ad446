import type { AnalyticsEvent } from './event';

export const eventsPath = '/api/mms/analytics/v1/events';

export interface EventsBody {
  user_id: string | null;
  events: AnalyticsEvent[];
}

/**
 * Sends one batch. Normally `fetch` with keepalive (it survives a navigation); when the page is
 * being hidden, `sendBeacon` first (made for exactly that), then keepalive fetch if the browser
 * refused the beacon. Analytics never shows an error: false means "keep the events".
 */
export async function sendEvents(body: EventsBody, options: { beacon: boolean }): Promise<boolean> {
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
    // 4xx would fail again: drop those events rather than retry them forever.
    return res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429);
  } catch {
    return false;
  }
}
