// The site's analytics (spec 3, 4, 9). Other areas call `track(name, params)`; the tracking
// island (components/tracking) starts the rest: geo, consent, page views, clicks, errors.
import { sessionUserId } from '../session-hint';
import { type AnalyticsEvent, buildEvent, describeDevice, type EventParams } from './event';
import type { GeoMessage } from './geo';
import { AnalyticsQueue, type Permission, waitForIp } from './queue';
import { sendEvents } from './transport';

export type { EventParams } from './event';

/** Event names used across the site; pass one of these to track(). */
export const analyticsEvents = {
  pageShow: 'page_show',
  downloadClick: 'download_click',
  planSelected: 'plan_selected',
  checkoutStarted: 'checkout_started',
  checkoutFinished: 'checkout_finished',
  login: 'login',
  error: 'js_error',
  geoEmpty: 'GET_GEO_EMPTY',
  geoError: 'GET_GEO_ERROR',
} as const;

interface Runtime {
  permission: () => Permission;
  geo: () => GeoMessage | undefined;
}

const runtime: Runtime = { permission: () => 'wait', geo: () => undefined };
let queue: AnalyticsQueue | undefined;

function theQueue(): AnalyticsQueue {
  queue ??= new AnalyticsQueue({
    send: sendEvents,
    permission: () => runtime.permission(),
    userId: sessionUserId,
  });
  return queue;
}

function event(name: string, params: EventParams, at?: number): AnalyticsEvent {
  const geo = runtime.geo();
  return buildEvent(
    name,
    params,
    {
      // The signed-in account (the session hint carries its id); null for a visitor.
      userId: sessionUserId(),
      language: document.documentElement.lang || null,
      device: describeDevice(navigator.userAgent),
      country: geo?.country || null,
      countryCode: geo?.country_code || null,
      ip: geo?.user_ip || null,
      path: location.pathname,
    },
    at,
  );
}

/**
 * Records an event, e.g. `track(analyticsEvents.planSelected, { plan_id })`. Safe to call
 * anywhere: on the server it does nothing, and without consent the event is held or dropped.
 */
export function track(name: string, params: EventParams = {}): void {
  if (typeof window === 'undefined') return;
  theQueue().push(event(name, params));
}

const pendingLoginKey = 'analytics_login';

/**
 * A log-in, recorded by the page it leads to: the login page navigates away at once, before
 * its queue could send anything. The method waits in session storage until then.
 */
export function trackLoginOnNextPage(method: string): void {
  try {
    sessionStorage.setItem(pendingLoginKey, method);
  } catch {
    // Storage refused (private mode): the event is lost, the login is not.
  }
}

/** Sends the login event a previous page left (tracking island, once per page). */
export function sendPendingLogin(): void {
  let method: string | null = null;
  try {
    method = sessionStorage.getItem(pendingLoginKey);
    sessionStorage.removeItem(pendingLoginKey);
  } catch {
    return;
  }
  if (method) track(analyticsEvents.login, { method });
}

/** page_show waits for the visitor's IP (10 tries, 1 s apart), then goes without it. */
export async function trackPageShow(params: EventParams = {}): Promise<void> {
  if (typeof window === 'undefined') return;
  const shownAt = Date.now();
  const path = location.pathname;
  await waitForIp(() => runtime.geo()?.user_ip);
  theQueue().push(event(analyticsEvents.pageShow, { path, ...params }, shownAt));
}

/** Wires consent and geo in (tracking island). */
export function configureAnalytics(options: {
  permission: () => Permission;
  geo: () => GeoMessage | undefined;
}): void {
  runtime.permission = options.permission;
  runtime.geo = options.geo;
  theQueue().permissionChanged();
}

/** Consent changed: send what waited, or drop it. */
export function analyticsPermissionChanged(): void {
  theQueue().permissionChanged();
}

/** Sends what is queued; `beacon` when the page is going away. */
export function flushAnalytics(beacon = false): Promise<void> {
  return theQueue().flush({ beacon });
}
