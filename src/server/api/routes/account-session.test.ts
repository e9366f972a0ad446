import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKit, freshIp } from '../../../../tests/support/account-api';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);

afterEach(() => {
  vi.useRealTimers();
});

describe('POST web/login', () => {
  it('signs in with a trimmed, case-insensitive email and sets the session cookies', async () => {
    const user = await kit.createUser();
    const res = await kit.call(`${base}/web/login`, {
      body: { username: `  ${user.email.toUpperCase()} `, password: user.password },
    });
    expect(res.status).toBe(200);
    const token = (res.body.data as { token: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = res.setCookies.find((c) => c.startsWith('paypal_token='));
    expect(session).toContain(`paypal_token=${token}`);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/i); // APP_ENV is not production in tests
    const hint = res.setCookies.find((c) => c.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=[0-9a-f-]{36};/);
    expect(hint).not.toMatch(/HttpOnly/i);
  });

  it.each([
    ['wrong password', 'Wrong-pass1!'],
    ['old-rule password of the right length', 'abcdefgh'],
  ])('answers "Incorrect username or password." for a %s', async (_, password) => {
    const user = await kit.createUser();
    const res = await kit.call(`${base}/web/login`, { body: { username: user.email, password } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 40101, message: 'Incorrect username or password.' });
    expect(res.setCookies).toEqual([]);
  });

  it('gives an unknown email and an account without a password the very same answer', async () => {
    const noPassword = await kit.createUser(null);
    const unknown = await kit.call(`${base}/web/login`, {
      body: { username: 'nobody-here@example.com', password: 'Some-pass1!' },
    });
    const passwordless = await kit.call(`${base}/web/login`, {
      body: { username: noPassword.email, password: 'Some-pass1!' },
    });
    for (const res of [unknown, passwordless]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 40101, message: 'Incorrect username or password.' });
    }
  });

  it('takes about as long for an unknown email as for a wrong password (argon2 either way)', async () => {
    const user = await kit.createUser();
    const time = async (username: string) => {
      const started = performance.now();
      await kit.call(`${base}/web/login`, { body: { username, password: 'Wrong-pass1!' } });
      return performance.now() - started;
    };
    await time('warm-up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const [k, u] = [median(known), median(unknown)];
    // Both pay for one argon2id verification (tens of ms); a skipped hash would be ~10x faster.
    expect(u).toBeGreaterThan(k * 0.5);
    expect(u).toBeLessThan(k * 2);
  });

  it.each([
    [{ password: 'Start-pass1!' }, 'username', 'Please Enter Email'],
    [{ username: '   ', password: 'Start-pass1!' }, 'username', 'Please Enter Email'],
    [{ username: 'a@example.com' }, 'password', 'Please enter your password'],
    [{ username: 'a@example.com', password: '' }, 'password', 'Please enter your password'],
    [{ username: 'a@example.com', password: 'x'.repeat(129) }, 'password', ''],
  ])('refuses %j with a 400 naming %s', async (body, field, text) => {
    const res = await kit.call(`${base}/web/login`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Invalid request: ${field}: `));
    if (text) expect(res.body.message).toContain(text);
  });

  it('allows 10 failures per account in 15 minutes, then answers 429 with the wait', async () => {
    const user = await kit.createUser();
    for (let i = 0; i < 10; i += 1) {
      const res = await kit.call(`${base}/web/login`, {
        body: { username: user.email, password: 'Wrong-pass1!' },
      });
      expect(res.status).toBe(401);
    }
    // Even the right password is refused now, from a new IP too.
    const blocked = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    const retryAfter = (blocked.body.data as { retry_after: number }).retry_after;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.get('Retry-After')).toBe(String(retryAfter));
  });

  it('allows 10 failures per IP in 15 minutes across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await kit.call(`${base}/web/login`, {
        body: { username: `spray${i}@example.com`, password: 'Wrong-pass1!' },
        ip,
      });
      expect(res.status).toBe(401);
    }
    const user = await kit.createUser();
    const blocked = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
      ip,
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('stops callers from a country whose name contains "china" with the spec warning', async () => {
    const user = await kit.createUser();
    // 1.2.4.8 is CNNIC's public resolver, in mainland China in the bundled IP database.
    const res = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
      ip: '1.2.4.8',
    });
    expect(res.status).toBe(451);
    expect(res.body).toEqual({
      code: 451,
      message:
        'Due to policy, this service is not available in China. Thank you for your understanding!',
    });
    expect(res.setCookies).toEqual([]);
  });
});

describe('GET web/profile and sessions', () => {
  it('answers the profile for a bearer token and for the cookie', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const expected = { email: user.email, is_password_set: true, name: '', avatar: '' };
    const viaBearer = await kit.call(`${base}/web/profile`, { token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.data).toEqual(expected);
    const viaCookie = await kit.call(`${base}/web/profile`, { cookie: `paypal_token=${token}` });
    expect(viaCookie.body.data).toEqual(expected);
  });

  it('reports is_password_set false for an account made at checkout', async () => {
    const user = await kit.createUser(null);
    const { startWebSession } = await import('@/server/session/service');
    const { findUserByEmail } = await import('@/server/account/queries');
    const row = await findUserByEmail(testDb().handle.db, user.email);
    const { token } = await startWebSession(testDb().handle.db, row?.id ?? '');
    const res = await kit.call(`${base}/web/profile`, { token });
    expect((res.body.data as { is_password_set: boolean }).is_password_set).toBe(false);
  });

  it('answers 401 code 401 without a token', async () => {
    const res = await kit.call(`${base}/web/profile`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: 'Sign in required' });
  });

  it.each([
    ['malformed', 'not-a-token'],
    ['unknown', 'A'.repeat(43)],
  ])('answers 50008 for a %s token', async (_, token) => {
    const res = await kit.call(`${base}/web/profile`, { cookie: `paypal_token=${token}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 50008, message: 'Invalid token' });
    // The site's Confirm logout dialog decides; logout then clears the cookies.
    expect(res.setCookies).toEqual([]);
  });

  it('answers 50014 once the session has been idle too long', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 1000);
    const res = await kit.call(`${base}/web/profile`, { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 50014, message: 'Token expired' });
  });

  it('keeps a used session alive past the idle time, and ends it at the absolute limit', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const day = 24 * 3600 * 1000;
    for (const days of [6, 12, 18, 24, 29]) {
      vi.setSystemTime(start + days * day);
      const res = await kit.call(`${base}/web/profile`, { token });
      expect(res.status).toBe(200);
    }
    vi.setSystemTime(start + 30 * day + 1000);
    const res = await kit.call(`${base}/web/profile`, { token });
    expect(res.body.code).toBe(50014);
  });

  it('ends the oldest web session with 50012 when an 11th browser signs in', async () => {
    const user = await kit.createUser();
    const tokens: string[] = [];
    for (let i = 0; i < 11; i += 1) tokens.push(await kit.login(user.email, user.password));
    const oldest = await kit.call(`${base}/web/profile`, { token: tokens[0] });
    expect(oldest.status).toBe(401);
    expect(oldest.body).toEqual({ code: 50012, message: 'Signed in on another device' });
    for (const token of tokens.slice(1)) {
      expect((await kit.call(`${base}/web/profile`, { token })).status).toBe(200);
    }
  });
});

describe('POST web/logout', () => {
  it('revokes the session on the server and clears the cookies', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const other = await kit.login(user.email, user.password);
    const res = await kit.call(`${base}/web/logout`, {
      method: 'POST',
      cookie: `paypal_token=${token}`,
    });
    expect(res.status).toBe(200);
    expect(res.setCookies.some((c) => /^paypal_token=;/.test(c))).toBe(true);
    expect((await kit.call(`${base}/web/profile`, { token })).body.code).toBe(50008);
    // Only this session ends.
    expect((await kit.call(`${base}/web/profile`, { token: other })).status).toBe(200);
  });

  it('answers ok for a dead or missing token (idempotent)', async () => {
    const dead = await kit.call(`${base}/web/logout`, { method: 'POST', token: 'B'.repeat(43) });
    expect(dead.status).toBe(200);
    const none = await kit.call(`${base}/web/logout`, { method: 'POST' });
    expect(none.status).toBe(200);
  });

  it('is refused without app-type (CSRF guard)', async () => {
    const res = await kit.call(`${base}/web/logout`, {
      method: 'POST',
      headers: { 'app-type': '' },
    });
    expect(res.status).toBe(403);
  });
});
