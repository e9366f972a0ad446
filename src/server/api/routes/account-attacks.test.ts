import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeMaxAttempts, hashCode } from '@/server/account/codes';
import { replaceVerificationCode, spendCodeAttempt } from '@/server/account/queries';
import { verificationCodes } from '@/server/db/schema';
import { accountKit, type CallResult } from '../../../../tests/support/account-api';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// The guards on account secrets under attack: each counter is spent in one atomic statement
// before the secret is compared, so a burst of requests sent at the same moment gets no more
// guesses judged than the limit allows. Runs on PGlite and, in the PostgreSQL step, PostgreSQL.

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);
const db = () => testDb().handle.db;

const codes = (answers: CallResult[]) => answers.map((res) => res.body.code);
const count = (answers: CallResult[], code: number) =>
  codes(answers).filter((value) => value === code).length;

/** Stores a live reset code for `email` (what verification/request does, without the mail). */
async function liveCode(email: string, code = '428913') {
  const now = new Date();
  await replaceVerificationCode(db(), {
    email,
    codeHash: hashCode(email, code),
    now,
    expiresAt: new Date(now.getTime() + 10 * 60_000),
  });
  return code;
}

describe('reset codes', () => {
  it('judge at most five wrong codes of 300 sent at once, and the code is dead afterwards', async () => {
    const user = await kit.createUser();
    const right = await liveCode(user.email);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        kit.call(`${base}/web/reset_password`, {
          body: {
            email: user.email,
            code: String(100000 + i),
            password: 'Attacker-pass1!',
          },
        }),
      ),
    );
    // 40003: judged wrong. The rest: no live code left (40002) or the per-email limit (429).
    expect(count(answers, 40003)).toBeLessThanOrEqual(codeMaxAttempts);
    expect(count(answers, 40003) + count(answers, 40002) + count(answers, 429)).toBe(300);
    const late = await kit.call(`${base}/verification/validate`, {
      body: { email: user.email, code: right },
    });
    expect(late.body.code).not.toBe(200);
  });

  it('spend exactly five tries however many arrive together (the counter alone)', async () => {
    const email = `counter-${Date.now()}@example.com`;
    await liveCode(email);
    const spent = await Promise.all(
      Array.from({ length: 60 }, () =>
        spendCodeAttempt(db(), { email, now: new Date(), maxAttempts: codeMaxAttempts }),
      ),
    );
    expect(spent.filter(Boolean)).toHaveLength(codeMaxAttempts);
    const [row] = await db()
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row?.attempts).toBe(codeMaxAttempts);
  });

  it('take a right code after wrong ones, and give its try back', async () => {
    const user = await kit.createUser();
    const right = await liveCode(user.email);
    for (let i = 0; i < 4; i += 1) {
      const wrong = await kit.call(`${base}/verification/validate`, {
        body: { email: user.email, code: '000000' },
      });
      expect(wrong.body.code).toBe(40003);
    }
    // Checked once on the code page, then used on the password page: both pass.
    const checked = await kit.call(`${base}/verification/validate`, {
      body: { email: user.email, code: right },
    });
    expect(checked.status).toBe(200);
    const reset = await kit.call(`${base}/web/reset_password`, {
      body: { email: user.email, code: right, password: 'Brand-new-pass1!' },
    });
    expect(reset.status).toBe(200);
  });

  it('are limited per address across emails, an IPv6 client by its /64', async () => {
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        kit.call(`${base}/verification/validate`, {
          ip: `2001:db8:5:6::${(i + 1).toString(16)}`,
          body: { email: `spray${i}-${Date.now()}@example.com`, code: '123456' },
        }),
      ),
    );
    expect(count(answers, 429)).toBe(10);
    const elsewhere = await kit.call(`${base}/verification/validate`, {
      ip: '2001:db8:5:7::1',
      body: { email: `other-${Date.now()}@example.com`, code: '123456' },
    });
    expect(elsewhere.status).not.toBe(429);
  });

  it('are limited per email across addresses', async () => {
    const user = await kit.createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        kit.call(`${base}/verification/validate`, { body: { email: user.email, code: '123456' } }),
      ),
    );
    expect(count(answers, 429)).toBe(10);
  });
});

describe('passwords guessed in parallel', () => {
  it('judge at most ten wrong logins for one account, whatever the addresses', async () => {
    const user = await kit.createUser();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        kit.call(`${base}/web/login`, { body: { username: user.email, password: 'Wrong-pass1!' } }),
      ),
    );
    expect(count(answers, 40101)).toBeLessThanOrEqual(10);
    expect(count(answers, 40101) + count(answers, 429)).toBe(60);
    // The account is locked for now, even for its owner's right password.
    const owner = await kit.call(`${base}/web/login`, {
      body: { username: user.email, password: user.password },
    });
    expect(owner.status).toBe(429);
  });

  it('judge at most ten wrong logins from one IPv6 /64, across accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        kit.call(`${base}/web/login`, {
          ip: `2001:db8:9:9::${(i + 1).toString(16)}`,
          body: { username: `nobody${i}-${Date.now()}@example.com`, password: 'Wrong-pass1!' },
        }),
      ),
    );
    expect(count(answers, 40101)).toBeLessThanOrEqual(10);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(30);
  });

  it('lets a right password in without using up the address', async () => {
    const user = await kit.createUser();
    const ip = '198.51.100.200';
    for (let i = 0; i < 12; i += 1) await kit.login(user.email, user.password, ip);
  });

  it('judge at most ten wrong current passwords at change_password', async () => {
    const user = await kit.createUser();
    const token = await kit.login(user.email, user.password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        kit.call(`${base}/web/change_password`, {
          token,
          body: { current_password: 'Wrong-pass1!', new_password: 'Other-pass1!' },
        }),
      ),
    );
    expect(count(answers, 40001)).toBeLessThanOrEqual(10);
    expect(count(answers, 40001) + count(answers, 429)).toBe(40);
  });
});
