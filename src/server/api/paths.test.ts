import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsletterPaths } from '@/server/forms/newsletter';
import type { Payments } from '@/server/payments/billing';
import { sandboxApprovePath } from '@/server/payments/sandbox';
import { type CapturedLogs, captureLogs } from '../../../tests/support/log-capture';
import { createApp } from './app';
import { sandboxFormPath } from './routes/payment-sandbox';

// Every method and path the API answers (docs/api.md), as app.ts mounts them. A router mounted
// at the wrong prefix, twice, or not at all changes this list.

/** Answered without the app-type header and without the app's 64 KiB body limit. */
const unguarded = [
  'POST /api/mms/newsletter/v1/unsubscribe',
  'POST /api/mms/analytics/v1/events',
  'POST /api/mms/payment/v1/webhooks/paypal',
  'GET /api/mms/payment/v1/sandbox/checkout/:id',
  'POST /api/mms/payment/v1/sandbox/checkout/:id/approve',
  'POST /api/mms/payment/v1/sandbox/checkout/:id/cancel',
  'POST /api/mms/payment/v1/sandbox/checkout/:id/renew',
];

const guarded = [
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /l10n',
  'GET /ws/mm/blog/fast-blog-detail',
  'GET /ws/mm/v2/blog/search',
  'GET /ws/mm/v2/blog/home',
  'POST /ws/mm/v2/blog/detail',
  'GET /ws/mm/v2/blog/yoast-head',
  'GET /ws/mm/v2/blog/recommended',
  'GET /ws/mm/v2/blog/list',
  'GET /ws/mm/v2/blog/recommend-searchs',
  'GET /ws/mm/v2/blog/recommend-categories',
  'POST /api/mms/contact/v1/messages',
  'POST /api/mms/partners/v1/applications',
  'POST /api/mms/survey/v1/uninstall',
  'POST /api/mms/newsletter/v1/subscribe',
  'GET /api/mms/newsletter/v1/confirm',
  'GET /api/mms/newsletter/v1/unsubscribe',
  'POST /api/mms/account/v1/geo_info',
  'POST /api/mms/account/v1/web/login',
  'GET /api/mms/account/v1/web/profile',
  'POST /api/mms/account/v1/web/logout',
  'POST /api/mms/account/v1/web/login/handoff',
  'POST /api/mms/account/v1/web/login/handoff/exchange',
  'POST /api/mms/account/v1/verification/request',
  'POST /api/mms/account/v1/verification/validate',
  'POST /api/mms/account/v1/web/reset_password',
  'POST /api/mms/account/v1/web/change_password',
  'POST /api/mms/account/v1/web/set_password',
  'GET /api/mms/account/v1/web/device/list',
  'POST /api/mms/account/v1/web/device/unbind',
  'GET /api/mms/account/v1/web/sessions',
  'GET /api/mms/account/v1/web/activity',
  'POST /api/mms/account/v1/web/sessions/revoke',
  'POST /api/mms/account/v1/web/sessions/revoke_others',
  'POST /api/mms/account/v1/web/sessions/end',
  'POST /api/mms/account/v1/web/login/mfa',
  'GET /api/mms/account/v1/web/reauth',
  'POST /api/mms/account/v1/web/reauth',
  'GET /api/mms/account/v1/web/2fa',
  'POST /api/mms/account/v1/web/2fa/totp/setup',
  'POST /api/mms/account/v1/web/2fa/totp/enable',
  'POST /api/mms/account/v1/web/2fa/totp/disable',
  'POST /api/mms/account/v1/web/2fa/recovery/regenerate',
  'GET /api/mms/account/v1/web/passkeys',
  'POST /api/mms/account/v1/web/passkeys/register/options',
  'POST /api/mms/account/v1/web/passkeys/register/verify',
  'POST /api/mms/account/v1/web/passkeys/remove',
  'POST /api/mms/account/v1/web/login/passkey/options',
  'POST /api/mms/account/v1/web/login/passkey/verify',
  'POST /api/mms/account/v1/web/reauth/passkey/options',
  'POST /api/mms/account/v1/web/reauth/passkey/verify',
  'POST /api/mms/account/v1/web/email/change',
  'POST /api/mms/account/v1/web/email/confirm',
  'GET /api/mms/account/v1/web/export',
  'POST /api/mms/account/v1/web/delete',
  'POST /api/mms/account/v1/device/bind',
  'GET /api/mms/payment/v1/providers/plans',
  'POST /api/mms/payment/v1/web/checkout',
  'GET /api/mms/payment/v1/web/checkout/:id',
  'POST /api/mms/payment/v1/web/checkout/:id/capture',
  'POST /api/mms/payment/v1/web/checkout/:id/cancel',
  'GET /api/mms/payment/v1/web/subscription_my',
  'GET /api/mms/payment/v1/web/receipts/:id',
  'POST /api/mms/payment/v1/web/subscription/auto_renew',
  'POST /api/mms/payment/v1/web/subscription/plan',
  'POST /api/mms/payment/v1/web/refund',
  'POST /api/mms/payment/v1/gift/redeem',
  'GET /api/mms/payment/v1/promotion',
  'ALL /ws/mm/reca/:version{r2|r3}/*',
];

const noDb = () => {
  throw new Error('this test app has no database');
};
// Refuses every webhook signature, so a delivery ends before any order is looked at.
const payments = { name: 'stub', verifyWebhook: async () => false } as unknown as Payments;

const testApp = (bodyLimitBytes?: number) =>
  createApp({ db: noDb, payments, bodyLimitBytes, metricsToken: null });

/** The app's routes as `METHOD /path`, each once (a route's own middlewares are entries too). */
function answered(): string[] {
  const entries = testApp()
    .routes.filter((route) => route.path !== '/*')
    .map((route) => `${route.method} ${route.path}`);
  return entries.filter((entry, i) => entry !== entries[i - 1]);
}

/** A request path the pattern matches. */
const concrete = (pattern: string) =>
  pattern.replace(':id', 'ORDER1').replace(':version{r2|r3}', 'r3').replace(/\*$/, 'x/v1/y');

// Requests that may change state: the ones the app-type check and the body limit look at.
const stateChanging = [...unguarded, ...guarded]
  .map((entry) => entry.split(' ') as [string, string])
  .filter(([method]) => method !== 'GET')
  .map(([method, pattern]) => ({
    entry: `${method} ${pattern}`,
    method: method === 'ALL' ? 'POST' : method,
    path: concrete(pattern),
  }));

const isUnguarded = (entry: string) => unguarded.includes(entry);

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => {
  logs.restore();
});

describe('the API path map', () => {
  it('answers exactly the listed methods and paths, each once', () => {
    expect(answered().sort()).toEqual([...unguarded, ...guarded].sort());
  });

  it('answers the addresses other modules build: mail links and the sandbox page', () => {
    const routes = answered();
    expect(routes).toContain(`GET ${newsletterPaths.confirm}`);
    expect(routes).toContain(`GET ${newsletterPaths.unsubscribe}`);
    expect(routes).toContain(`POST ${newsletterPaths.unsubscribe}`);
    expect(routes).toContain(`GET ${sandboxApprovePath('ID').replace(/ID$/, ':id')}`);
    expect(routes).toContain(`POST ${sandboxFormPath}/:id/approve`);
    expect(routes).toContain(`POST ${sandboxFormPath}/:id/cancel`);
  });

  it.each(stateChanging)('$entry: the app-type check applies as listed', async (route) => {
    const res = await testApp().request(route.path, {
      method: route.method,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    const refused =
      res.status === 403 && body?.message === 'Requests must carry the app-type header';
    expect(refused).toBe(!isUnguarded(route.entry));
  });

  it.each(stateChanging)('$entry: the app body limit applies as listed', async (route) => {
    const res = await testApp(16).request(route.path, {
      method: route.method,
      headers: { 'app-type': '502', 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(64) }),
    });
    expect(res.status === 413).toBe(!isUnguarded(route.entry));
  });
});
