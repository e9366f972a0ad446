import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, receipts } from '@/server/db/schema';
import { outboxFor } from '@/server/mail/queries';
import { queuedMail } from '@/server/mail/queue';
import { createSmtpMailer } from '@/server/mail/smtp';
import { accountKit, type CallResult, startedCheckout } from '../../../tests/support/account-api';
import { captureLogs } from '../../../tests/support/log-capture';
import { approveInSandbox } from '../../../tests/support/sandbox-approval';
import {
  startTestSmtpServer,
  type TestSmtpServer,
  textPart,
} from '../../../tests/support/smtp-server';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import { giftCodeEmail, mailReceipts, notifyFulfilled } from './emails';
import { createSandboxProvider } from './sandbox';
import { handleWebhook } from './webhooks';

// The gift card email: sent once per gift order, by whichever of the capture and the webhook
// fulfils it, to the buyer, in the buyer's language. Without SMTP_URL mail goes to the
// development outbox of the order's database, which these tests read.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const sandbox = createSandboxProvider(db, 'http://localhost:3000');
const kit = accountKit(testDb, { payments: sandbox });

let counter = 0;
const newEmail = () => `gift-buyer${++counter}-${Date.now()}@example.com`;

interface OrderData {
  order_id: string;
  approve_url: string;
  gift_code: string | null;
  status: string;
}
const data = (res: CallResult) => res.body.data as OrderData;

/** Starts a checkout as a new buyer and approves it at the sandbox, as the Pay button does. */
async function approvedOrder(kind: 'plan' | 'gift', language?: string) {
  const email = newEmail();
  const started = await kit.call(`${base}/web/checkout`, {
    body: { plan_id: 'p12m', kind, email, language },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const order = data(started);
  const { sandboxId: providerId, cookie } = startedCheckout(started);
  expect(await approveInSandbox(sandbox, providerId)).toBe(true);
  // The first capture signs the new buyer in and spends the checkout cookie; later ones (a
  // second tab, a retry) come with the session it set.
  let session = '';
  const capture = async () => {
    const res = await kit.call(`${base}/web/checkout/${order.order_id}/capture`, {
      method: 'POST',
      cookie: session || cookie,
    });
    session ||=
      res.setCookies.find((line) => line.startsWith('paypal_token='))?.split(';')[0] ?? '';
    return res;
  };
  return { email, order, providerId, capture };
}

/** The gift card mails of an address (the outbox holds its receipt and welcome too). */
async function giftMails(email: string) {
  return (await outboxFor(db(), email)).filter((mail) => /gift card|بطاقة/.test(mail.subject));
}

/** The gift card mails of an address once `count` have arrived (the capture does not wait). */
async function mailsFor(email: string, count: number) {
  for (let waited = 0; waited < 5000; waited += 50) {
    const mails = await giftMails(email);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return giftMails(email);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('gift card email', () => {
  it('mails the code to the buyer once after the capture', async () => {
    const { email, capture } = await approvedOrder('gift');
    const paid = await capture();
    expect(paid.status).toBe(200);
    const code = data(paid).gift_code ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const [mail, ...more] = await mailsFor(email, 1);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Turbo VPN gift card');
    expect(mail?.text).toContain(code);
    expect(mail?.text).toContain('12 months +3 months free');
    expect(mail?.text).toContain('http://localhost:3000/gift-card');
    expect(mail?.html).toContain(code);
    expect(mail?.html).toContain('<a href="http://localhost:3000/gift-card"');

    // Capturing again answers the same order and mails nothing more.
    expect(data(await capture()).gift_code).toBe(code);
    await settle();
    expect(await giftMails(email)).toHaveLength(1);
    // Besides the code: the payment's receipt and, for the account the purchase made, a welcome.
    const subjects = (await outboxFor(db(), email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'Welcome to Turbo VPN',
      'Your Turbo VPN gift card',
      expect.stringMatching(/^Your Turbo VPN receipt R-\d{6}$/),
    ]);
    const welcome = (await outboxFor(db(), email)).find((mail) =>
      mail.subject.startsWith('Welcome'),
    );
    expect(welcome?.text).toContain(`Your Turbo VPN account for ${email} is ready.`);
    expect(welcome?.text).toContain('http://localhost:3000/forgetPassword');
  });

  it('writes in the language of the checkout', async () => {
    const { email, capture } = await approvedOrder('gift', 'ar');
    expect((await capture()).status).toBe(200);
    const [mail] = await mailsFor(email, 1);
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.text).toContain('http://localhost:3000/ar/gift-card');
  });

  it('is sent by the webhook that fulfils the order, and not again by the capture', async () => {
    const { email, order, providerId, capture } = await approvedOrder('gift');
    const outcome = await handleWebhook(db(), sandbox, {
      id: `WH-${Date.now()}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: providerId },
    });
    expect(outcome).toBe('processed');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    expect(row?.status).toBe('paid');
    const mails = await mailsFor(email, 1);
    expect(mails).toHaveLength(1);

    const paid = await capture();
    expect(mails[0]?.text).toContain(data(paid).gift_code ?? 'missing');
    await settle();
    expect(await giftMails(email)).toHaveLength(1);
    expect(await outboxFor(db(), email)).toHaveLength(3);
  });

  it('sends no gift card for a plan purchase: its receipt and a welcome', async () => {
    const { email, capture } = await approvedOrder('plan');
    expect((await capture()).status).toBe(200);
    await settle();
    expect(await giftMails(email)).toEqual([]);
    const subjects = (await outboxFor(db(), email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'Welcome to Turbo VPN',
      expect.stringMatching(/^Your Turbo VPN receipt/),
    ]);
  });
});

describe('notifyFulfilled with SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers the code as text and HTML through a real SMTP server', async () => {
    const { email, order, capture } = await approvedOrder('gift');
    const code = data(await capture()).gift_code ?? '';
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    if (!row) throw new Error('order missing');
    await notifyFulfilled(db(), row, createSmtpMailer(smtp.url, 'no-reply@turbovpn.local'));
    // The welcome comes first (the account was made by this purchase), then the code.
    const welcome = await smtp.nextMail();
    expect(welcome.raw).toMatch(/Subject: Welcome to Turbo VPN/);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(textPart(mail.raw)).toContain(code);
  });

  it('sends a receipt with its PDF attached through a real SMTP server', async () => {
    const { email, order, capture } = await approvedOrder('plan');
    await capture();
    await settle();
    // As if no mail had gone out yet: the receipt is mailed again, this time through SMTP.
    await db().update(receipts).set({ mailedAt: null }).where(eq(receipts.orderId, order.order_id));
    const mailer = createSmtpMailer(smtp.url, 'no-reply@turbovpn.local');
    expect(await mailReceipts(db(), { orderId: order.order_id, mailer })).toBe(1);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/multipart\/mixed/);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=turbovpn-R-\d{6}\.pdf/);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=turbovpn-R-\d{6}\.pdf/);
  });

  it('logs a delivery failure instead of throwing and leaves the mail queued for a retry', async () => {
    const { order, capture } = await approvedOrder('gift');
    await capture();
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order_id));
    if (!row) throw new Error('order missing');
    const logs = captureLogs();
    const refusing = await startTestSmtpServer({ rejectWith: 'mailbox full' });
    try {
      await expect(
        notifyFulfilled(db(), row, createSmtpMailer(refusing.url, 'no-reply@turbovpn.local')),
      ).resolves.toBeUndefined();
      expect(logs.entries()).toContainEqual(
        expect.objectContaining({
          area: 'mail',
          kind: 'gift-code',
          msg: 'mail not sent, will retry',
        }),
      );
      // The payment is done either way; the mail queue sends the code when the server takes it.
      const queued = await queuedMail(db(), { kind: 'gift-code' });
      expect(queued.find((mail) => mail.status === 'queued' && mail.attempts === 1)).toBeDefined();
    } finally {
      logs.restore();
      await refusing.close();
    }
  });
});

describe('giftCodeEmail', () => {
  it('escapes what it puts into the HTML and shows the code grouped', async () => {
    const mail = await giftCodeEmail({
      to: 'a@example.com',
      code: 'ABCDEFGHJKLMNPQR',
      plan: '<b>1 month</b>',
      locale: 'en',
      redeemUrl: 'https://example.com/gift-card?a=1&b=2',
    });
    expect(mail.text).toContain('ABCD-EFGH-JKLM-NPQR');
    expect(mail.html).toContain('&lt;b&gt;1 month&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>1 month');
    expect(mail.html).toContain('href="https://example.com/gift-card?a=1&amp;b=2"');
    expect(mail.text).toContain('30-day money-back guarantee');
  });
});
