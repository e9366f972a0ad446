import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { newsletterSubscribers } from '@/server/db/schema';
import { getMailer, MailDeliveryError, type Mailer } from '@/server/mail';
import { mailDelayedCode } from '@/server/mail/errors';
import { mailQueueDefaults, processMailQueue, queuedMail } from '@/server/mail/queue';
import {
  type ErrorBody,
  mailParts,
  mailTo,
  subjectOf,
  useFormsTestKit,
} from '../../../tests/support/forms-api';
import type { ReceivedMail } from '../../../tests/support/smtp-server';
import { subscribe } from './newsletter';

const subscribePath = '/api/mms/newsletter/v1/subscribe';

function confirmTokenIn(text: string): string {
  const match = /\/api\/mms\/newsletter\/v1\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in:\n${text}`);
  return match[1];
}

// Where getMailer() keeps the process's mailer (src/server/mail/index.ts): the routes use it.
const mailerKey = Symbol.for('turbovpn.mailer');
const processMailers = globalThis as Record<symbol, unknown>;

/** Runs `body` with `mailer` as the process's mailer, then puts the real one back. */
async function withProcessMailer<T>(mailer: Mailer, body: () => Promise<T>): Promise<T> {
  const real = getMailer();
  processMailers[mailerKey] = mailer;
  try {
    return await body();
  } finally {
    processMailers[mailerKey] = real;
  }
}

/**
 * A mail server that takes the connection and then does not answer: every send waits until
 * `open()` (forever if the test never calls it), then goes to the real mailer.
 */
function blockedMailer(real: Mailer) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held: string[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      held.push(message.to);
      await gate;
      await real.send(message);
    },
  };
  return { mailer, held, open: () => open() };
}

function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('newsletter double opt-in and unsubscribe', () => {
  const kit = useFormsTestKit();
  const subscriber = async (email: string) => {
    const [row] = await kit
      .testDb()
      .handle.db.select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    return row;
  };
  const get = (path: string) =>
    kit.app.request(path, { headers: { 'x-forwarded-for': kit.newIp() } });

  it('refuses a missing or malformed email with the spec’s messages', async () => {
    for (const [email, key, text] of [
      ['', 'emailRequired', 'Please Enter Email'],
      ['nobody', 'invalidEmail', '! Invalid Email provide'],
    ] as const) {
      const response = await kit.post(subscribePath, { email });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).data?.fields).toEqual([
        { field: 'email', key, message: text },
      ]);
    }
    expect(await kit.testDb().handle.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('confirms once by the mailed link, welcomes with one-click unsubscribe headers, then unsubscribes', async () => {
    const response = await kit.post(subscribePath, { email: ' Reader@Example.com ', locale: 'pt' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      code: 200,
      data: { status: 'confirmation_sent' },
    });
    expect(await subscriber('reader@example.com')).toMatchObject({
      status: 'pending',
      locale: 'pt',
    });

    const confirmation = await mailTo(kit.smtp(), 'reader@example.com');
    // In the reader's language.
    expect(confirmation.subject).toBe('Confirme sua inscrição na newsletter do Turbo VPN');
    const token = confirmTokenIn(confirmation.text);

    const confirmed = await get(`/api/mms/newsletter/v1/confirm?token=${token}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/pt/edmsub?confirmed=1');
    const row = await subscriber('reader@example.com');
    expect(row).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    // Single use: the same link again, and an unknown one, lead to the page's error.
    for (const bad of [token, 'A'.repeat(43), 'short', '']) {
      const again = await get(`/api/mms/newsletter/v1/confirm?token=${bad}`);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe('/edmsub?confirmed=0');
    }

    const welcome = await mailTo(kit.smtp(), 'reader@example.com');
    expect(welcome.subject).toBe('Boas-vindas à newsletter do Turbo VPN');
    const unsubscribeToken = row?.unsubscribeToken ?? '';
    expect(header(welcome.raw, 'List-Unsubscribe')).toBe(
      `<http://localhost:3000/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}>`,
    );
    expect(header(welcome.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(welcome.text).toContain(`/pt/edmsub?unsubscribe=${unsubscribeToken}`);

    // Subscribing again while confirmed: the same answer, no mail, nothing changes.
    const repeat = await kit.post(subscribePath, { email: 'reader@example.com' });
    expect(repeat.status).toBe(200);
    expect((await subscriber('reader@example.com'))?.status).toBe('confirmed');

    // A browser opening the header's URL gets the page with the button, not an unsubscribe.
    const opened = await get(`/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/pt/edmsub?unsubscribe=${unsubscribeToken}`);
    expect((await subscriber('reader@example.com'))?.status).toBe('confirmed');

    // RFC 8058: the mail provider POSTs the fixed body, without the site's app-type header.
    const oneClick = await kit.app.request(
      `/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ data: { status: 'unsubscribed' } });
    const gone = await subscriber('reader@example.com');
    expect(gone?.status).toBe('unsubscribed');
    expect(gone?.unsubscribedAt).toBeInstanceOf(Date);

    const unknown = await kit.post(
      `/api/mms/newsletter/v1/unsubscribe?token=${'B'.repeat(43)}`,
      undefined,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).message).toBe('Unknown unsubscribe link');

    // Subscribing again after leaving starts a new double opt-in.
    expect((await kit.post(subscribePath, { email: 'reader@example.com' })).status).toBe(200);
    const again = await mailTo(kit.smtp(), 'reader@example.com');
    expect(confirmTokenIn(again.text)).not.toBe(token);
    expect((await subscriber('reader@example.com'))?.status).toBe('pending');
  });

  it('expires confirmation links after a week', async () => {
    await kit.post(subscribePath, { email: 'late@example.com' });
    const token = confirmTokenIn((await mailTo(kit.smtp(), 'late@example.com')).text);
    await kit
      .testDb()
      .handle.db.update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    const response = await get(`/api/mms/newsletter/v1/confirm?token=${token}`);
    expect(response.headers.get('location')).toBe('/edmsub?confirmed=0');
    expect((await subscriber('late@example.com'))?.status).toBe('pending');
  });

  it('answers a new, pending, confirmed and unsubscribed address alike, without waiting for the mail', async () => {
    const db = kit.testDb().handle.db;
    const addresses = {
      new: 'state-new@example.com',
      pending: 'state-pending@example.com',
      confirmed: 'state-confirmed@example.com',
      unsubscribed: 'state-unsubscribed@example.com',
    };
    const week = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    await db.insert(newsletterSubscribers).values([
      {
        email: addresses.pending,
        locale: 'en',
        status: 'pending',
        confirmTokenHash: 'a'.repeat(64),
        confirmExpiresAt: week,
        unsubscribeToken: 'P'.repeat(43),
      },
      {
        email: addresses.confirmed,
        locale: 'en',
        status: 'confirmed',
        confirmedAt: new Date(),
        unsubscribeToken: 'C'.repeat(43),
      },
      {
        email: addresses.unsubscribed,
        locale: 'en',
        status: 'unsubscribed',
        unsubscribedAt: new Date(),
        unsubscribeToken: 'U'.repeat(43),
      },
    ]);

    // The mail server hangs: no send completes until the test lets it.
    const blocked = blockedMailer(getMailer());
    const answers = await withProcessMailer(blocked.mailer, async () => {
      const all: { state: string; status: number; body: string; headers: string }[] = [];
      for (const [state, email] of Object.entries(addresses)) {
        const response = await kit.post(subscribePath, { email });
        all.push({
          state,
          status: response.status,
          // The body echoes the address it was given; everything else must be the same.
          body: (await response.text()).replaceAll(email, '<email>'),
          headers: [...response.headers.entries()]
            .filter(([name]) => !['x-request-id', 'date', 'content-length'].includes(name))
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n'),
        });
      }
      return all;
    });

    // Four answers, one shape: 200 with the same body and headers.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(new Set(answers.map((a) => a.headers)).size).toBe(1);
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      code: 200,
      message: 'ok',
      data: { email: '<email>', status: 'confirmation_sent' },
    });

    // All four answered while the mails were still held by the hanging server: the answer does
    // not wait for a delivery. The confirmed address has nothing queued, the others one mail.
    const waiting = [addresses.new, addresses.pending, addresses.unsubscribed].sort();
    await vi.waitFor(() => expect([...blocked.held].sort()).toEqual(waiting));
    expect(
      kit.smtp().received.filter((mail) => mail.to.some((to) => waiting.includes(to))),
    ).toEqual([]);
    const queued = await queuedMail(db, { kind: 'newsletter-confirm' });
    expect(queued.map((row) => row.to).sort()).toEqual(waiting);

    // The server answers again: each held mail goes out, a confirmation link for each address.
    blocked.open();
    const arrived: ReceivedMail[] = [];
    for (let i = 0; i < 3; i += 1) arrived.push(await kit.smtp().nextMail());
    expect(arrived.flatMap((mail) => mail.to).sort()).toEqual(waiting);
    for (const mail of arrived) {
      expect(subjectOf(mail.raw)).toBe('Confirm your subscription to the Turbo VPN newsletter');
      confirmTokenIn(mailParts(mail.raw).text);
    }
    await vi.waitFor(async () =>
      expect(await queuedMail(db, { kind: 'newsletter-confirm' })).toEqual([]),
    );
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, Object.values(addresses)));
    expect(Object.fromEntries(rows.map((row) => [row.email, row.status]))).toEqual({
      [addresses.new]: 'pending',
      [addresses.pending]: 'pending',
      [addresses.confirmed]: 'confirmed',
      [addresses.unsubscribed]: 'pending',
    });
  });

  it('leaves a confirmation the mail server refused to the queue, and says so alike for every address', async () => {
    const db = kit.testDb().handle.db;
    const refusing: Mailer = {
      kind: 'smtp',
      async send() {
        throw new MailDeliveryError('SMTP delivery failed: 451 4.3.0 try again later');
      },
    };
    // The first try, after the answer, is refused: the mail stays queued for the worker.
    let delivery: Promise<void> | undefined;
    const result = await subscribe(
      db,
      { email: 'queued@example.com', locale: 'de' },
      {
        mailer: refusing,
        onDelivery: (promise) => {
          delivery = promise;
        },
        queue: { ...mailQueueDefaults, baseDelayMs: 0 },
      },
    );
    expect(result).toEqual({ mailAvailable: true });
    await delivery;
    const [row] = await queuedMail(db, { to: 'queued@example.com' });
    expect(row).toMatchObject({ kind: 'newsletter-confirm', status: 'queued', attempts: 1 });
    expect(row?.lastError).toContain('451');

    // While the mail server is known to refuse, every address gets the same 503 (50302), a
    // confirmed one included: it says nothing about the address.
    await db.insert(newsletterSubscribers).values({
      email: 'refused-confirmed@example.com',
      locale: 'en',
      status: 'confirmed',
      confirmedAt: new Date(),
      unsubscribeToken: 'R'.repeat(43),
    });
    const refused = await withProcessMailer(refusing, async () => {
      const bodies: string[] = [];
      for (const email of ['refused-new@example.com', 'refused-confirmed@example.com']) {
        const response = await kit.post(subscribePath, { email });
        expect(response.status).toBe(503);
        bodies.push(await response.text());
      }
      return bodies;
    });
    expect(refused[0]).toBe(refused[1]);
    expect((JSON.parse(refused[0] ?? '') as ErrorBody).code).toBe(mailDelayedCode);

    // The mail server is back: the queue's worker sends the waiting confirmation.
    expect((await processMailQueue(db, getMailer())).sent).toBeGreaterThanOrEqual(1);
    const mail = await mailTo(kit.smtp(), 'queued@example.com');
    expect(mail.subject).toBe('Bestätigen Sie Ihr Abonnement des Newsletters von Turbo VPN');
    confirmTokenIn(mail.text);
    expect(await queuedMail(db, { to: 'queued@example.com' })).toEqual([]);
  });

  it('limits confirmation mails per address', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await kit.post(subscribePath, { email: 'bomb@example.com' })).status).toBe(200);
    }
    const limited = await kit.post(subscribePath, { email: 'bomb@example.com' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).data?.retry_after).toBeGreaterThan(0);
    // The confirmations go out after the answers; let them finish before the next test.
    await vi.waitFor(async () =>
      expect(await queuedMail(kit.testDb().handle.db, { to: 'bomb@example.com' })).toEqual([]),
    );
  });

  it('counts IPv6 clients by their /64 for subscriptions', async () => {
    const subscribeFrom = (ip: string, n: number) =>
      kit.post(subscribePath, { email: `v6-${n}@example.com` }, { ip });
    // Ten addresses of one /64 (10 an hour per client) …
    for (let n = 0; n < 10; n += 1) {
      expect((await subscribeFrom(`2001:db8:5:6::${(n + 1).toString(16)}`, n)).status).toBe(200);
    }
    // … so an eleventh of the same /64 is refused, one of the next /64 is not.
    expect((await subscribeFrom('2001:db8:5:6:ffff:ffff:ffff:fffe', 10)).status).toBe(429);
    expect((await subscribeFrom('2001:db8:5:7::1', 11)).status).toBe(200);
    // Let the confirmations go out before the database closes.
    await vi.waitFor(async () => {
      const waiting = await queuedMail(kit.testDb().handle.db, { kind: 'newsletter-confirm' });
      expect(waiting.filter((row) => row.to.startsWith('v6-'))).toEqual([]);
    });
  });
});
