// Every endpoint of docs/api.md in one table, for the hostile-input tests of the API
// (src/server/api/fuzz.test.ts and security.test.ts). Each entry knows its method, path, whether
// it needs a session, its CSRF guard, and a valid value for every body and query field, so the
// tests can break one thing at a time and still reach deep into the handler.
import { readFileSync } from 'node:fs';

export type FieldKind = 'text' | 'email' | 'password' | 'enum' | 'number' | 'boolean' | 'list';

export interface Field {
  kind: FieldKind;
  /** A value the endpoint accepts (fresh each call where uniqueness matters, e.g. emails). */
  good: () => unknown;
  /** Where a hostile text goes in this field (lists and objects hold it inside); default: as is. */
  inject?: (text: string) => unknown;
}

export type Guard =
  /** Refused without `app-type: 502` (the API's CSRF guard). */
  | 'app-type'
  /** Documented exception: callers that cannot send headers (beacons, PayPal, mail providers). */
  | 'exempt'
  /** The sandbox's plain HTML forms: refused unless Origin is this site. */
  | 'origin';

export interface Endpoint {
  method: 'GET' | 'POST';
  /** As documented; `:id` is a path parameter, a trailing `*` any rest of the path. */
  path: string;
  session: boolean;
  guard: Guard;
  body?: Record<string, Field>;
  query?: Record<string, Field>;
  /** Success is not the JSON envelope: a 303 to a page, or the sandbox's HTML page. */
  answers?: 'redirect' | 'html';
  /** The body limit in bytes when it is not the API's 64 KiB (undefined: the body is not read). */
  bodyLimit?: number | null;
}

let counter = 0;
/** A unique, valid address (form limits count per email). */
export const freshEmail = () => `hostile${++counter}-${Date.now()}@example.com`;
/** A well-formed 43-character token nobody issued. */
export const strangerToken = () => 'Q'.repeat(20) + String(Date.now()).padEnd(23, 'z');

const text = (value: string): Field => ({ kind: 'text', good: () => value });
const choice = (value: string): Field => ({ kind: 'enum', good: () => value });
const email: Field = { kind: 'email', good: freshEmail };
const password = (value: string): Field => ({ kind: 'password', good: () => value });
const locale = choice('en');

/** A WebAuthn response's shape (its signature checks fail: nobody's authenticator made it). */
const webauthnResponse: Field = {
  kind: 'text',
  good: () => ({
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  }),
  inject: (text) => ({
    id: text,
    rawId: text,
    type: 'public-key',
    response: { clientDataJSON: text },
  }),
};

const account = '/api/mms/account/v1';
const payment = '/api/mms/payment/v1';

export const endpoints: readonly Endpoint[] = [
  { method: 'GET', path: '/healthz', session: false, guard: 'app-type' },
  { method: 'GET', path: '/readyz', session: false, guard: 'app-type' },
  { method: 'GET', path: '/metrics', session: false, guard: 'app-type' },
  {
    method: 'GET',
    path: '/l10n',
    session: false,
    guard: 'app-type',
    query: { language: locale, prefix: text('Errors'), path: text('/pricing') },
  },
  // Forms
  {
    method: 'POST',
    path: '/api/mms/contact/v1/messages',
    session: false,
    guard: 'app-type',
    body: {
      email,
      name: text('Ana Silva'),
      inquiry: text('My app stops at Connecting.'),
      topic: choice('technical'),
      locale,
    },
  },
  {
    method: 'POST',
    path: '/api/mms/partners/v1/applications',
    session: false,
    guard: 'app-type',
    body: {
      programme: choice('influencer'),
      name: text('Ana Silva'),
      email,
      channels: {
        kind: 'list',
        good: () => ['https://video.example.com/ana'],
        inject: (text) => [text, `https://video.example.com/${text}`],
      },
      audience: text('Travellers, 20k followers'),
      country: text('Portugal'),
      campaign: text('spring-24'),
      locale,
    },
  },
  {
    method: 'POST',
    path: '/api/mms/survey/v1/uninstall',
    session: false,
    guard: 'app-type',
    body: {
      reasons: { kind: 'list', good: () => ['slow'], inject: (text) => [text] },
      comment: text('Too slow for me'),
      version: text('1.2.3'),
      locale,
    },
  },
  // Newsletter
  {
    method: 'POST',
    path: '/api/mms/newsletter/v1/subscribe',
    session: false,
    guard: 'app-type',
    body: { email, locale },
  },
  {
    method: 'GET',
    path: '/api/mms/newsletter/v1/confirm',
    session: false,
    guard: 'app-type',
    query: { token: { kind: 'text', good: strangerToken } },
    answers: 'redirect',
  },
  {
    method: 'GET',
    path: '/api/mms/newsletter/v1/unsubscribe',
    session: false,
    guard: 'app-type',
    query: { token: { kind: 'text', good: strangerToken } },
    answers: 'redirect',
  },
  {
    method: 'POST',
    path: '/api/mms/newsletter/v1/unsubscribe',
    session: false,
    guard: 'exempt',
    query: { token: { kind: 'text', good: strangerToken } },
    bodyLimit: null,
  },
  // Accounts
  {
    method: 'POST',
    path: `${account}/web/login`,
    session: false,
    guard: 'app-type',
    body: { username: email, password: password('Wrong-pass1!') },
  },
  { method: 'GET', path: `${account}/web/profile`, session: true, guard: 'app-type' },
  { method: 'POST', path: `${account}/web/logout`, session: false, guard: 'app-type' },
  { method: 'POST', path: `${account}/web/login/handoff`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/login/handoff/exchange`,
    session: false,
    guard: 'app-type',
    body: { code: { kind: 'text', good: strangerToken } },
  },
  {
    method: 'POST',
    path: `${account}/verification/request`,
    session: false,
    guard: 'app-type',
    body: { email, language: locale },
  },
  {
    method: 'POST',
    path: `${account}/verification/validate`,
    session: false,
    guard: 'app-type',
    body: { email, code: text('123456') },
  },
  {
    method: 'POST',
    path: `${account}/web/reset_password`,
    session: false,
    guard: 'app-type',
    body: { email, code: text('123456'), password: password('Fuzz-pass1!') },
  },
  {
    method: 'POST',
    path: `${account}/web/change_password`,
    session: true,
    guard: 'app-type',
    body: { current_password: password('Wrong-pass1!'), new_password: password('Fuzz-pass2!') },
  },
  {
    method: 'POST',
    path: `${account}/web/set_password`,
    session: true,
    guard: 'app-type',
    body: { password: password('Fuzz-pass3!') },
  },
  { method: 'GET', path: `${account}/web/device/list`, session: true, guard: 'app-type' },
  { method: 'GET', path: `${account}/web/sessions`, session: true, guard: 'app-type' },
  { method: 'GET', path: `${account}/web/activity`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/sessions/revoke`,
    session: true,
    guard: 'app-type',
    body: { id: text('00000000-0000-0000-0000-000000000000') },
  },
  {
    method: 'POST',
    path: `${account}/web/sessions/revoke_others`,
    session: true,
    guard: 'app-type',
  },
  {
    method: 'POST',
    path: `${account}/web/sessions/end`,
    session: false,
    guard: 'app-type',
    body: { token: text(strangerToken()) },
  },
  {
    method: 'POST',
    path: `${account}/web/device/unbind`,
    session: true,
    guard: 'app-type',
    body: {
      unbind_app_type: { kind: 'number', good: () => 401 },
      unbind_user_id: text('win-install-1'),
    },
  },
  {
    method: 'POST',
    path: `${account}/device/bind`,
    session: true,
    guard: 'app-type',
    body: {
      app_type: { kind: 'number', good: () => 401 },
      device_user_id: text('win-install-1'),
      device_name: text('DESKTOP-1'),
    },
  },
  // Two-factor, passkeys, re-authentication, email change, export, deletion (issue 17). The
  // fuzzer's sessions never re-authenticated, so the sensitive ones stop at 40014.
  {
    method: 'POST',
    path: `${account}/web/login/mfa`,
    session: false,
    guard: 'app-type',
    body: { mfa_token: text(strangerToken()), code: text('123456') },
  },
  { method: 'GET', path: `${account}/web/reauth`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/reauth`,
    session: true,
    guard: 'app-type',
    body: { password: password('Wrong-pass1!') },
  },
  { method: 'GET', path: `${account}/web/2fa`, session: true, guard: 'app-type' },
  { method: 'POST', path: `${account}/web/2fa/totp/setup`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/2fa/totp/enable`,
    session: true,
    guard: 'app-type',
    body: { code: text('123456') },
  },
  {
    method: 'POST',
    path: `${account}/web/2fa/totp/disable`,
    session: true,
    guard: 'app-type',
    body: { password: password('Wrong-pass1!'), code: text('123456') },
  },
  {
    method: 'POST',
    path: `${account}/web/2fa/recovery/regenerate`,
    session: true,
    guard: 'app-type',
  },
  { method: 'GET', path: `${account}/web/passkeys`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/passkeys/register/options`,
    session: true,
    guard: 'app-type',
  },
  {
    method: 'POST',
    path: `${account}/web/passkeys/register/verify`,
    session: true,
    guard: 'app-type',
    body: { response: webauthnResponse, name: text('Laptop') },
  },
  {
    method: 'POST',
    path: `${account}/web/passkeys/remove`,
    session: true,
    guard: 'app-type',
    body: { id: text('00000000-0000-0000-0000-000000000000') },
  },
  {
    method: 'POST',
    path: `${account}/web/login/passkey/options`,
    session: false,
    guard: 'app-type',
  },
  {
    method: 'POST',
    path: `${account}/web/login/passkey/verify`,
    session: false,
    guard: 'app-type',
    body: { response: webauthnResponse },
  },
  {
    method: 'POST',
    path: `${account}/web/reauth/passkey/options`,
    session: true,
    guard: 'app-type',
  },
  {
    method: 'POST',
    path: `${account}/web/reauth/passkey/verify`,
    session: true,
    guard: 'app-type',
    body: { response: webauthnResponse },
  },
  {
    method: 'POST',
    path: `${account}/web/email/change`,
    session: true,
    guard: 'app-type',
    body: { new_email: email, language: locale },
  },
  {
    method: 'POST',
    path: `${account}/web/email/confirm`,
    session: true,
    guard: 'app-type',
    body: { code: text('123456') },
  },
  { method: 'GET', path: `${account}/web/export`, session: true, guard: 'app-type' },
  {
    method: 'POST',
    path: `${account}/web/delete`,
    session: true,
    guard: 'app-type',
    body: { confirm: choice('DELETE') },
  },
  { method: 'POST', path: `${account}/geo_info`, session: false, guard: 'app-type' },
  // Bot-check wrappers: the same calls under /ws/mm/reca/{r2|r3}/, recasign in body or query.
  {
    method: 'POST',
    path: '/ws/mm/reca/r3/*',
    session: false,
    guard: 'app-type',
    body: { recasign: text('token-from-recaptcha') },
  },
  {
    method: 'GET',
    path: '/ws/mm/reca/r2/*',
    session: false,
    guard: 'app-type',
    query: { recasign: text('token-from-recaptcha') },
  },
  // Payments
  {
    method: 'GET',
    path: `${payment}/providers/plans`,
    session: false,
    guard: 'app-type',
    query: { channel: text('partner') },
  },
  {
    method: 'POST',
    path: `${payment}/web/checkout`,
    session: false,
    guard: 'app-type',
    body: {
      plan_id: text('p24m'),
      kind: choice('plan'),
      email,
      platform: choice('web'),
      language: locale,
    },
  },
  { method: 'GET', path: `${payment}/web/checkout/:id`, session: false, guard: 'app-type' },
  {
    method: 'POST',
    path: `${payment}/web/checkout/:id/capture`,
    session: false,
    guard: 'app-type',
  },
  {
    method: 'POST',
    path: `${payment}/web/checkout/:id/cancel`,
    session: false,
    guard: 'app-type',
  },
  { method: 'GET', path: `${payment}/web/subscription_my`, session: true, guard: 'app-type' },
  {
    method: 'GET',
    path: `${payment}/web/receipts/:id`,
    session: true,
    guard: 'app-type',
    query: { type: choice('receipt'), language: locale },
  },
  {
    method: 'POST',
    path: `${payment}/web/subscription/auto_renew`,
    session: true,
    guard: 'app-type',
    body: { enabled: { kind: 'boolean', good: () => false }, language: locale },
  },
  {
    method: 'POST',
    path: `${payment}/web/subscription/plan`,
    session: true,
    guard: 'app-type',
    body: {
      plan_id: text('p12m'),
      approved: { kind: 'boolean', good: () => true },
      language: locale,
    },
  },
  {
    method: 'POST',
    path: `${payment}/web/refund`,
    session: true,
    guard: 'app-type',
    body: { order_id: text('ord-unknown'), reason: text('Not what I expected') },
  },
  {
    method: 'POST',
    path: `${payment}/gift/redeem`,
    session: false,
    guard: 'app-type',
    body: { code: text('ABCD-EFGH-JKLM-NPQR'), email, language: locale },
  },
  { method: 'GET', path: `${payment}/promotion`, session: false, guard: 'app-type' },
  {
    method: 'POST',
    path: `${payment}/webhooks/paypal`,
    session: false,
    guard: 'exempt',
    body: {
      id: text('WH-1'),
      event_type: choice('PAYMENT.CAPTURE.COMPLETED'),
      resource: { kind: 'list', good: () => ({ id: 'CAP-1' }), inject: (text) => ({ id: text }) },
    },
    bodyLimit: 256 * 1024,
  },
  {
    method: 'GET',
    path: `${payment}/sandbox/checkout/:id`,
    session: false,
    guard: 'app-type',
    answers: 'html',
  },
  {
    method: 'POST',
    path: `${payment}/sandbox/checkout/:id/approve`,
    session: false,
    guard: 'origin',
    answers: 'redirect',
    bodyLimit: null,
  },
  {
    method: 'POST',
    path: `${payment}/sandbox/checkout/:id/cancel`,
    session: false,
    guard: 'origin',
    answers: 'redirect',
    bodyLimit: null,
  },
  {
    method: 'POST',
    path: `${payment}/sandbox/checkout/:id/renew`,
    session: false,
    guard: 'origin',
    answers: 'redirect',
    bodyLimit: null,
  },
  // Analytics
  {
    method: 'POST',
    path: '/api/mms/analytics/v1/events',
    session: false,
    guard: 'exempt',
    body: {
      user_id: text('visitor-1'),
      events: {
        kind: 'list',
        good: () => [
          {
            event_name: 'page_view',
            event_timestamp: Date.now(),
            event_params: [{ key: 'page', value: '/pricing' }],
          },
        ],
        // Every free text of an event at once (event names are a fixed alphabet; the fuzz covers them).
        inject: (text) => [
          {
            event_name: 'page_view',
            event_timestamp: Date.now(),
            event_params: [{ key: text.slice(0, 64) || 'k', value: text.slice(0, 1024) }],
            user_properties: { plan: text.slice(0, 1024) },
            device: text.slice(0, 256),
            language: text.slice(0, 16),
          },
        ],
      },
    },
  },
  // Blog
  {
    method: 'GET',
    path: '/ws/mm/blog/fast-blog-detail',
    session: false,
    guard: 'app-type',
    query: { locale, key: text('how-a-vpn-works') },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/search',
    session: false,
    guard: 'app-type',
    query: { locale, q: text('vpn "wi-fi" -slow'), page: text('1'), page_size: text('10') },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/home',
    session: false,
    guard: 'app-type',
    query: { locale },
  },
  {
    method: 'POST',
    path: '/ws/mm/v2/blog/detail',
    session: false,
    guard: 'app-type',
    body: {
      key: text('how-a-vpn-works'),
      short_path: text('how-a-vpn-works'),
      isWP: { kind: 'boolean', good: () => false },
      id: { kind: 'number', good: () => 12 },
      locale,
    },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/yoast-head',
    session: false,
    guard: 'app-type',
    query: { locale, slug: text('how-a-vpn-works') },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/recommended',
    session: false,
    guard: 'app-type',
    query: { locale, key: text('how-a-vpn-works'), limit: text('3') },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/list',
    session: false,
    guard: 'app-type',
    query: {
      locale,
      category: choice('privacy'),
      tag: text('encryption'),
      page: text('1'),
      page_size: text('10'),
    },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/recommend-searchs',
    session: false,
    guard: 'app-type',
    query: { locale, q: text('vpn'), limit: text('8') },
  },
  {
    method: 'GET',
    path: '/ws/mm/v2/blog/recommend-categories',
    session: false,
    guard: 'app-type',
    query: { locale },
  },
];

/** The JSON body an endpoint accepts, fresh values included. */
export function goodBody(endpoint: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(endpoint.body ?? {}).map(([name, field]) => [name, field.good()]),
  );
}

export const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

const bases: Record<string, string> = {
  Accounts: account,
  Payments: payment,
};

/**
 * `METHOD /path` of every endpoint docs/api.md documents, with the section bases
 * ("All under `/api/mms/account/v1`") applied and `.../a|b` expanded against the path before.
 * The bot-check wrappers are documented as a path pattern, not with a method; the table has them.
 */
export function documentedEndpoints(markdown = readFileSync('docs/api.md', 'utf8')): string[] {
  const found = new Set<string>();
  let base = '';
  let previous = '';
  for (const line of markdown.split('\n')) {
    const heading = /^## (\w+)/.exec(line)?.[1];
    if (heading !== undefined) base = bases[heading] ?? '';
    for (const match of line.matchAll(/`(GET|POST|PUT|PATCH|DELETE) ([^`\s?]+)/g)) {
      const [, method, raw = ''] = match;
      if (raw.includes('{')) continue;
      const paths = raw.startsWith('.../')
        ? raw
            .slice(4)
            .split('|')
            .map((tail) => `${previous}/${tail}`)
        : [raw.startsWith('/api/') || raw.startsWith('/ws/') || !base ? raw : `${base}${raw}`];
      for (const path of paths) {
        found.add(`${method} ${path}`);
        if (!raw.startsWith('.../')) previous = path;
      }
    }
  }
  return [...found].sort();
}
