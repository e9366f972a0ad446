// The log never holds a password, token, code or full email address: real requests through the
// API (sign-in, reset codes, password changes, checkout, error paths), with the server's logger
// writing into memory, and every secret the requests carried looked for in what was written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit } from '../../../tests/support/account-api';
import { type CapturedLogs, captureLogs } from '../../../tests/support/log-capture';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import { ApiError } from './errors';

const account = '/api/mms/account/v1';
const payment = '/api/mms/payment/v1';
const testDb = fileTestDb();
const sandbox = createSandboxProvider(() => testDb().handle.db, 'http://localhost:3000');
const kit = accountKit(testDb, { payments: sandbox });

// Routes that fail the way a driver or library fails: messages and fields full of what the
// request carried.
kit.app().post('/api/test/explode', async (c) => {
  const body = (await c.req.json()) as Record<string, string>;
  throw new Error(
    `insert failed for ${body.email} with password=${body.password} token: ${body.token}`,
  );
});
kit.app().post('/api/test/duplicate', async (c) => {
  const body = (await c.req.json()) as Record<string, string>;
  throw Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    code: '23505',
    detail: `Key (email)=(${body.email}) already exists.`,
    cause: new Error(`while registering ${body.email}`),
  });
});
kit.app().post('/api/test/refused', () => {
  throw ApiError.badRequest('refused');
});

// The process mailer: takes nothing (as a mail server that refuses the address), remembering
// the code so the test can use it and look for it.
const mailerKey = Symbol.for('turbovpn.mailer');
const sentCodes: string[] = [];
const refusingMailer = {
  kind: 'smtp' as const,
  async send(message: { to: string; text: string }) {
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    if (code) sentCodes.push(code);
    throw new Error(`SMTP delivery failed: 550 5.1.1 <${message.to}>: Recipient address rejected`);
  },
  async verify() {},
};
const store = globalThis as Record<symbol, unknown>;
let previousMailer: unknown;

let logs: CapturedLogs;
const consoleLines: string[] = [];
beforeAll(() => {
  previousMailer = store[mailerKey];
  store[mailerKey] = refusingMailer;
  logs = captureLogs();
  // Nothing may go around the logger either.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  }
});
afterAll(() => {
  logs.restore();
  vi.restoreAllMocks();
  store[mailerKey] = previousMailer;
});

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the log of real API traffic', () => {
  it('holds no password, token, code or full email address', async () => {
    const secrets: string[] = [];
    const keep = <T extends string>(value: T): T => {
      secrets.push(value);
      return value;
    };
    const user = await kit.createUser('Orig-pass1!');
    keep(user.email);
    keep(user.password);

    // Sign-in: a wrong password, an unknown address, then the right password.
    const wrong = keep('Wrong-pass9?');
    expect(
      (await kit.call(`${account}/web/login`, { body: { username: user.email, password: wrong } }))
        .status,
    ).toBe(401);
    const stranger = keep(`stranger-${Date.now()}@example.org`);
    expect(
      (await kit.call(`${account}/web/login`, { body: { username: stranger, password: wrong } }))
        .status,
    ).toBe(401);
    const token = keep(await kit.login(user.email, user.password));

    // The token as a bearer header, as a cookie and in a query string.
    expect((await kit.call(`${account}/web/profile`, { token })).status).toBe(200);
    expect(
      (await kit.call(`${account}/web/profile`, { cookie: `paypal_token=${token}` })).status,
    ).toBe(200);
    expect(
      (await kit.call(`${account}/web/profile?token=${token}&email=${user.email}`, { token }))
        .status,
    ).toBe(200);

    // Reset code: the mail server refuses the address (logged), the code is used anyway.
    expect(
      (await kit.call(`${account}/verification/request`, { body: { email: user.email } })).status,
    ).toBeLessThan(600);
    const code = keep(await waitFor(() => sentCodes[0], 'the reset code mail'));
    expect(
      (await kit.call(`${account}/verification/validate`, { body: { email: user.email, code } }))
        .status,
    ).toBe(200);
    const reset = keep('Reset-pass2!');
    const resetAnswer = await kit.call(`${account}/web/reset_password`, {
      body: { email: user.email, code, password: reset },
    });
    expect(resetAnswer.status).toBe(200);

    // Password change with a session.
    const session = keep(await kit.login(user.email, reset));
    const next = keep('Next-pass3#');
    expect(
      (
        await kit.call(`${account}/web/change_password`, {
          token: session,
          body: { current_password: reset, new_password: next },
        })
      ).status,
    ).toBe(200);

    // Checkout with a new buyer's email: the checkout token comes back as a cookie.
    const buyer = keep(`buyer-${Date.now()}@example.net`);
    const started = await kit.call(`${payment}/web/checkout`, {
      body: { plan_id: 'p1m', email: buyer },
    });
    expect(started.status).toBe(201);
    const checkoutCookie = started.setCookies.find((line) => line.startsWith('checkout_token='));
    keep(checkoutCookie?.split(';')[0]?.split('=')[1] ?? 'missing-checkout-token');

    // Error paths: a validation failure, an unexpected error and a driver error full of secrets.
    expect(
      (await kit.call(`${account}/web/login`, { body: { username: user.email } })).status,
    ).toBe(400);
    const apiKey = keep('tok_live_4f9a8b7c6d5e');
    const boom = await kit.call('/api/test/explode', {
      body: { email: user.email, password: next, token: apiKey },
    });
    expect(boom.status).toBe(500);
    const duplicate = await kit.call('/api/test/duplicate', { body: { email: buyer } });
    expect(duplicate.status).toBe(500);
    expect((await kit.call('/api/test/refused', { body: { password: next } })).status).toBe(400);

    // Give the mail failure time to reach the log, then read everything written.
    const mailFailure = await waitFor(
      () => logs.entries().find((entry) => entry.area === 'mail'),
      'the mail failure in the log',
    );
    expect(mailFailure).toMatchObject({ level: 'error', to: `${user.email[0]}***@example.com` });
    expect(String(mailFailure.reason)).toContain(`<${user.email[0]}***@example.com>`);
    // Server code writes through the logger only.
    expect(consoleLines).toEqual([]);
    const written = `${logs.text()}\n${consoleLines.join('\n')}`;
    for (const secret of secrets) {
      expect(written, `the log contains ${secret}`).not.toContain(secret);
      expect(written).not.toContain(encodeURIComponent(secret));
    }

    // And it is a useful log: one access line per request, with its id and route pattern,
    // errors with their request id, addresses masked to a first letter and the domain.
    const entries = logs.entries();
    const access = entries.filter((entry) => entry.msg === 'request');
    expect(access.length).toBeGreaterThanOrEqual(16);
    for (const line of access) {
      expect(line).toMatchObject({
        level: 'info',
        request_id: expect.stringMatching(/^[a-zA-Z0-9-]{8,64}$/),
        method: expect.any(String),
        route: expect.stringMatching(/^\//),
        status: expect.any(Number),
        duration_ms: expect.any(Number),
      });
    }
    expect(access.map((line) => line.route)).toContain(`${account}/web/profile`);
    expect(JSON.stringify(access)).not.toMatch(/\?/);
    const failures = entries.filter((entry) => entry.msg === 'request failed');
    expect(failures).toHaveLength(2);
    expect(JSON.stringify(failures)).toContain(`${user.email[0]}***@example.com`);
    expect(JSON.stringify(failures)).toContain(`${buyer[0]}***@example.net`);
    expect(JSON.stringify(failures)).toContain('"error_code":"23505"');
  });
});
