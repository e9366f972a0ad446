import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCodeFor } from '@/server/account/two-factor';
import { config } from '@/server/config';
import { accountEvents, sessions, users, webauthnChallenges } from '@/server/db/schema';
import { accountKit, type CallResult } from '../../../../tests/support/account-api';
import { softAuthenticator } from '../../../../tests/support/soft-authenticator';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// Passkeys: added behind a recent re-authentication, listed, removed, used to sign in without an
// email or password (two-factor included) and to re-authenticate. The attacks: assertions
// replayed (one at a time and twenty at once), a foreign origin, a forged signature, challenges
// of another purpose or account, another account's passkey.

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);
const db = () => testDb().handle.db;
const origin = new URL(config().SITE_URL).origin;
const authenticator = softAuthenticator(origin);
const data = <T>(res: CallResult) => res.body.data as T;

interface PasskeyItem {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  synced: boolean;
}

async function userWithPasskey(name = 'Laptop') {
  const user = await kit.createUser();
  const token = await kit.login(user.email, user.password);
  const options = await kit.call(`${base}/web/passkeys/register/options`, {
    token,
    method: 'POST',
  });
  expect(options.status).toBe(200);
  const { passkey, response } = authenticator.register(
    data<{ challenge: string; user: { id: string } }>(options),
  );
  const verified = await kit.call(`${base}/web/passkeys/register/verify`, {
    token,
    body: { response, name },
  });
  expect(verified.status).toBe(200);
  const list = data<{ passkeys: PasskeyItem[] }>(verified).passkeys;
  return { ...user, token, passkey, list };
}

async function loginChallenge() {
  const res = await kit.call(`${base}/web/login/passkey/options`, { method: 'POST' });
  expect(res.status).toBe(200);
  return data<{ challenge: string; allowCredentials?: unknown[]; rpId: string }>(res);
}

const signIn = (response: unknown) =>
  kit.call(`${base}/web/login/passkey/verify`, { body: { response } });

describe('passkeys', () => {
  it('adds a named passkey and lists it', async () => {
    const user = await userWithPasskey('Work laptop');
    expect(user.list).toHaveLength(1);
    expect(user.list[0]).toMatchObject({ name: 'Work laptop', last_used_at: null });
    const listed = await kit.call(`${base}/web/passkeys`, { token: user.token });
    expect(data<{ passkeys: PasskeyItem[] }>(listed).passkeys).toEqual(user.list);
    const [row] = await db().select().from(users).where(eq(users.email, user.email));
    const kinds = await db()
      .select({ kind: accountEvents.kind })
      .from(accountEvents)
      .where(eq(accountEvents.userId, row?.id ?? ''));
    expect(kinds.map((k) => k.kind)).toContain('passkey_added');
  });

  it('signs in with the passkey alone, two-factor on or not, once per challenge', async () => {
    const user = await userWithPasskey();
    // Two-factor on: the passkey is both factors.
    const setup = await kit.call(`${base}/web/2fa/totp/setup`, {
      token: user.token,
      method: 'POST',
    });
    const { secret } = data<{ secret: string }>(setup);
    await kit.call(`${base}/web/2fa/totp/enable`, {
      token: user.token,
      body: { code: totpCodeFor(secret) },
    });
    const options = await loginChallenge();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe(new URL(origin).hostname);
    const assertion = authenticator.assert(user.passkey, options);
    const done = await signIn(assertion);
    expect(done.status).toBe(200);
    const token = data<{ token: string }>(done).token;
    const profile = await kit.call(`${base}/web/profile`, { token });
    expect(profile.body.data).toMatchObject({ email: user.email });
    expect(data(await kit.call(`${base}/web/reauth`, { token }))).toMatchObject({ recent: true });
    // The same assertion again: its challenge is spent.
    expect((await signIn(assertion)).body).toMatchObject({
      code: 40019,
      message: 'The passkey request expired. Try again.',
    });
    const listed = data<{ passkeys: PasskeyItem[] }>(
      await kit.call(`${base}/web/passkeys`, { token }),
    ).passkeys;
    expect(listed[0]?.last_used_at).not.toBeNull();
  });

  it('lets one of 20 copies of an assertion sign in', async () => {
    const user = await userWithPasskey();
    const assertion = authenticator.assert(user.passkey, await loginChallenge());
    const results = await Promise.all(Array.from({ length: 20 }, () => signIn(assertion)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe(40019);
  });

  it('refuses another origin, a forged signature and an unknown passkey', async () => {
    const user = await userWithPasskey();
    const phished = authenticator.assert(
      user.passkey,
      await loginChallenge(),
      'https://evil.example',
    );
    expect((await signIn(phished)).body).toMatchObject({ code: 40020 });

    const forged = authenticator.assert(user.passkey, await loginChallenge());
    const signature = Buffer.from(forged.response.signature, 'base64url');
    signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 1, signature.length - 1);
    forged.response.signature = signature.toString('base64url');
    expect((await signIn(forged)).body).toMatchObject({ code: 40020 });

    const stranger = authenticator.register({ challenge: 'x', user: { id: 'eA' } }).passkey;
    expect(
      (await signIn(authenticator.assert(stranger, await loginChallenge()))).body,
    ).toMatchObject({
      code: 40020,
    });
    const garbage = await signIn({ id: 'a', rawId: 'a', type: 'public-key', response: {} });
    expect(garbage.status).toBe(400);
  });

  it('spends a challenge only for its purpose and account, within 5 minutes', async () => {
    const user = await userWithPasskey();
    const other = await kit.createUser();
    const otherToken = await kit.login(other.email, other.password);
    // A registration challenge of another account cannot register here.
    const foreign = await kit.call(`${base}/web/passkeys/register/options`, {
      token: otherToken,
      method: 'POST',
    });
    const { response } = authenticator.register(
      data<{ challenge: string; user: { id: string } }>(foreign),
    );
    const stolen = await kit.call(`${base}/web/passkeys/register/verify`, {
      token: user.token,
      body: { response },
    });
    expect(stolen.body.code).toBe(40019);
    // Nor sign in.
    const asLogin = authenticator.assert(user.passkey, data<{ challenge: string }>(foreign));
    expect((await signIn(asLogin)).body.code).toBe(40019);
    // Expired.
    const late = await loginChallenge();
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    expect((await signIn(authenticator.assert(user.passkey, late))).body.code).toBe(40019);
  });

  it('removes only the account’s own passkey, which then signs no one in', async () => {
    const user = await userWithPasskey();
    const other = await userWithPasskey();
    const theirs = other.list[0]?.id;
    const refused = await kit.call(`${base}/web/passkeys/remove`, {
      token: user.token,
      body: { id: theirs },
    });
    expect(refused.body).toMatchObject({
      code: 40405,
      message: 'No such passkey on this account.',
    });
    const removed = await kit.call(`${base}/web/passkeys/remove`, {
      token: user.token,
      body: { id: user.list[0]?.id },
    });
    expect(data<{ passkeys: PasskeyItem[] }>(removed).passkeys).toEqual([]);
    expect(
      (await signIn(authenticator.assert(user.passkey, await loginChallenge()))).body.code,
    ).toBe(40020);
    // The other account's passkey still works.
    expect((await signIn(authenticator.assert(other.passkey, await loginChallenge()))).status).toBe(
      200,
    );
  });

  it('re-authenticates with the account’s own passkey only', async () => {
    const user = await userWithPasskey();
    const other = await userWithPasskey();
    await db().update(sessions).set({ reauthAt: sql`now() - interval '10 minutes'` });
    const refused = await kit.call(`${base}/web/passkeys/register/options`, {
      token: user.token,
      method: 'POST',
    });
    expect(refused.body).toMatchObject({ code: 40014, data: { methods: ['password', 'passkey'] } });
    const options = await kit.call(`${base}/web/reauth/passkey/options`, {
      token: user.token,
      method: 'POST',
    });
    const challenge = data<{ challenge: string; allowCredentials: { id: string }[] }>(options);
    expect(challenge.allowCredentials.map((c) => c.id)).toEqual([
      user.passkey.credentialId.toString('base64url'),
    ]);
    const wrongKey = await kit.call(`${base}/web/reauth/passkey/verify`, {
      token: user.token,
      body: { response: authenticator.assert(other.passkey, challenge) },
    });
    expect(wrongKey.body.code).toBe(40020);
    const fresh = data<{ challenge: string }>(
      await kit.call(`${base}/web/reauth/passkey/options`, { token: user.token, method: 'POST' }),
    );
    const ok = await kit.call(`${base}/web/reauth/passkey/verify`, {
      token: user.token,
      body: { response: authenticator.assert(user.passkey, fresh) },
    });
    expect(ok.status).toBe(200);
    expect(data(await kit.call(`${base}/web/reauth`, { token: user.token }))).toMatchObject({
      recent: true,
    });
  });
});
