import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '@/server/account/queries';
import { loginHandoffs, sessions } from '@/server/db/schema';
import { revokeUserSessions } from '@/server/session/queries';
import { startWebSession } from '@/server/session/service';
import { accountKit, freshIp } from '../../../../tests/support/account-api';
import { type CapturedLogs, captureLogs } from '../../../../tests/support/log-capture';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

const base = '/api/mms/account/v1';
const handoffPath = `${base}/web/login/handoff`;
const exchangePath = `${base}/web/login/handoff/exchange`;
const testDb = fileTestDb();
const kit = accountKit(testDb);
const db = () => testDb().handle.db;
const windowsApp = { 'app-type': '401' };
const codeExpired = { code: 40002, message: 'code expired.' };

/** An account and the session its app holds (as after the app's own login). */
async function appSession() {
  const user = await kit.createUser();
  const row = await findUserByEmail(db(), user.email);
  if (!row) throw new Error('user vanished');
  const { token } = await startWebSession(db(), row.id);
  return { ...user, id: row.id, token };
}

async function newCode(token: string): Promise<string> {
  const res = await kit.call(handoffPath, { method: 'POST', token, headers: windowsApp });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { code: string }).code;
}

const exchange = (code: unknown, ip?: string) => kit.call(exchangePath, { body: { code }, ip });

async function liveSessions(userId: string): Promise<number> {
  const rows = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return rows[0]?.count ?? 0;
}

let logs: CapturedLogs | undefined;
afterEach(() => {
  logs?.restore();
  logs = undefined;
});

describe('POST web/login/handoff', () => {
  it('gives the app a one-time code of 256 bits, stored only as its SHA-256, for 2 minutes', async () => {
    const app = await appSession();
    const res = await kit.call(handoffPath, {
      method: 'POST',
      token: app.token,
      headers: windowsApp,
    });
    expect(res.status).toBe(200);
    const { code, expires_in } = res.body.data as { code: string; expires_in: number };
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expires_in).toBe(120);
    const rows = await db()
      .select({
        codeHash: loginHandoffs.codeHash,
        usedAt: loginHandoffs.usedAt,
        lifetime: sql<number>`extract(epoch from ${loginHandoffs.expiresAt} - ${loginHandoffs.createdAt})::int`,
      })
      .from(loginHandoffs)
      .where(eq(loginHandoffs.userId, app.id));
    expect(rows).toEqual([
      {
        codeHash: createHash('sha256').update(code).digest('hex'),
        usedAt: null,
        lifetime: 120,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('cannot make a code without a session', async () => {
    const res = await kit.call(handoffPath, { method: 'POST', headers: windowsApp });
    expect([res.status, res.body]).toEqual([401, { code: 401, message: 'Sign in required' }]);
    const stranger = await kit.call(handoffPath, {
      method: 'POST',
      token: `${'Q'.repeat(40)}abc`,
      headers: windowsApp,
    });
    expect([stranger.status, stranger.body.code]).toEqual([401, 50008]);
    const app = await appSession();
    await kit.call(`${base}/web/logout`, { method: 'POST', token: app.token });
    const ended = await kit.call(handoffPath, {
      method: 'POST',
      token: app.token,
      headers: windowsApp,
    });
    expect([ended.status, ended.body.code]).toEqual([401, 50008]);
  });

  it('takes only a bearer token, never the browser’s session cookie', async () => {
    const app = await appSession();
    const res = await kit.call(handoffPath, {
      method: 'POST',
      cookie: `paypal_token=${app.token}`,
    });
    expect([res.status, res.body.code]).toEqual([401, 401]);
  });

  it('is refused without an app-type (CSRF guard)', async () => {
    const app = await appSession();
    const res = await kit.call(handoffPath, {
      method: 'POST',
      token: app.token,
      headers: { 'app-type': '' },
    });
    expect([res.status, res.body.code]).toEqual([403, 403]);
  });
});

describe('POST web/login/handoff/exchange', () => {
  it('starts a web session of the code’s account, with the session cookies', async () => {
    const app = await appSession();
    const code = await newCode(app.token);
    const res = await exchange(code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token } = res.body.data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(app.token);
    const cookie = res.setCookies.find((line) => line.startsWith('paypal_token='));
    expect(cookie).toContain(`paypal_token=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(res.setCookies.some((line) => /^signed_in=[0-9a-f-]{36};/.test(line))).toBe(true);
    const profile = await kit.call(`${base}/web/profile`, { token });
    expect((profile.body.data as { email: string }).email).toBe(app.email);
    // The app's own session goes on.
    expect((await kit.call(`${base}/web/profile`, { token: app.token })).status).toBe(200);
  });

  it('works once', async () => {
    const app = await appSession();
    const code = await newCode(app.token);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect([again.status, again.body]).toEqual([400, codeExpired]);
  });

  it('attack: the same code fired 30 times at once gives exactly one session', async () => {
    const app = await appSession();
    const code = await newCode(app.token);
    const before = await liveSessions(app.id);
    // Each from its own address, so the per-address limit plays no part: the database does.
    const answers = await Promise.all(Array.from({ length: 30 }, () => exchange(code, freshIp())));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((answer) => [answer.status, answer.body])).toEqual(
      Array.from({ length: 29 }, () => [400, codeExpired]),
    );
    expect(lost.every((answer) => answer.setCookies.length === 0)).toBe(true);
    expect(await liveSessions(app.id)).toBe(before + 1);
  });

  it('refuses an expired code with the same answer', async () => {
    const app = await appSession();
    const code = await newCode(app.token);
    await db()
      .update(loginHandoffs)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginHandoffs.userId, app.id));
    const res = await exchange(code);
    expect([res.status, res.body]).toEqual([400, codeExpired]);
    expect(res.setCookies).toEqual([]);
  });

  it.each([
    ['an unknown code', 'A'.repeat(43)],
    ['a malformed code', 'not-a-code'],
    ['an empty code', ''],
    ['a session token', null],
  ])('refuses %s with the same answer', async (_, value) => {
    const app = await appSession();
    const res = await exchange(value ?? app.token);
    expect([res.status, res.body]).toEqual([400, codeExpired]);
  });

  it('refuses a body without a code as invalid', async () => {
    const res = await kit.call(exchangePath, { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request: code: /);
  });

  it('refuses a code made before the account’s password was reset', async () => {
    const app = await appSession();
    const code = await newCode(app.token);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revokeUserSessions(db(), { userId: app.id, reason: 'password', now: new Date() });
    const res = await exchange(code);
    expect([res.status, res.body]).toEqual([400, codeExpired]);
  });

  it('limits the codes tried per address', async () => {
    const ip = '198.51.100.201';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await exchange('B'.repeat(43), ip)).status).toBe(400);
    }
    const app = await appSession();
    const code = await newCode(app.token);
    const limited = await exchange(code, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many sign-in links tried. Please try again later.');
    // The limit did not spend the code: from another address it still works.
    expect((await exchange(code)).status).toBe(200);
  });

  it('never writes a code or a token into the log', async () => {
    logs = captureLogs();
    const app = await appSession();
    const code = await newCode(app.token);
    // Also where no client should put it: the query string.
    const exchanged = await kit.call(`${exchangePath}?code=${code}`, { body: { code } });
    expect(exchanged.status).toBe(200);
    const { token } = exchanged.body.data as { token: string };
    expect((await exchange(code)).status).toBe(400);
    const written = logs.text();
    const access = logs.entries().filter((entry) => entry.msg === 'request');
    expect(access.map((entry) => entry.route)).toEqual([handoffPath, exchangePath, exchangePath]);
    for (const secret of [code, token, app.token]) {
      expect(written).not.toContain(secret);
      expect(written).not.toContain(encodeURIComponent(secret));
    }
  });
});
