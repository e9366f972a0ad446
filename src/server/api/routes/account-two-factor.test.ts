import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionCookieName } from '@/lib/session-cookie';
import { hashCode } from '@/server/account/codes';
import { replaceVerificationCode } from '@/server/account/queries';
import { totpCodeFor } from '@/server/account/two-factor';
import { accountEvents, mfaChallenges, sessions, users } from '@/server/db/schema';
import { accountKit, type CallResult } from '../../../../tests/support/account-api';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// TOTP two-factor: setup behind a recent re-authentication, the code that switches it on, the
// second step of every password sign-in (web and apps), recovery codes, and the attacks: codes
// replayed, guessed in bursts, a token's 5 tries, expired tokens, a password reset.

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);
const db = () => testDb().handle.db;

const data = <T>(res: CallResult) => res.body.data as T;
const inStep = (steps: number) => new Date(Date.now() + steps * 30_000);

interface MfaAnswer {
  mfa_required: true;
  mfa_token: string;
  methods: string[];
}

async function loginStep(email: string, password: string, headers: Record<string, string> = {}) {
  const res = await kit.call(`${base}/web/login`, {
    body: { username: email, password },
    headers,
  });
  expect(res.status).toBe(200);
  return res;
}

/** An account with two-factor on: its secret, recovery codes and a signed-in token. */
async function userWithTotp() {
  const user = await kit.createUser();
  const token = await kit.login(user.email, user.password);
  const setup = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
  expect(setup.status).toBe(200);
  const { secret } = data<{ secret: string }>(setup);
  const enable = await kit.call(`${base}/web/2fa/totp/enable`, {
    token,
    body: { code: totpCodeFor(secret) },
  });
  expect(enable.status).toBe(200);
  return {
    ...user,
    token,
    secret,
    recoveryCodes: data<{ recovery_codes: string[] }>(enable).recovery_codes,
  };
}

async function mfaToken(email: string, password: string): Promise<string> {
  const answer = data<MfaAnswer>(await loginStep(email, password));
  expect(answer.mfa_required).toBe(true);
  return answer.mfa_token;
}

const mfa = (body: Record<string, unknown>, ip?: string) =>
  kit.call(`${base}/web/login/mfa`, { body, ip });

async function eventsOf(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  const rows = await db()
    .select({ kind: accountEvents.kind })
    .from(accountEvents)
    .where(eq(accountEvents.userId, user?.id ?? ''));
  return rows.map((row) => row.kind);
}

describe('two-factor setup', () => {
  it('gives a secret, its otpauth address and a QR code, and turns on with a right code', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const setup = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    const { secret, otpauth_url, qr_svg } = data<{
      secret: string;
      otpauth_url: string;
      qr_svg: string;
    }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+issuer=/);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr_svg).not.toMatch(/<script|on\w+=/i);

    const wrong = await kit.call(`${base}/web/2fa/totp/enable`, {
      token,
      body: { code: totpCodeFor(secret, inStep(10)) },
    });
    expect(wrong.body).toMatchObject({ code: 40015 });
    const malformed = await kit.call(`${base}/web/2fa/totp/enable`, {
      token,
      body: { code: '12a' },
    });
    expect(malformed.status).toBe(400);

    const enable = await kit.call(`${base}/web/2fa/totp/enable`, {
      token,
      body: { code: totpCodeFor(secret) },
    });
    const codes = data<{ recovery_codes: string[] }>(enable).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await kit.call(`${base}/web/2fa`, { token });
    expect(data(status)).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    // On already: neither a new setup nor a second enable.
    const again = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    expect(again.body).toMatchObject({ code: 40906 });
    expect(await eventsOf(user.email)).toContain('totp_enabled');
  });

  it('needs the password given in the last 5 minutes to start', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    await db().update(sessions).set({ reauthAt: sql`now() - interval '6 minutes'` });
    const refused = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40014, data: { methods: ['password'] } });
    expect(data(await kit.call(`${base}/web/reauth`, { token }))).toMatchObject({ recent: false });

    const wrong = await kit.call(`${base}/web/reauth`, {
      token,
      body: { password: 'Nope-pass1!' },
    });
    expect(wrong.body).toMatchObject({ code: 40001 });
    const right = await kit.call(`${base}/web/reauth`, {
      token,
      body: { password: user.password },
    });
    expect(right.status).toBe(200);
    expect(Date.parse(data<{ reauth_until: string }>(right).reauth_until)).toBeGreaterThan(
      Date.now() + 4 * 60_000,
    );
    const setup = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    expect(setup.status).toBe(200);
  });

  it('does not let two enables at once both issue recovery codes', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const setup = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    const code = totpCodeFor(data<{ secret: string }>(setup).secret);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        kit.call(`${base}/web/2fa/totp/enable`, { token, body: { code } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe(40906);
  });
});

describe('signing in with two-factor on', () => {
  it('answers an mfa_token and no session to the password, web and apps alike', async () => {
    const user = await userWithTotp();
    for (const appType of ['502', '101']) {
      const res = await loginStep(user.email, user.password, { 'app-type': appType });
      const answer = data<MfaAnswer>(res);
      expect(answer).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
      expect(answer.mfa_token).toMatch(/^[\w-]{43}$/);
      expect(res.body.data).not.toHaveProperty('token');
      expect(res.setCookies).toHaveLength(0);
    }
    // A wrong password still gets the one answer for any failed login.
    const wrong = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: 'Wrong-pass1!' },
    });
    expect(wrong.body).toMatchObject({ code: 40101 });
  });

  it('signs in with a right code once; the same code never again', async () => {
    const user = await userWithTotp();
    const code = totpCodeFor(user.secret, inStep(1));
    const done = await mfa({ mfa_token: await mfaToken(user.email, user.password), code });
    expect(done.status).toBe(200);
    const token = data<{ token: string }>(done).token;
    expect(done.setCookies.some((c) => c.startsWith(`${sessionCookieName}=`))).toBe(true);
    expect((await kit.call(`${base}/web/profile`, { token })).status).toBe(200);
    // The sign-in proved the second factor: sensitive changes need no new confirmation.
    expect(data(await kit.call(`${base}/web/reauth`, { token }))).toMatchObject({ recent: true });

    const replay = await mfa({ mfa_token: await mfaToken(user.email, user.password), code });
    expect(replay.body).toMatchObject({ code: 40015, message: 'Incorrect two-factor code.' });
    // An earlier code is no better.
    const earlier = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      code: totpCodeFor(user.secret),
    });
    expect(earlier.body).toMatchObject({ code: 40015 });
    const kinds = await eventsOf(user.email);
    expect(kinds.filter((k) => k === 'mfa_failed')).toHaveLength(2);
    expect(kinds).toContain('login');
  });

  it('lets one of 10 sign-ins with the same code through when they arrive together', async () => {
    const user = await userWithTotp();
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await mfaToken(user.email, user.password));
    const code = totpCodeFor(user.secret, inStep(1));
    const results = await Promise.all(tokens.map((mfa_token) => mfa({ mfa_token, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe(40015);
  });

  it('gives one token 5 tries however many arrive at once, then starts over', async () => {
    const user = await userWithTotp();
    const mfa_token = await mfaToken(user.email, user.password);
    const wrong = totpCodeFor(user.secret, inStep(20));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => mfa({ mfa_token, code: wrong })),
    );
    expect(results.filter((r) => r.body.code === 40015)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 40016)).toHaveLength(15);
    const right = await mfa({ mfa_token, code: totpCodeFor(user.secret, inStep(1)) });
    expect(right.body).toMatchObject({
      code: 40016,
      message: 'This sign-in has expired. Enter your email and password again.',
    });
  });

  it('stops guessing across fresh tokens: 10 codes per account per 15 minutes', async () => {
    const user = await userWithTotp();
    const wrong = totpCodeFor(user.secret, inStep(20));
    for (let i = 0; i < 2; i++) {
      const mfa_token = await mfaToken(user.email, user.password);
      for (let j = 0; j < 5; j++)
        expect((await mfa({ mfa_token, code: wrong })).body.code).toBe(40015);
    }
    const right = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      code: totpCodeFor(user.secret, inStep(1)),
    });
    expect(right.status).toBe(429);
  });

  it('refuses an expired, unknown or used token', async () => {
    const user = await userWithTotp();
    const mfa_token = await mfaToken(user.email, user.password);
    await db().update(mfaChallenges).set({ expiresAt: sql`now() - interval '1 second'` });
    const code = totpCodeFor(user.secret, inStep(1));
    expect((await mfa({ mfa_token, code })).body.code).toBe(40016);
    expect((await mfa({ mfa_token: 'x'.repeat(43), code })).body.code).toBe(40016);
    const both = await mfa({ mfa_token, code, recovery_code: user.recoveryCodes[0] });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/either code or recovery_code/);
    const used = await mfaToken(user.email, user.password);
    expect((await mfa({ mfa_token: used, code })).status).toBe(200);
    expect((await mfa({ mfa_token: used, recovery_code: user.recoveryCodes[0] })).body.code).toBe(
      40016,
    );
  });

  it('takes each recovery code once, even ten times at once', async () => {
    const user = await userWithTotp();
    const [first, second] = user.recoveryCodes;
    const typed = (first ?? '').toUpperCase().replace('-', ' ');
    const ok = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: typed,
    });
    expect(ok.status).toBe(200);
    const again = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: first,
    });
    expect(again.body.code).toBe(40015);

    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) tokens.push(await mfaToken(user.email, user.password));
    const burst = await Promise.all(
      tokens.map((mfa_token) => mfa({ mfa_token, recovery_code: second })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    const token = data<{ token: string }>(ok).token;
    expect(data(await kit.call(`${base}/web/2fa`, { token }))).toMatchObject({
      recovery_codes_left: 8,
    });
    expect(await eventsOf(user.email)).toContain('recovery_code_used');
  });

  it('stays on after a password reset by emailed code', async () => {
    const user = await userWithTotp();
    const code = '424242';
    await replaceVerificationCode(db(), {
      email: user.email,
      codeHash: hashCode(user.email, code),
      now: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await kit.call(`${base}/web/reset_password`, {
      body: { email: user.email, code, password: 'Fresh-pass2!' },
    });
    expect(reset.status).toBe(200);
    const answer = data<MfaAnswer>(await loginStep(user.email, 'Fresh-pass2!'));
    expect(answer.mfa_required).toBe(true);
  });
});

describe('managing two-factor', () => {
  it('turns off only with the password and a code', async () => {
    const user = await userWithTotp();
    const { token } = user;
    const code = totpCodeFor(user.secret, inStep(1));
    const badPassword = await kit.call(`${base}/web/2fa/totp/disable`, {
      token,
      body: { password: 'Wrong-pass1!', code },
    });
    expect(badPassword.body.code).toBe(40001);
    const badCode = await kit.call(`${base}/web/2fa/totp/disable`, {
      token,
      body: { password: user.password, code: totpCodeFor(user.secret, inStep(20)) },
    });
    expect(badCode.body.code).toBe(40015);
    const off = await kit.call(`${base}/web/2fa/totp/disable`, {
      token,
      body: { password: user.password, code },
    });
    expect(off.status).toBe(200);
    expect(data(await kit.call(`${base}/web/2fa`, { token }))).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: 0,
    });
    // Sign-in is one step again, and the old recovery codes are gone.
    expect(await kit.login(user.email, user.password)).toMatch(/\S{20,}/);
    const twice = await kit.call(`${base}/web/2fa/totp/disable`, {
      token,
      body: { password: user.password, recovery_code: user.recoveryCodes[0] },
    });
    expect(twice.body.code).toBe(40017);
    expect(await eventsOf(user.email)).toContain('totp_disabled');
  });

  it('makes new recovery codes that replace the old ones (recent auth)', async () => {
    const user = await userWithTotp();
    const fresh = await kit.call(`${base}/web/2fa/recovery/regenerate`, {
      token: user.token,
      method: 'POST',
    });
    const codes = data<{ recovery_codes: string[] }>(fresh).recovery_codes;
    expect(codes).toHaveLength(10);
    const old = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: user.recoveryCodes[0],
    });
    expect(old.body.code).toBe(40015);
    const now = await mfa({
      mfa_token: await mfaToken(user.email, user.password),
      recovery_code: codes[0],
    });
    expect(now.status).toBe(200);

    await db().update(sessions).set({ reauthAt: sql`now() - interval '5 minutes 1 second'` });
    const late = await kit.call(`${base}/web/2fa/recovery/regenerate`, {
      token: user.token,
      method: 'POST',
    });
    expect(late.body).toMatchObject({ code: 40014, data: { methods: ['password', 'totp'] } });
    // A two-factor code confirms as well as the password does.
    const reauth = await kit.call(`${base}/web/reauth`, {
      token: user.token,
      body: { code: totpCodeFor(user.secret, inStep(1)) },
    });
    expect(reauth.status).toBe(200);
  });

  it('asks a session from a hand-off or checkout to confirm first', async () => {
    const user = await kit.createUser(null);
    const [row] = await db().select().from(users).where(eq(users.email, user.email));
    const { startWebSession } = await import('@/server/session/service');
    const { token } = await startWebSession(db(), row?.id ?? '');
    const refused = await kit.call(`${base}/web/2fa/totp/setup`, { token, method: 'POST' });
    // No password, no two-factor, no passkey: nothing to confirm with until a password is set.
    expect(refused.body).toMatchObject({ code: 40014, data: { methods: [] } });
    const reauth = await kit.call(`${base}/web/reauth`, {
      token,
      body: { password: 'Any-pass1!' },
    });
    expect(reauth.body.code).toBe(40005);
  });
});
