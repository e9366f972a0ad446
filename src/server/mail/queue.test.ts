import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '@/server/db/schema';
import { accountKit } from '../../../tests/support/account-api';
import { captureLogs } from '../../../tests/support/log-capture';
import {
  startTestSmtpServer,
  type TestSmtpServer,
  textPart,
} from '../../../tests/support/smtp-server';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import { mailDelayedCode, mailDelayedMessage } from './errors';
import { getMailer } from './index';
import {
  enqueueMail,
  mailQueueDefaults,
  processMailQueue,
  queuedMail,
  retryDelayMs,
  sendQueued,
} from './queue';
import type { Mailer, MailMessage } from './types';

const testDb = fileTestDb();
const db = () => testDb().handle.db;
const kit = accountKit(testDb);
const mailerKey = Symbol.for('turbovpn.mailer');
const base = '/api/mms/account/v1';

/** Moves a queued mail's next attempt to now, as if its backoff had passed. */
async function makeDue(id: string) {
  await db()
    .update(mailQueue)
    .set({ nextAttemptAt: new Date(Date.now() - 1) })
    .where(eq(mailQueue.id, id));
}

async function rowOf(id: string) {
  const [row] = await db().select().from(mailQueue).where(eq(mailQueue.id, id));
  return row;
}

const message = (to: string): MailMessage => ({
  to,
  subject: 'Hello',
  text: 'A body with a link',
  html: '<p>A body with a link</p>',
});

describe('retry delays', () => {
  it('double from 30 s up to an hour, about an hour of trying in all', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
    expect(mailQueueDefaults.maxAttempts).toBe(8);
  });
});

describe('a code requested while the mail server is down', () => {
  let smtp: TestSmtpServer | undefined;
  let url: string;
  let port: number;

  beforeAll(async () => {
    // Take a port, then stop the server on it: the mailer points at a mail server that is down.
    const probe = await startTestSmtpServer();
    url = probe.url;
    port = Number(new URL(url).port);
    await probe.close();
    vi.stubEnv('SMTP_URL', url);
    delete (globalThis as Record<symbol, unknown>)[mailerKey];
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    delete (globalThis as Record<symbol, unknown>)[mailerKey];
    await smtp?.close();
  });

  it('is queued, the user is told, it is retried with backoff and delivered once', async () => {
    const logs = captureLogs();
    try {
      const user = await kit.createUser();
      const res = await kit.call(`${base}/verification/request`, { body: { email: user.email } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: mailDelayedCode,
        message: mailDelayedMessage,
        data: { retried: true },
      });

      // An email without an account gets the same answer, and nothing is queued for it.
      const nobody = `nobody-${Date.now()}@example.com`;
      const other = await kit.call(`${base}/verification/request`, { body: { email: nobody } });
      expect(other.body).toEqual(res.body);
      expect(await queuedMail(db(), { to: nobody })).toEqual([]);

      // The first attempt (right after the answer) fails; the mail waits 30 s for the next.
      let [queued] = await queuedMail(db(), { to: user.email });
      for (let i = 0; i < 100 && !queued?.lastError; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [queued] = await queuedMail(db(), { to: user.email });
      }
      if (!queued) throw new Error('the code mail was not queued');
      expect(queued).toMatchObject({ kind: 'reset-code', status: 'queued', hasBody: true });
      expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i);
      const firstWait = queued.nextAttemptAt.getTime() - Date.now();
      expect(firstWait).toBeGreaterThan(25_000);
      expect(firstWait).toBeLessThanOrEqual(30_000);

      // Not due yet: the worker leaves it alone.
      const mailer = getMailer();
      expect(await processMailQueue(db(), mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });

      // Due and still down: the second attempt fails and the wait doubles.
      await makeDue(queued.id);
      expect(await processMailQueue(db(), mailer)).toEqual({ sent: 0, retried: 1, failed: 0 });
      const second = await rowOf(queued.id);
      expect(second?.attempts).toBe(2);
      const secondWait = (second?.nextAttemptAt.getTime() ?? 0) - Date.now();
      expect(secondWait).toBeGreaterThan(55_000);
      expect(secondWait).toBeLessThanOrEqual(60_000);

      // The mail server comes back on the same address: the next run delivers it, once.
      smtp = await startTestSmtpServer({ port });
      await makeDue(queued.id);
      expect(await processMailQueue(db(), mailer)).toEqual({ sent: 1, retried: 0, failed: 0 });
      await makeDue(queued.id);
      expect(await processMailQueue(db(), mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received.map((mail) => mail.to)).toEqual([[user.email]]);
      // Sent: the row, and the code in it, are gone.
      expect(await rowOf(queued.id)).toBeUndefined();

      // The code in the late mail is the live one.
      const code = /\b(\d{6})\b/.exec(textPart(smtp.received[0]?.raw ?? ''))?.[1];
      const valid = await kit.call(`${base}/verification/validate`, {
        body: { email: user.email, code },
      });
      expect(valid.status).toBe(200);

      // The mail server works again, so the next request is answered as usual.
      const later = await kit.createUser();
      const again = await kit.call(`${base}/verification/request`, {
        body: { email: later.email },
      });
      expect(again.body).toEqual({ code: 200, message: 'ok', data: { sent: true } });
      await smtp.nextMail(5000);
      await smtp.nextMail(5000);
      expect(smtp.received.length).toBe(2);
    } finally {
      logs.restore();
    }
  });

  it('replaces a waiting code mail when a newer code is asked for', async () => {
    const email = `replace-${Date.now()}@example.com`;
    const first = await enqueueMail(db(), message(email), {
      kind: 'reset-code',
      dedupeKey: `reset-code:${email}`,
    });
    await enqueueMail(db(), message(email), {
      kind: 'reset-code',
      dedupeKey: `reset-code:${email}`,
    });
    expect(await rowOf(first)).toBeUndefined();
    expect(await queuedMail(db(), { to: email })).toHaveLength(1);
  });
});

describe('the mail queue', () => {
  // Each test counts what one worker pass does: start from an empty queue.
  beforeEach(async () => {
    await db().delete(mailQueue);
  });

  const failing = (): Mailer & { tries: number } => ({
    kind: 'smtp',
    tries: 0,
    async send() {
      this.tries += 1;
      throw new Error('421 try again later');
    },
  });

  it('marks a mail failed after its last attempt and removes its body', async () => {
    const logs = captureLogs();
    try {
      const mailer = failing();
      const settings = { ...mailQueueDefaults, maxAttempts: 3 };
      const to = `fail-${Date.now()}@example.com`;
      expect(await sendQueued(db(), mailer, message(to), { kind: 'test' }, settings)).toBe(false);
      const [row] = await queuedMail(db(), { to });
      if (!row) throw new Error('not queued');
      for (const expected of [
        { sent: 0, retried: 1, failed: 0 },
        { sent: 0, retried: 0, failed: 1 },
      ]) {
        await makeDue(row.id);
        expect(await processMailQueue(db(), mailer, settings)).toEqual(expected);
      }
      expect(mailer.tries).toBe(3);
      const [failed] = await queuedMail(db(), { to });
      expect(failed).toMatchObject({ status: 'failed', attempts: 3, hasBody: false });
      expect(failed?.lastError).toBe('421 try again later');
      await makeDue(row.id);
      expect(await processMailQueue(db(), mailer, settings)).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });
      // The log says so, with the address masked.
      const lines = logs.entries().filter((entry) => entry.area === 'mail');
      expect(lines.map((entry) => entry.msg)).toEqual([
        'mail not sent, will retry',
        'mail not sent, will retry',
        'mail not sent, giving up',
      ]);
      expect(lines[2]).toMatchObject({ level: 'error', to: 'f***@example.com', attempt: 3 });
      expect(logs.text()).not.toContain(to);
    } finally {
      logs.restore();
    }
  });

  it('drops a mail that expired while it waited, body included', async () => {
    const to = `expired-${Date.now()}@example.com`;
    const id = await enqueueMail(db(), message(to), {
      kind: 'reset-code',
      expiresAt: new Date(Date.now() - 1000),
    });
    const sent: MailMessage[] = [];
    const mailer: Mailer = { kind: 'smtp', send: async (mail) => void sent.push(mail) };
    await processMailQueue(db(), mailer);
    expect(sent.filter((mail) => mail.to === to)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: 'expired', text: null, html: null });
  });

  it('sends each mail once when several workers run at the same time', async () => {
    const to = `many-${Date.now()}@example.com`;
    for (let i = 0; i < 12; i += 1) await enqueueMail(db(), message(to), { kind: 'test' });
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.to);
      },
    };
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => processMailQueue(db(), mailer, mailQueueDefaults, 5)),
    );
    // Whatever the first passes left (their batches were full) goes out in the next one.
    await processMailQueue(db(), mailer);
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBeGreaterThan(0);
    expect(sent.filter((address) => address === to)).toHaveLength(12);
    const [left] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(eq(mailQueue.to, to));
    expect(left?.n).toBe(0);
  });
});
