import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserByEmail } from '@/server/account/queries';
import { sandboxOrders } from '@/server/db/schema';
import { startWebSession } from '@/server/session/service';
import { startedCheckout } from '../../../tests/support/account-api';
import {
  type Endpoint,
  endpoints,
  freshEmail,
  goodBody,
  label,
  strangerToken,
} from '../../../tests/support/api-endpoints';
import {
  type Answer,
  envelopeOf,
  expectSafeAnswer,
  type HostileRequest,
  isSameSiteLocation,
  send,
  setUpHostileApp,
  siteOrigin,
} from '../../../tests/support/hostile-app';
import {
  deepJson,
  percentEncode,
  sqlPayloads,
  xssPayloads,
} from '../../../tests/support/hostile-input';

// Security tests of the whole API, in-process: injection payloads in every field, escaping where
// HTML is produced, the CSRF guard, session fixation and reuse, oversized bodies and headers,
// path traversal on content routes and open redirects.

const { kit, testDb, mails } = setUpHostileApp();
const db = () => testDb().handle.db;
const app = () => kit.app();
const payment = '/api/mms/payment/v1';
const account = '/api/mms/account/v1';

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `192.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

/** A request with the site's headers (app-type, a fresh address) unless `headers` override. */
async function call(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: string } = {},
): Promise<{ request: HostileRequest; answer: Answer }> {
  const headers: Record<string, string> = { 'app-type': '502', 'X-Forwarded-For': nextIp() };
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const request = { method, path, headers: { ...headers, ...options.headers }, body };
  return { request, answer: await send(app(), request) };
}

/** A session of a new account (with a password unless `password` is null), without argon2 work. */
async function newSession(password: string | null = 'Start-pass1!') {
  const user = await kit.createUser(password);
  const row = await findUserByEmail(db(), user.email);
  if (!row) throw new Error('user vanished');
  return { ...user, token: (await startWebSession(db(), row.id)).token };
}

/** A fresh order of the sandbox provider with the cookie that follows it. */
/** A checkout: a plan's is a sandbox subscription, a gift card's a sandbox order. */
async function newOrder(kind: 'plan' | 'gift' = 'plan') {
  const started = await kit.call(`${payment}/web/checkout`, {
    body: { plan_id: 'p24m', email: freshEmail(), kind },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return startedCheckout(started);
}

const concrete = endpoints.filter((endpoint) => !endpoint.path.endsWith('/*'));
const posts = concrete.filter((endpoint) => endpoint.method === 'POST');

/** The path with `:id` filled in by a real order (or its sandbox payment). */
async function pathOf(endpoint: Endpoint): Promise<{ path: string; cookie?: string }> {
  if (!endpoint.path.includes(':id')) return { path: endpoint.path };
  const order = await newOrder();
  const id = endpoint.path.includes('/sandbox/') ? order.sandboxId : order.orderId;
  return { path: endpoint.path.replace(':id', encodeURIComponent(id)), cookie: order.cookie };
}

async function authFor(endpoint: Endpoint): Promise<Record<string, string>> {
  if (!endpoint.session) return {};
  const password = endpoint.path.endsWith('/set_password') ? null : 'Start-pass1!';
  return { Authorization: `Bearer ${(await newSession(password)).token}` };
}

// Texts that break naive code: lone surrogates, bidi overrides, long combining sequences.
const unicodePayloads = ['\uD800x', '\u202Egnp.exe', `e${'\u0301'.repeat(200)}`, '👩‍👩‍👧‍👦'];
const payloads = [...sqlPayloads, ...xssPayloads, ...unicodePayloads];
// PostgreSQL text cannot hold NUL: these must be refused (400) or stripped, never reach a query.
const nulPayloads = ['\u0000', 'a\u0000b', '../../etc/passwd\u0000.json'];

/**
 * Sends each payload in turn in each body field, query parameter and path parameter of an
 * endpoint (the other values valid) and lists every answer that breaks the contract.
 */
async function injectionProblems(endpoint: Endpoint, texts: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const check = async (method: string, path: string, options: Parameters<typeof call>[2]) => {
    const { request, answer } = await call(method, path, options);
    try {
      expectSafeAnswer(request, answer, { html: endpoint.answers === 'html' });
    } catch (error: unknown) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  };
  const auth = await authFor(endpoint);
  const headers = { ...auth, ...(endpoint.guard === 'origin' ? { Origin: siteOrigin } : {}) };
  const { path, cookie } = await pathOf(endpoint);
  if (cookie) Object.assign(headers, { Cookie: cookie });
  const good = Object.fromEntries(
    Object.entries(endpoint.query ?? {}).map(([name, field]) => [name, String(field.good())]),
  );
  const queryOf = (values: Record<string, string>) => {
    const pairs = Object.entries(values).map(([key, value]) => `${key}=${percentEncode(value)}`);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  };
  const body = () => (endpoint.method === 'POST' ? { json: goodBody(endpoint) } : {});
  for (const text of texts) {
    for (const [name, field] of Object.entries(endpoint.body ?? {})) {
      const json = { ...goodBody(endpoint), [name]: (field.inject ?? ((t: string) => t))(text) };
      await check('POST', `${path}${queryOf(good)}`, { json, headers });
    }
    for (const name of Object.keys(good)) {
      await check(endpoint.method, `${path}${queryOf({ ...good, [name]: text })}`, {
        ...body(),
        headers,
      });
    }
    if (endpoint.path.includes(':id')) {
      const hostilePath = endpoint.path.replace(':id', percentEncode(text));
      await check(endpoint.method, `${hostilePath}${queryOf(good)}`, { ...body(), headers });
    }
  }
  return problems;
}

const withInput = concrete.filter((e) => e.body || e.query || e.path.includes(':id'));

// Many requests each; a busy shared machine needs more than the default 30 s.
const slow = 120_000;

describe('injection payloads in every field', () => {
  it.each(withInput.map((e) => [label(e), e] as const))(
    'SQL, script and unicode payloads in every field of %s',
    async (_, endpoint) => {
      expect(await injectionProblems(endpoint, payloads)).toEqual([]);
    },
    slow,
  );

  for (const endpoint of withInput) {
    it(
      `a NUL character in any field of ${label(endpoint)} is refused, never a 5xx`,
      async () => {
        expect(await injectionProblems(endpoint, nulPayloads)).toEqual([]);
      },
      slow,
    );
  }

  /** A login and a newsletter link through the bot-check wrappers, each text in every field. */
  async function wrappedProblems(texts: readonly string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const text of texts) {
      const encoded = percentEncode(text);
      for (const [method, path, json] of [
        [
          'POST',
          '/ws/mm/reca/r3/account/v1/web/login',
          { username: text, password: text, recasign: text },
        ],
        [
          'POST',
          '/ws/mm/reca/r3/mms/account/v1/web/login',
          { username: 'a@example.com', password: text },
        ],
        [
          'GET',
          `/ws/mm/reca/r2/newsletter/v1/confirm?token=${encoded}&recasign=${encoded}`,
          undefined,
        ],
      ] as const) {
        const { request, answer } = await call(method, path, json ? { json } : {});
        try {
          expectSafeAnswer(request, answer);
        } catch (error: unknown) {
          problems.push(error instanceof Error ? error.message : String(error));
        }
      }
    }
    return problems;
  }

  it(
    'wrapped calls (bot-check) carry every payload as safely as direct ones',
    async () => {
      expect(await wrappedProblems(payloads)).toEqual([]);
    },
    slow,
  );

  it('wrapped calls (bot-check) refuse a NUL character, never a 5xx', async () => {
    expect(await wrappedProblems(nulPayloads)).toEqual([]);
  });

  it('signs nobody in with SQL in the credentials, and leaves the tables in place', async () => {
    const user = await kit.createUser();
    for (const payload of sqlPayloads) {
      for (const body of [
        { username: payload, password: payload },
        { username: user.email, password: payload },
        { username: `${user.email}${payload}`, password: 'x' },
      ]) {
        const { answer } = await call('POST', `${account}/web/login`, { json: body });
        expect(answer.status, answer.text).not.toBe(200);
        expect(answer.headers.getSetCookie().join()).not.toMatch(/paypal_token=[\w-]{43}/);
      }
    }
    const rows = await db().execute(sql`select count(*)::int as n from users`);
    expect(JSON.stringify(rows)).toMatch(/"n":\d+/);
  });
});

describe('escaping where HTML is produced', () => {
  it('shows hostile sandbox order data escaped on the approval page', async () => {
    const order = await newOrder('gift');
    const script = '<script>alert("description")</script>';
    await db()
      .update(sandboxOrders)
      .set({ description: script, currency: '<b>USD</b>' })
      .where(eq(sandboxOrders.id, order.sandboxId));
    const { answer } = await call('GET', `${payment}/sandbox/checkout/${order.sandboxId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(answer.text).not.toContain(script);
    expect(answer.text).toContain('&lt;script&gt;alert(&quot;description&quot;)&lt;/script&gt;');
    expect(answer.text).not.toContain('<b>USD</b>');
  });

  it('escapes a hostile sandbox order id in the page and its form actions', async () => {
    const order = await newOrder('gift');
    const id = `SBX"><script>alert(1)</script>`;
    const [row] = await db()
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, order.sandboxId));
    if (!row) throw new Error('sandbox order vanished');
    await db()
      .insert(sandboxOrders)
      .values({ ...row, id, requestId: `${row.requestId}-hostile` });
    const { answer } = await call('GET', `${payment}/sandbox/checkout/${encodeURIComponent(id)}`);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script>alert(1)');
    expect(answer.text).toContain(
      `action="${payment}/sandbox/checkout/${encodeURIComponent(id)}/approve"`,
    );
  });

  it('escapes a contact message in the team mail and keeps it out of the acknowledgement', async () => {
    const email = freshEmail();
    const before = mails.length;
    const { answer } = await call('POST', '/api/mms/contact/v1/messages', {
      json: {
        email,
        name: '<script>alert("name")</script>',
        inquiry: '<img src=x onerror=alert("inquiry")> and </textarea><a href="javascript:x">',
        topic: 'other',
      },
    });
    expect(answer.status, answer.text).toBe(201);
    // The team's mail, escaped, and the sender's fixed acknowledgement, which repeats nothing.
    const sent = mails.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([email, 'team@hostile-test.example'].sort());
    for (const mail of sent) {
      expect(mail.html).not.toMatch(/<script>alert|<img src=x|<a href="javascript:/);
    }
    const team = sent.find((mail) => mail.to === 'team@hostile-test.example');
    expect(team?.html).toMatch(/&lt;script&gt;|&lt;img src=x/);
    const ack = sent.find((mail) => mail.to === email);
    expect(`${ack?.subject}${ack?.text}${ack?.html}`).not.toMatch(
      /script|img src|alert|javascript/,
    );
  });

  it('escapes a partner application in the team mail and keeps it out of the acknowledgement', async () => {
    const before = mails.length;
    const { answer } = await call('POST', '/api/mms/partners/v1/applications', {
      json: {
        programme: 'affiliate',
        name: '<script>alert("name")</script>',
        email: freshEmail(),
        channels: ['https://example.com/"><script>alert(1)</script>'],
        audience: '<svg onload=alert(1)>',
        country: '<b>PT</b>',
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const sent = mails.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      expect(mail.html).not.toMatch(/<script>alert|<svg onload|<b>PT<\/b>/);
    }
    const team = sent.find((mail) => mail.to === 'team@hostile-test.example');
    expect(team?.html).toContain('&lt;svg onload=alert(1)&gt;');
    const ack = sent.find((mail) => mail.to !== 'team@hostile-test.example');
    expect(`${ack?.subject}${ack?.text}${ack?.html}`).not.toMatch(/script|svg|alert|PT/);
  });

  it('escapes an uninstall survey comment in the HTML mail to the team', async () => {
    const before = mails.length;
    const { answer } = await call('POST', '/api/mms/survey/v1/uninstall', {
      json: { reasons: ['other'], comment: '<script>alert("comment")</script>', version: '1.0' },
    });
    expect(answer.status, answer.text).toBe(201);
    for (const mail of mails.slice(before)) {
      expect(mail.html).not.toContain('<script>alert');
    }
  });
});

describe('CSRF: state-changing calls need app-type: 502', () => {
  const guarded = posts.filter((endpoint) => endpoint.guard === 'app-type');

  it.each(guarded.map((e) => [label(e), e] as const))(
    '%s refuses a call without it',
    async (_, e) => {
      const { path, cookie } = await pathOf(e);
      const auth = await authFor(e);
      for (const appType of [undefined, '', '501', '5020', 'app-type: 502']) {
        for (const [type, body] of [
          ['application/json', JSON.stringify(goodBody(e))],
          ['application/x-www-form-urlencoded', 'email=a%40example.com'],
          ['text/plain', JSON.stringify(goodBody(e))],
        ] as const) {
          const headers: Record<string, string> = {
            'Content-Type': type,
            'X-Forwarded-For': nextIp(),
            Origin: 'https://evil.example',
            ...auth,
            ...(cookie ? { Cookie: cookie } : {}),
          };
          if (appType !== undefined) headers['app-type'] = appType;
          const request = { method: 'POST', path, headers, body };
          const answer = await send(app(), request);
          expect(answer.status, `${appType}: ${answer.text}`).toBe(403);
          expect(envelopeOf(answer)).toEqual({
            code: 403,
            message: 'Requests must carry the app-type header',
          });
        }
      }
    },
  );

  it('lists as exceptions only the documented ones', () => {
    expect(posts.filter((e) => e.guard !== 'app-type').map(label)).toEqual([
      'POST /api/mms/newsletter/v1/unsubscribe',
      `POST ${payment}/webhooks/paypal`,
      `POST ${payment}/sandbox/checkout/:id/approve`,
      `POST ${payment}/sandbox/checkout/:id/cancel`,
      `POST ${payment}/sandbox/checkout/:id/renew`,
      'POST /api/mms/analytics/v1/events',
    ]);
  });

  it('guards the bot-check wrappers too', async () => {
    const session = await newSession();
    const request = {
      method: 'POST',
      path: `/ws/mm/reca/r3/account/v1/web/logout`,
      headers: { Authorization: `Bearer ${session.token}`, 'X-Forwarded-For': nextIp() },
    };
    expect((await send(app(), request)).status).toBe(403);
  });

  it('changes nothing when refused: the session and the order stay as they were', async () => {
    const session = await newSession();
    const order = await newOrder();
    const noHeader = { 'X-Forwarded-For': nextIp() };
    await send(app(), {
      method: 'POST',
      path: `${account}/web/logout`,
      headers: { ...noHeader, Cookie: `paypal_token=${session.token}` },
    });
    await send(app(), {
      method: 'POST',
      path: `${payment}/web/checkout/${order.orderId}/cancel`,
      headers: { ...noHeader, Cookie: order.cookie },
    });
    const profile = await kit.call(`${account}/web/profile`, { token: session.token });
    expect(profile.status).toBe(200);
    const view = await kit.call(`${payment}/web/checkout/${order.orderId}`, {
      cookie: order.cookie,
    });
    expect((view.body.data as { status: string }).status).toBe('created');
  });

  it('takes the documented exceptions without app-type, each behind its own guard', async () => {
    const bare = { 'X-Forwarded-For': nextIp() };
    const events = await send(app(), {
      method: 'POST',
      path: '/api/mms/analytics/v1/events',
      headers: { ...bare, 'Content-Type': 'text/plain' },
      body: JSON.stringify(goodBody(endpoints.find((e) => e.path.endsWith('/events')) as Endpoint)),
    });
    expect(events.status, events.text).toBe(200);
    const oneClick = await send(app(), {
      method: 'POST',
      path: `/api/mms/newsletter/v1/unsubscribe?token=${strangerToken()}`,
      headers: bare,
    });
    expect([oneClick.status, envelopeOf(oneClick).message]).toEqual([
      404,
      'Unknown unsubscribe link',
    ]);
    const webhook = await send(app(), {
      method: 'POST',
      path: `${payment}/webhooks/paypal`,
      headers: { ...bare, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
    });
    expect([webhook.status, envelopeOf(webhook).message]).toEqual([
      400,
      'Webhook signature could not be verified',
    ]);
  });

  it('accepts the sandbox forms only from this site (Origin)', async () => {
    for (const action of ['approve', 'cancel']) {
      const order = await newOrder('gift');
      const path = `${payment}/sandbox/checkout/${order.sandboxId}/${action}`;
      for (const origin of [
        undefined,
        'null',
        'https://evil.example',
        'http://localhost:3000.evil.example',
      ]) {
        const headers: Record<string, string> = {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': nextIp(),
        };
        if (origin) headers.Origin = origin;
        const answer = await send(app(), { method: 'POST', path, headers, body: '' });
        expect(answer.status, `${origin}: ${answer.text}`).toBe(400);
      }
      const [row] = await db()
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, order.sandboxId));
      expect(row?.status).toBe('CREATED');
      const allowed = await send(app(), {
        method: 'POST',
        path,
        headers: { Origin: siteOrigin, 'X-Forwarded-For': nextIp() },
      });
      expect(allowed.status).toBe(303);
    }
  });
});

describe('sessions', () => {
  /** The two ways a client presents a token: the session cookie and a bearer header. */
  const presenting = (token: string): Record<string, string>[] => [
    { Cookie: `paypal_token=${token}` },
    { Authorization: `Bearer ${token}` },
  ];
  const profile = (headers: Record<string, string>) =>
    send(app(), {
      method: 'GET',
      path: `${account}/web/profile`,
      headers: { 'app-type': '502', ...headers },
    });

  it('never accepts a token the client chose (as cookie or bearer)', async () => {
    for (const token of [strangerToken(), 'A'.repeat(43), '_'.repeat(43), '-'.repeat(43)]) {
      for (const headers of presenting(token)) {
        const answer = await profile(headers);
        expect(answer.status).toBe(401);
        expect(envelopeOf(answer)).toEqual({ code: 50008, message: 'Invalid token' });
      }
    }
  });

  it('issues a new token at login even when the browser presents one (no fixation)', async () => {
    const user = await kit.createUser();
    const chosen = strangerToken();
    const login = await kit.call(`${account}/web/login`, {
      body: { username: user.email, password: user.password },
      cookie: `paypal_token=${chosen}`,
    });
    expect(login.status).toBe(200);
    const issued = (login.body.data as { token: string }).token;
    expect(issued).not.toBe(chosen);
    expect(login.setCookies.find((c) => c.startsWith('paypal_token='))).toContain(issued);
    expect(envelopeOf(await profile({ Cookie: `paypal_token=${chosen}` })).code).toBe(50008);
    expect((await profile({ Cookie: `paypal_token=${issued}` })).status).toBe(200);
  });

  it('refuses a token after logout (50008), as cookie and as bearer', async () => {
    const { token } = await newSession();
    const out = await kit.call(`${account}/web/logout`, { method: 'POST', token });
    expect(out.status).toBe(200);
    for (const headers of presenting(token)) {
      expect(envelopeOf(await profile(headers))).toEqual({ code: 50008, message: 'Invalid token' });
    }
  });

  it('ends the other sessions on password change (50008); the changing one goes on', async () => {
    const user = await kit.createUser();
    const current = await kit.login(user.email, user.password);
    const others = [
      await kit.login(user.email, user.password),
      await kit.login(user.email, user.password),
    ];
    const changed = await kit.call(`${account}/web/change_password`, {
      token: current,
      body: { current_password: user.password, new_password: 'Changed-pass9!' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const token of others) {
      expect(envelopeOf(await profile({ Authorization: `Bearer ${token}` })).code).toBe(50008);
    }
    expect((await profile({ Authorization: `Bearer ${current}` })).status).toBe(200);
  });

  it('ends the other sessions when a first password is set', async () => {
    const first = await newSession(null);
    const row = await findUserByEmail(db(), first.email);
    const other = (await startWebSession(db(), row?.id ?? '')).token;
    const set = await kit.call(`${account}/web/set_password`, {
      token: first.token,
      body: { password: 'First-pass7!' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(envelopeOf(await profile({ Authorization: `Bearer ${other}` })).code).toBe(50008);
  });
});

describe('oversized requests', () => {
  const limitOf = (e: Endpoint) => (e.bodyLimit === undefined ? 64 * 1024 : e.bodyLimit);

  it.each(posts.map((e) => [label(e), e] as const))(
    '%s refuses a body over its limit',
    async (_, e) => {
      const { path, cookie } = await pathOf(e);
      const limit = limitOf(e) ?? 64 * 1024;
      const body = JSON.stringify({ padding: 'x'.repeat(limit) });
      const headers: Record<string, string> = {
        'app-type': '502',
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'X-Forwarded-For': nextIp(),
        Origin: siteOrigin,
        ...(await authFor(e)),
        ...(cookie ? { Cookie: cookie } : {}),
      };
      const request = { method: 'POST', path, headers, body };
      const answer = await send(app(), request);
      expectSafeAnswer(request, answer);
      // Endpoints that never read a body (one-click unsubscribe, the sandbox forms) just answer.
      if (limitOf(e) !== null) {
        expect(answer.status, answer.text).toBe(413);
        expect(envelopeOf(answer)).toEqual({
          code: 413,
          message: `Request body larger than ${limit} bytes`,
        });
      }
    },
  );

  it('refuses an oversized body sent without Content-Length (streamed)', async () => {
    const request = {
      method: 'POST',
      path: '/api/mms/contact/v1/messages',
      headers: {
        'app-type': '502',
        'Content-Type': 'application/json',
        'X-Forwarded-For': nextIp(),
      },
      body: new TextEncoder().encode(JSON.stringify({ email: 'x'.repeat(70_000) })),
    };
    const answer = await send(app(), request);
    expect(answer.status).toBe(413);
    expectSafeAnswer(request, answer);
  });

  it.each(posts.map((e) => [label(e), e] as const))(
    '%s answers deeply nested JSON under the size limit without a 5xx',
    async (_, e) => {
      const { path, cookie } = await pathOf(e);
      const headers = {
        ...(await authFor(e)),
        Origin: siteOrigin,
        ...(cookie ? { Cookie: cookie } : {}),
      };
      const field = Object.keys(e.body ?? {})[0] ?? 'value';
      for (const depth of [1000, 10_000, 30_000]) {
        for (const nested of [deepJson(depth, 'array'), deepJson(depth, 'object')]) {
          for (const body of [`{"${field}":${nested}}`, nested]) {
            const { request, answer } = await call('POST', path, {
              body,
              headers: { ...headers, 'Content-Type': 'application/json' },
            });
            expectSafeAnswer(request, answer);
          }
        }
      }
    },
  );

  // The wrapper parses the body and writes it again without recasign: deep nesting is a 400.
  it('the bot-check wrapper answers deeply nested JSON with a 4xx', async () => {
    for (const nested of [deepJson(10_000, 'array'), deepJson(10_000, 'object')]) {
      const { request, answer } = await call('POST', '/ws/mm/reca/r3/contact/v1/messages', {
        body: `{"email":${nested}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expectSafeAnswer(request, answer);
    }
  });

  it('answers huge headers (64 KB cookie, token, address, request id) without a 5xx', async () => {
    const big = 'c'.repeat(64 * 1024);
    const manyCookies = Array.from({ length: 2000 }, (_, i) => `k${i}=${'v'.repeat(30)}`).join(
      '; ',
    );
    const variants: Record<string, string>[] = [
      { Cookie: `paypal_token=${big}` },
      { Cookie: `utm_tags=${big}; channel=${big}; checkout_token=${big}` },
      { Cookie: manyCookies },
      { Authorization: `Bearer ${big}` },
      { 'X-Forwarded-For': big },
      { 'X-Forwarded-For': Array.from({ length: 5000 }, () => '10.0.0.1').join(', ') },
      { 'X-Request-Id': big },
      { 'Accept-Language': big },
      { 'X-From': big },
      { 'If-None-Match': big },
    ];
    for (const e of concrete) {
      const { path } = await pathOf(e);
      for (const headers of variants) {
        const { request, answer } = await call(e.method, path, {
          headers,
          ...(e.method === 'POST' ? { json: goodBody(e) } : {}),
        });
        expectSafeAnswer(request, answer, { html: e.answers === 'html' });
      }
    }
  });
});

describe('path traversal on content routes', () => {
  const traversals = [
    '../../etc/passwd',
    '/../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/%2e%2e/etc/passwd',
    '%252e%252e%252fetc%252fpasswd',
    '....//....//etc/passwd',
    '..\\..\\windows\\win.ini',
    'file:///etc/passwd',
    '../../package.json',
    '../../.env',
    '../../messages/en.json',
  ];
  const contentOfFiles = /root:x?:0:0|\[fonts\]|"devDependencies"|DATABASE_URL=|SMTP_URL=/;

  const routes = (t: string) => {
    const q = encodeURIComponent(t);
    return [
      `/l10n?language=en&path=${q}`,
      `/l10n?language=en&path=${t}`,
      `/l10n?language=en&prefix=${q}`,
      `/l10n?language=${q}`,
      `/ws/mm/blog/fast-blog-detail?key=${q}`,
      `/ws/mm/v2/blog/yoast-head?slug=${q}`,
      `/ws/mm/v2/blog/yoast-head?slug=${t}`,
      `/ws/mm/v2/blog/recommended?key=${q}`,
      `/ws/mm/v2/blog/list?tag=${q}`,
      `/ws/mm/v2/blog/list?category=${q}`,
      `/ws/mm/v2/blog/search?q=${q}`,
      `/ws/mm/v2/blog/home?locale=${q}`,
      `/ws/mm/reca/r3/${t}`,
      `/ws/mm/reca/r2/mms/${t}`,
      `/l10n/${t}`,
    ];
  };

  it('answers traversal attempts with 4xx or a normal answer, never a file', async () => {
    for (const t of traversals) {
      for (const path of routes(t)) {
        const { request, answer } = await call('GET', path);
        expectSafeAnswer(request, answer);
        expect(answer.text, path).not.toMatch(contentOfFiles);
      }
      const detail = await call('POST', '/ws/mm/v2/blog/detail', { json: { key: t } });
      expectSafeAnswer(detail.request, detail.answer);
      expect(detail.answer.status).toBe(404);
      const byPath = await call('POST', '/ws/mm/v2/blog/detail', {
        json: { short_path: t, isWP: 'true' },
      });
      expectSafeAnswer(byPath.request, byPath.answer);
      expect(byPath.answer.text).not.toMatch(contentOfFiles);
    }
  });

  it('refuses a translation path that is not a site path', async () => {
    for (const path of [
      '../../etc/passwd',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      const { answer } = await call('GET', `/l10n?language=en&path=${encodeURIComponent(path)}`);
      expect(answer.status, path).toBe(400);
      expect(envelopeOf(answer).message).toMatch(/^Invalid request: path: /);
    }
    const { answer } = await call(
      'GET',
      `/l10n?language=en&prefix=Errors&path=${encodeURIComponent('/../../etc/passwd')}`,
    );
    expect(answer.status).toBe(200);
    expect((envelopeOf(answer).data as { url: string }).url).toMatch(/^\/(?![/\\])/);
  });
});

describe('open redirects', () => {
  const offSite = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    `${'A'.repeat(40)}//e`,
    '/%0d%0aLocation:%20https://evil.example',
  ];

  it('keeps the newsletter links on this site, whatever the token or extra parameters', async () => {
    for (const route of ['confirm', 'unsubscribe']) {
      for (const token of [...offSite, strangerToken()]) {
        for (const extra of [
          '',
          '&next=https://evil.example',
          '&redirect=//evil.example',
          '&locale=//evil',
        ]) {
          const path = `/api/mms/newsletter/v1/${route}?token=${encodeURIComponent(token)}${extra}`;
          for (const prefixed of [path, path.replace('/api/mms/', '/ws/mm/reca/r2/')]) {
            const { request, answer } = await call('GET', prefixed);
            expect(answer.status, prefixed).toBe(303);
            expectSafeAnswer(request, answer);
            expect(isSameSiteLocation(answer.headers.get('Location') ?? '')).toBe(true);
          }
        }
      }
    }
  });

  it('sends the sandbox buyer back to this site only, even with a forged return or host', async () => {
    for (const action of ['approve', 'cancel']) {
      const order = await newOrder();
      const forged = encodeURIComponent('https://evil.example/steal');
      const path = `${payment}/sandbox/checkout/${order.sandboxId}/${action}?return_url=${forged}&returnUrl=${forged}&cancel_url=${forged}&redirect=${forged}`;
      // A forged Host (the request URL) with a matching Origin gets past the form check, but the
      // return address is the one stored with the order.
      for (const [url, origin] of [
        [path, siteOrigin],
        [`https://evil.example${path}`, 'https://evil.example'],
      ] as const) {
        const answer = await send(app(), {
          method: 'POST',
          path: url,
          headers: {
            Origin: origin,
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Forwarded-Host': 'evil.example',
            'X-Forwarded-For': nextIp(),
          },
          body: `return_url=${forged}&returnUrl=${forged}`,
        });
        expect(answer.status).toBe(303);
        const location = answer.headers.get('Location') ?? '';
        expect(new URL(location).origin, location).toBe(siteOrigin);
      }
    }
  });
});
