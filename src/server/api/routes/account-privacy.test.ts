import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountEvents, emailChanges, mailOutbox, sessions, users } from '@/server/db/schema';
import { accountKit, type CallResult } from '../../../../tests/support/account-api';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// Changing the account's email (a code to the new address, same rules as reset codes, a notice
// to the old one) and downloading its data; both behind the password or a recent confirmation.

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);
const db = () => testDb().handle.db;
const data = <T>(res: CallResult) => res.body.data as T;

async function mailsTo(email: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
}

async function codeSentTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const fresh = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;

async function signedIn() {
  const user = await kit.createUser();
  return { ...user, token: await kit.login(user.email, user.password) };
}

const change = (token: string, body: Record<string, unknown>) =>
  kit.call(`${base}/web/email/change`, { token, body });
const confirm = (token: string, code: string) =>
  kit.call(`${base}/web/email/confirm`, { token, body: { code } });

describe('email change', () => {
  it('switches after the code mailed to the new address, and tells the old one', async () => {
    const user = await signedIn();
    const next = fresh('New.Address');
    const sent = await change(user.token, { new_email: ` ${next} `, password: user.password });
    expect(sent.status).toBe(200);
    const normalized = next.toLowerCase();
    const code = await codeSentTo(normalized);
    expect((await confirm(user.token, code === '000000' ? '000001' : '000000')).body.code).toBe(
      40003,
    );
    const done = await confirm(user.token, code);
    expect(done.status).toBe(200);
    expect(data(done)).toEqual({ email: normalized });
    expect(data(await kit.call(`${base}/web/profile`, { token: user.token }))).toMatchObject({
      email: normalized,
    });
    // The old address is told, and names the new one.
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toMatch(/email address of your .+ account was changed/);
    expect(notice?.text).toContain(normalized);
    // Sign-in works with the new address only; the code works once.
    expect(await kit.login(normalized, user.password)).toBeTruthy();
    await expect(kit.login(user.email, user.password)).rejects.toThrow(/40101/);
    expect((await confirm(user.token, code)).body.code).toBe(40002);
    const kinds = await db()
      .select({ kind: accountEvents.kind })
      .from(accountEvents)
      .innerJoin(users, eq(users.id, accountEvents.userId))
      .where(eq(users.email, normalized));
    expect(kinds.map((k) => k.kind)).toContain('email_changed');
  });

  it('needs the right password, or a confirmation of the last 5 minutes', async () => {
    const user = await signedIn();
    const wrong = await change(user.token, { new_email: fresh('a'), password: 'Wrong-pass1!' });
    expect(wrong.body.code).toBe(40001);
    // Signing in just now counts.
    expect((await change(user.token, { new_email: fresh('b') })).status).toBe(200);
    await db().update(sessions).set({ reauthAt: sql`now() - interval '6 minutes'` });
    const late = await change(user.token, { new_email: fresh('c') });
    expect(late.body).toMatchObject({ code: 40014, data: { methods: ['password'] } });
  });

  it('refuses the current address and one another account uses', async () => {
    const user = await signedIn();
    const other = await kit.createUser();
    const same = await change(user.token, {
      new_email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(same.body).toMatchObject({
      code: 40021,
      message: 'This is already your email address.',
    });
    const taken = await change(user.token, { new_email: other.email, password: user.password });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe(40907);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it('refuses the switch when the address got an account in between', async () => {
    const user = await signedIn();
    const next = fresh('race');
    await change(user.token, { new_email: next, password: user.password });
    const code = await codeSentTo(next);
    await db().insert(users).values({ email: next });
    expect((await confirm(user.token, code)).body.code).toBe(40907);
    expect(data(await kit.call(`${base}/web/profile`, { token: user.token }))).toMatchObject({
      email: user.email,
    });
  });

  it('gives a code 5 tries however many arrive at once; the right one after that is refused', async () => {
    const user = await signedIn();
    const next = fresh('burst');
    await change(user.token, { new_email: next, password: user.password });
    const code = await codeSentTo(next);
    const wrong = code === '123456' ? '654321' : '123456';
    const results = await Promise.all(Array.from({ length: 15 }, () => confirm(user.token, wrong)));
    expect(results.filter((r) => r.body.code === 40003)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 40002)).toHaveLength(10);
    expect((await confirm(user.token, code)).body.code).toBe(40002);
    const [row] = await db().select().from(emailChanges).where(eq(emailChanges.newEmail, next));
    expect(row?.usedAt).toBeNull();
    expect(row?.attempts).toBe(5);
  });

  it('switches once when the right code arrives ten times together', async () => {
    const user = await signedIn();
    const next = fresh('together');
    await change(user.token, { new_email: next, password: user.password });
    const code = await codeSentTo(next);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(user.token, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe(40002);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('keeps only the newest code, and limits how often one is sent', async () => {
    const user = await signedIn();
    const first = fresh('first');
    await change(user.token, { new_email: first, password: user.password });
    const firstCode = await codeSentTo(first);
    const again = await change(user.token, { new_email: fresh('second'), password: user.password });
    expect(again.status).toBe(429);
    // After the minute, a new request retires the first code.
    await db().execute(sql`delete from rate_limits where key like ${'%email-change%'}`);
    const second = fresh('second');
    await change(user.token, { new_email: second, password: user.password });
    expect((await confirm(user.token, firstCode)).body.code).toBe(
      firstCode === (await codeSentTo(second)) ? 200 : 40003,
    );
  });
});

describe('data export', () => {
  it('downloads the account as one JSON document after a recent confirmation', async () => {
    const user = await signedIn();
    const res = await kit.call(`${base}/web/export`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[\w.-]+\.json"$/,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const document = data<{
      profile: { email: string };
      format: string;
      activity: { kind: string }[];
    }>(res);
    expect(document.format).toBe('turbovpn-account-export/1');
    expect(document.profile.email).toBe(user.email);
    expect(JSON.stringify(document)).not.toMatch(/argon2|password_hash|token_hash/);
    const again = await kit.call(`${base}/web/export`, { token: user.token });
    expect(data<{ activity: { kind: string }[] }>(again).activity.map((e) => e.kind)).toContain(
      'data_exported',
    );
    await db().update(sessions).set({ reauthAt: sql`now() - interval '6 minutes'` });
    expect((await kit.call(`${base}/web/export`, { token: user.token })).body.code).toBe(40014);
    expect((await kit.call(`${base}/web/export`)).status).toBe(401);
  });
});
