import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SessionItem } from '@/components/account/sessions-card';
import { accountEvents, mailOutbox, users } from '@/server/db/schema';
import { accountKit } from '../../../../tests/support/account-api';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// The account's signed-in browsers: listed with what signed them in, ended one by one or all
// but the caller's, never another account's, never the caller's own, apps untouched.

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type SessionView = SessionItem;

async function loginAs(email: string, password: string, userAgent: string): Promise<string> {
  const res = await kit.call(`${base}/web/login`, {
    body: { username: email, password },
    headers: { 'User-Agent': userAgent },
  });
  expect(res.status).toBe(200);
  return (res.body.data as { token: string }).token;
}

async function sessionsOf(token: string): Promise<SessionView[]> {
  const res = await kit.call(`${base}/web/sessions`, { token });
  expect(res.status).toBe(200);
  return (res.body.data as { sessions: SessionView[] }).sessions;
}

const revoke = (token: string, id: unknown) =>
  kit.call(`${base}/web/sessions/revoke`, { token, body: { id } });

const profile = (token: string) => kit.call(`${base}/web/profile`, { token });

describe('signed-in browsers', () => {
  it('lists each browser with what it signed in with, the caller’s own marked', async () => {
    const user = await kit.createUser();
    const first = await loginAs(user.email, user.password, chrome);
    const second = await loginAs(user.email, user.password, firefox);
    const list = await sessionsOf(second);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)).toMatchObject({ browser: 'Firefox 133', os: 'Linux' });
    expect(list.find((s) => !s.current)).toMatchObject({
      browser: 'Chrome 131',
      os: 'Windows 10',
    });
    for (const entry of list) {
      expect(Date.parse(entry.created_at)).not.toBeNaN();
      expect(Date.parse(entry.last_used_at)).not.toBeNaN();
    }
    expect((await sessionsOf(first)).filter((s) => s.current)).toHaveLength(1);
  });

  it('signs one other browser out; its holder is then signed out', async () => {
    const user = await kit.createUser();
    const other = await loginAs(user.email, user.password, chrome);
    const mine = await loginAs(user.email, user.password, firefox);
    const target = (await sessionsOf(mine)).find((s) => !s.current);
    const res = await revoke(mine, target?.id);
    expect(res.status).toBe(200);
    expect((res.body.data as { sessions: SessionView[] }).sessions).toHaveLength(1);
    const gone = await profile(other);
    expect(gone.body).toMatchObject({ code: 50008 });
    expect((await profile(mine)).status).toBe(200);
    // Twice: it is over already.
    const again = await revoke(mine, target?.id);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 40404, message: 'No such session on this account.' });
  });

  it('refuses the caller’s own session, another account’s and bad ids alike', async () => {
    const user = await kit.createUser();
    const mine = await loginAs(user.email, user.password, chrome);
    const own = (await sessionsOf(mine))[0];
    const self = await revoke(mine, own?.id);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 40007 });

    // An attacker with their own account cannot end someone else's session by its id.
    const attacker = await kit.createUser();
    const theirs = await loginAs(attacker.email, attacker.password, firefox);
    const stolen = await revoke(theirs, own?.id);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ code: 40404 });
    expect((await profile(mine)).status).toBe(200);

    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await revoke(mine, id);
      expect(res.status).toBe(404);
    }
    expect((await revoke(mine, '')).status).toBe(400);
    expect((await revoke(mine, 42)).status).toBe(400);
    expect((await kit.call(`${base}/web/sessions`)).status).toBe(401);
  });

  it('signs every other browser out at once, apps and other accounts untouched', async () => {
    const user = await kit.createUser();
    const browsers = await Promise.all(
      Array.from({ length: 5 }, () => loginAs(user.email, user.password, chrome)),
    );
    const app = await kit.login(user.email, user.password);
    const bound = await kit.call(`${base}/device/bind`, {
      token: app,
      body: { app_type: 101, device_user_id: 'android-1', device_name: 'Pixel' },
    });
    expect(bound.status).toBe(200);
    const stranger = await kit.createUser();
    const strangers = await loginAs(stranger.email, stranger.password, chrome);

    const mine = browsers[0] ?? '';
    // Ten presses at once: every other browser ends once, the caller stays.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        kit.call(`${base}/web/sessions/revoke_others`, { method: 'POST', token: mine }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const ended = answers.reduce((sum, a) => sum + (a.body.data as { ended: number }).ended, 0);
    expect(ended).toBe(4);
    expect(await sessionsOf(mine)).toHaveLength(1);
    for (const token of browsers.slice(1)) {
      expect((await profile(token)).body).toMatchObject({ code: 50008 });
    }
    expect((await profile(mine)).status).toBe(200);
    expect((await profile(app)).status).toBe(200);
    expect((await profile(strangers)).status).toBe(200);
  });

  it('ends a session once when many browsers revoke it at the same moment', async () => {
    const user = await kit.createUser();
    const target = await loginAs(user.email, user.password, firefox);
    const others = await Promise.all(
      Array.from({ length: 8 }, () => loginAs(user.email, user.password, chrome)),
    );
    const id = (await sessionsOf(target)).find((s) => s.current)?.id;
    const answers = await Promise.all(others.map((token) => revoke(token, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(7);
    expect((await profile(target)).body).toMatchObject({ code: 50008 });
  });
});

interface EventView {
  kind: string;
  at: string;
  browser: string | null;
  os: string | null;
  country: string | null;
}

async function activityOf(token: string): Promise<EventView[]> {
  const res = await kit.call(`${base}/web/activity`, { token });
  expect(res.status).toBe(200);
  return (res.body.data as { events: EventView[] }).events;
}

describe('security activity', () => {
  it('records sign-ins, failed ones, password changes and sign-outs, newest first', async () => {
    const user = await kit.createUser();
    const other = await loginAs(user.email, user.password, chrome);
    const wrong = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: 'Wrong-pass9!' },
      headers: { 'User-Agent': firefox },
    });
    expect(wrong.status).toBe(401);
    const mine = await loginAs(user.email, user.password, firefox);
    const otherId = (await sessionsOf(mine)).find((s) => !s.current)?.id;
    expect((await revoke(mine, otherId)).status).toBe(200);
    const changed = await kit.call(`${base}/web/change_password`, {
      token: mine,
      body: { current_password: user.password, new_password: 'Changed-pass7!' },
      headers: { 'User-Agent': firefox },
    });
    expect(changed.status).toBe(200);
    expect((await profile(other)).body).toMatchObject({ code: 50008 });

    const events = await activityOf(mine);
    expect(events.map((e) => e.kind)).toEqual([
      'password_changed',
      'session_ended',
      'login',
      'login_failed',
      'login',
    ]);
    expect(events[3]).toMatchObject({ browser: 'Firefox 133', os: 'Linux' });
    expect(events[4]).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10' });
    // Another account sees none of it.
    const stranger = await kit.createUser();
    const theirs = await loginAs(stranger.email, stranger.password, chrome);
    expect((await activityOf(theirs)).map((e) => e.kind)).toEqual(['login']);
  });

  it('records exactly the failed sign-ins that were judged when guesses arrive at once', async () => {
    const user = await kit.createUser();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        kit.call(`${base}/web/login`, {
          body: { username: user.email, password: 'Guess-pass1!' },
          headers: { 'User-Agent': firefox },
        }),
      ),
    );
    const judged = guesses.filter((g) => g.status === 401).length;
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThan(30);
    // The account is locked out for now: read its events from the database.
    const [owner] = await testDb()
      .handle.db.select()
      .from(users)
      .where(eq(users.email, user.email));
    const rows = await testDb()
      .handle.db.select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, owner?.id ?? ''));
    expect(rows.filter((row) => row.kind === 'login_failed')).toHaveLength(judged);
  });
});

describe('a sign-in from a new browser', () => {
  async function mailsTo(email: string) {
    return testDb().handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  async function waitForMail(email: string, count: number) {
    for (let i = 0; i < 50; i += 1) {
      const rows = await mailsTo(email);
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return mailsTo(email);
  }

  it('mails once for a browser the account had not used, never for a known one', async () => {
    const user = await kit.createUser();
    // The first sign-in the account is known by, then the same browser in a newer version.
    await loginAs(user.email, user.password, chrome);
    await loginAs(user.email, user.password, chrome.replace('Chrome/131', 'Chrome/132'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(user.email)).toHaveLength(0);

    const res = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
      headers: { 'User-Agent': firefox, Cookie: 'LANGUAGE=de' },
    });
    expect(res.status).toBe(200);
    const [mail] = await waitForMail(user.email, 1);
    expect(mail?.subject).toBe('Neue Anmeldung in Ihrem Konto bei Turbo VPN');
    expect(mail?.text).toContain('Firefox 133');
    expect(mail?.text).toContain('/de/myAccount');

    // Firefox again: known now.
    await loginAs(user.email, user.password, firefox);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('links to signing that browser out once, without a sign-in, even from 10 clicks at once', async () => {
    const user = await kit.createUser();
    await loginAs(user.email, user.password, chrome);
    const intruder = await loginAs(user.email, user.password, firefox);
    const [mail] = await waitForMail(user.email, 1);
    const link = mail?.text.match(/(\S+\/endSession)#token=([\w-]{43})/);
    expect(link?.[1]).toMatch(/^https?:\/\/[^/]+\/endSession$/);
    const token = link?.[2] ?? '';
    // The link itself does nothing (a mail scanner may open it); the page's button posts it.
    expect((await profile(intruder)).status).toBe(200);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        kit.call(`${base}/web/sessions/end`, {
          body: { token },
          headers: { 'User-Agent': chrome },
        }),
      ),
    );
    expect(clicks.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of clicks.filter((r) => r.status !== 200))
      expect(r.body).toMatchObject({
        code: 40022,
        message: 'This link no longer works: it was used already, or that browser is signed out.',
      });
    expect((await profile(intruder)).body).toMatchObject({ code: 50008 });
    // Only that session: the owner's other browser stays signed in.
    const [owner] = await testDb()
      .handle.db.select()
      .from(users)
      .where(eq(users.email, user.email));
    const kinds = await testDb()
      .handle.db.select({ kind: accountEvents.kind })
      .from(accountEvents)
      .where(eq(accountEvents.userId, owner?.id ?? ''));
    expect(kinds.filter((k) => k.kind === 'session_ended')).toHaveLength(1);
    for (const bad of ['x'.repeat(43), 'short', token])
      expect((await kit.call(`${base}/web/sessions/end`, { body: { token: bad } })).body.code).toBe(
        40022,
      );
  });
});
