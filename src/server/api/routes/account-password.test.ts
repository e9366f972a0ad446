import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountKit, freshIp } from '../../../../tests/support/account-api';
import {
  startTestSmtpServer,
  type TestSmtpServer,
  textPart,
} from '../../../../tests/support/smtp-server';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The process mailer reads SMTP_URL once; point it at the test server before the first mail.
  vi.stubEnv('SMTP_URL', smtp.url);
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('turbovpn.mailer')];
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

/** Asks for a code and reads it from the email the SMTP server received. */
async function requestCode(email: string, language?: string) {
  const res = await kit.call(`${base}/verification/request`, { body: { email, language } });
  expect(res.status).toBe(200);
  const mail = await smtp.nextMail(10_000);
  expect(mail.to).toEqual([email]);
  const text = textPart(mail.raw);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return { code, mail, text };
}

describe('POST verification/request', () => {
  it('emails a 6-digit code in HTML and text', async () => {
    const user = await kit.createUser();
    const { mail, text } = await requestCode(user.email);
    expect(mail.raw).toMatch(/Subject: Your Turbo VPN verification code/);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.raw).toMatch(/text\/html/);
    expect(text).toContain('expires in 10 minutes');
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await kit.call(`${base}/verification/request`, {
      body: { email: 'no-account-here@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'ok', data: { sent: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('answers a known and an unknown email in similar time (mail goes out afterwards)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await kit.call(`${base}/verification/request`, { body: { email } });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await kit.createUser();
      known.push(await time(user.email));
      unknown.push(await time(`nobody-${i}-${Date.now()}@example.com`));
      await smtp.nextMail(10_000);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(mean(known) - mean(unknown))).toBeLessThan(
      Math.max(mean(known), mean(unknown)) * 0.6 + 15,
    );
  });

  it.each([
    [{}, 'email: Please Enter Email'],
    [{ email: '  ' }, 'email: Please Enter Email'],
    [{ email: 'not-an-email' }, 'email: ! Invalid Email provide'],
    [{ email: 'a@example.com', language: 'xx' }, 'language: '],
  ])('refuses %j', async (body, text) => {
    const res = await kit.call(`${base}/verification/request`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`Invalid request: ${text}`);
  });

  it('allows one code a minute per email', async () => {
    const email = `minute-${Date.now()}@example.com`;
    expect((await kit.call(`${base}/verification/request`, { body: { email } })).status).toBe(200);
    const again = await kit.call(`${base}/verification/request`, { body: { email } });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(
      /^A code was sent a moment ago\. You can ask for another in \d+ seconds?\.$/,
    );
  });

  it('allows five codes an hour per email', async () => {
    const email = `hour-${Date.now()}@example.com`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      for (let i = 0; i < 5; i += 1) {
        vi.setSystemTime(start + i * 61_000);
        expect((await kit.call(`${base}/verification/request`, { body: { email } })).status).toBe(
          200,
        );
      }
      vi.setSystemTime(start + 6 * 61_000);
      const sixth = await kit.call(`${base}/verification/request`, { body: { email } });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(/^Too many codes requested\./);
    } finally {
      vi.useRealTimers();
    }
  });

  it('translates the email into the requested language', async () => {
    const user = await kit.createUser();
    const { mail } = await requestCode(user.email, 'de');
    expect(mail.raw).toMatch(/lang=(3D)?"de"/);
  });
});

describe('POST verification/validate and web/reset_password', () => {
  it('validates the code without using it, resets the password and ends every session', async () => {
    const user = await kit.createUser();
    const session = await kit.login(user.email, user.password);
    const { code } = await requestCode(user.email);

    const valid = await kit.call(`${base}/verification/validate`, {
      body: { email: user.email, code },
    });
    expect(valid.body).toEqual({ code: 200, message: 'ok', data: { valid: true } });

    const reset = await kit.call(`${base}/web/reset_password`, {
      body: { email: user.email, code, password: 'Brand-new2#' },
    });
    expect(reset.status).toBe(200);

    expect((await kit.call(`${base}/web/profile`, { token: session })).body.code).toBe(50008);
    const old = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
    });
    expect(old.body.message).toBe('Incorrect username or password.');
    expect(await kit.login(user.email, 'Brand-new2#')).toMatch(/^[\w-]{43}$/);

    // Used once: the same code is dead now.
    const again = await kit.call(`${base}/web/reset_password`, {
      body: { email: user.email, code, password: 'Another-one3$' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 40002, message: 'code expired.' });
  });

  it('answers "Verification fail" for a wrong code and kills the code after 5 wrong tries', async () => {
    const user = await kit.createUser();
    const { code } = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await kit.call(`${base}/verification/validate`, {
        body: { email: user.email, code: wrong },
      });
      expect(res.body).toEqual({ code: 40003, message: 'Verification fail' });
    }
    const right = await kit.call(`${base}/verification/validate`, {
      body: { email: user.email, code },
    });
    expect(right.body).toEqual({ code: 40002, message: 'code expired.' });
  });

  it('answers "code expired." after 10 minutes', async () => {
    const user = await kit.createUser();
    const { code } = await requestCode(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
      const res = await kit.call(`${base}/web/reset_password`, {
        body: { email: user.email, code, password: 'Brand-new2#' },
      });
      expect(res.body).toEqual({ code: 40002, message: 'code expired.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers an unknown email like a known one with a wrong code', async () => {
    await kit.call(`${base}/verification/request`, { body: { email: 'ghost-reset@example.com' } });
    const res = await kit.call(`${base}/verification/validate`, {
      body: { email: 'ghost-reset@example.com', code: '123456' },
    });
    expect(res.body).toEqual({ code: 40003, message: 'Verification fail' });
    const never = await kit.call(`${base}/verification/validate`, {
      body: { email: 'never-asked@example.com', code: '123456' },
    });
    expect(never.body).toEqual({ code: 40002, message: 'code expired.' });
  });

  it('keeps only the newest code alive', async () => {
    const user = await kit.createUser();
    const first = await requestCode(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const second = await requestCode(user.email);
      if (first.code !== second.code) {
        const res = await kit.call(`${base}/verification/validate`, {
          body: { email: user.email, code: first.code },
        });
        expect(res.body.message).toBe('Verification fail');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [{ code: '123456', password: 'Good-pass1!' }, 'email: Please Enter Email'],
    [{ email: 'a@example.com', password: 'Good-pass1!' }, 'code: Please enter the code'],
    [
      { email: 'a@example.com', code: '12ab56', password: 'Good-pass1!' },
      'code: The code has 6 digits',
    ],
    [
      { email: 'a@example.com', code: '123456', password: 'Sh0rt!' },
      'password: Password must be 8-20 characters.',
    ],
    [
      { email: 'a@example.com', code: '123456', password: 'Way-too-long-password1!' },
      'password: Password must be 8-20 characters.',
    ],
    [
      { email: 'a@example.com', code: '123456', password: 'alllower1!' },
      'password: Password should contain uppercase and lowercase letters, and symbols.',
    ],
    [
      { email: 'a@example.com', code: '123456', password: 'NoSymbol12' },
      'password: Password should contain uppercase and lowercase letters, and symbols.',
    ],
    [
      { email: 'a@example.com', code: '123456', password: 'Ünïcode-pw1' },
      'password: Password should contain uppercase and lowercase letters, and symbols.',
    ],
  ])('reset_password refuses %j', async (body, text) => {
    const res = await kit.call(`${base}/web/reset_password`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`Invalid request: ${text}`);
  });
});

describe('POST web/change_password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const user = await kit.createUser();
    const mine = await kit.login(user.email, user.password);
    const other = await kit.login(user.email, user.password);
    const res = await kit.call(`${base}/web/change_password`, {
      token: mine,
      body: { current_password: user.password, new_password: 'Changed-pw9!' },
    });
    expect(res.status).toBe(200);
    expect((await kit.call(`${base}/web/profile`, { token: mine })).status).toBe(200);
    expect((await kit.call(`${base}/web/profile`, { token: other })).body.code).toBe(50008);
    expect(await kit.login(user.email, 'Changed-pw9!')).toBeTruthy();
  });

  it('answers "Incorrect password." for a wrong current password and "Password no change." for the same one', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const wrong = await kit.call(`${base}/web/change_password`, {
      token,
      body: { current_password: 'Not-mine1!', new_password: 'Changed-pw9!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 40001, message: 'Incorrect password.' });
    const same = await kit.call(`${base}/web/change_password`, {
      token,
      body: { current_password: user.password, new_password: user.password },
    });
    expect(same.body).toEqual({ code: 40004, message: 'Password no change.' });
  });

  it('limits wrong current passwords to 10 per 15 minutes', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    for (let i = 0; i < 10; i += 1) {
      await kit.call(`${base}/web/change_password`, {
        token,
        body: { current_password: 'Not-mine1!', new_password: 'Changed-pw9!' },
      });
    }
    const res = await kit.call(`${base}/web/change_password`, {
      token,
      body: { current_password: user.password, new_password: 'Changed-pw9!' },
    });
    expect(res.status).toBe(429);
  });

  it.each([
    [{ new_password: 'Changed-pw9!' }, 'current_password: Please enter your current password'],
    [
      { current_password: 'x', new_password: 'short' },
      'new_password: Password must be 8-20 characters.',
    ],
  ])('refuses %j', async (body, text) => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const res = await kit.call(`${base}/web/change_password`, { token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(text);
  });

  it('needs a session', async () => {
    const res = await kit.call(`${base}/web/change_password`, {
      body: { current_password: 'Start-pass1!', new_password: 'Changed-pw9!' },
    });
    expect(res.status).toBe(401);
  });
});

describe('POST web/set_password', () => {
  async function passwordlessSession() {
    const user = await kit.createUser(null);
    const { findUserByEmail } = await import('@/server/account/queries');
    const { startWebSession } = await import('@/server/session/service');
    const row = await findUserByEmail(testDb().handle.db, user.email);
    const { token } = await startWebSession(testDb().handle.db, row?.id ?? '');
    return { ...user, token };
  }

  it('sets the first password of an account made without one', async () => {
    const user = await passwordlessSession();
    const res = await kit.call(`${base}/web/set_password`, {
      token: user.token,
      body: { password: 'First-pass1!' },
    });
    expect(res.body).toEqual({ code: 200, message: 'ok', data: { is_password_set: true } });
    const profile = await kit.call(`${base}/web/profile`, { token: user.token });
    expect((profile.body.data as { is_password_set: boolean }).is_password_set).toBe(true);
    expect(await kit.login(user.email, 'First-pass1!', freshIp())).toBeTruthy();
  });

  it('refuses an account that already has a password (409) and a weak password (400)', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const res = await kit.call(`${base}/web/set_password`, {
      token,
      body: { password: 'First-pass1!' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40901);
    const fresh = await passwordlessSession();
    const weak = await kit.call(`${base}/web/set_password`, {
      token: fresh.token,
      body: { password: 'weakpass' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('password: Password should contain');
  });
});
