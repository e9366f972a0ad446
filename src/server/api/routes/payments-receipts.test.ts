import { eq, inArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { billingSubscriptions, mailOutbox, receipts } from '@/server/db/schema';
import { sendRenewalReminders } from '@/server/payments/billing-notices';
import { mailReceipts } from '@/server/payments/emails';
import { freshIp } from '../../../../tests/support/account-api';
import {
  paypalSubscriptionKit,
  type Started,
} from '../../../../tests/support/paypal-subscriptions';
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// Receipts and the mails of a renewing plan, against the local fake PayPal: every payment and
// refund gets a numbered PDF that only its owner can download and that is mailed once; the
// numbering has no gaps and no twins when payments arrive at once; reminders, the turn-off
// confirmation and the failed-renewal notice go out once however many instances try.

const base = '/api/mms/payment/v1';
const testDb = fileTestDb();
const db = () => testDb().handle.db;
const { kit, fake, orderRow, subscribe, subscribed, capture, deliver, billingOf } =
  paypalSubscriptionKit(testDb);

/** The development outbox's mails to an address whose subject matches, as they are now. */
async function mailsTo(email: string, match: RegExp) {
  const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return mails.filter((mail) => match.test(mail.subject));
}

/** The mails once at least `count` have arrived (mails do not hold up what causes them). */
async function arrived(email: string, match: RegExp, count = 1) {
  for (let waited = 0; waited < 8000; waited += 50) {
    const mails = await mailsTo(email, match);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailsTo(email, match);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** GET web/receipts/{id} as the browser's link does: a plain GET with the session. */
async function download(id: string, token: string, query = '') {
  return kit.app().request(`${base}/web/receipts/${id}${query}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': freshIp() },
  });
}

const my = async (token: string) =>
  (await kit.call(`${base}/web/subscription_my`, { token })).body.data as {
    subscription: { status: string } | null;
    history: {
      id: string;
      kind: string;
      label: string;
      documents: { type: string; number: string; url: string }[];
    }[];
  };

async function receiptsOf(orderIds: string[]) {
  return db().select().from(receipts).where(inArray(receipts.orderId, orderIds));
}

describe('receipts', () => {
  it('issues a numbered receipt for a purchase, mails it with its PDF, serves it to its owner', async () => {
    const started = await subscribed('p12m');
    const [receipt] = await receiptsOf([started.orderId]);
    expect(receipt).toMatchObject({ kind: 'receipt' });
    const number = `R-${String(receipt?.number).padStart(6, '0')}`;

    const [mail] = await arrived(started.email, /receipt/);
    expect(mail?.subject).toBe(`Your Turbo VPN receipt ${number}`);
    expect(mail?.text).toContain('Your plan renews automatically on');
    const attached = mail?.attachments?.[0];
    expect(attached).toMatchObject({
      filename: `turbovpn-${number}.pdf`,
      contentType: 'application/pdf',
    });
    const mailed = await pdfText(Buffer.from(attached?.base64 ?? '', 'base64'));
    expect(mailed).toContain(number);
    expect(mailed).toContain(started.email);
    expect(mailed).toContain('Turbo VPN Premium: 12 months');
    expect(mailed).toContain('Total paid');
    expect(mailed).toContain('PayPal');
    expect(mailed).toMatch(/Service period: .+ to .+/);

    const history = await my(started.token);
    const entry = history.history.find((item) => item.id === started.orderId);
    expect(entry?.documents).toEqual([
      { type: 'receipt', number, url: `${base}/web/receipts/${started.orderId}` },
    ]);
    const res = await download(started.orderId, started.token, '?language=ar');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="turbovpn-${number}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(body.slice(0, 5)).toString()).toBe('%PDF-');
    const arabic = await pdfText(body);
    expect(arabic).toContain(number);
    expect(arabic).toContain('Turbo VPN');
  });

  it('serves a receipt to nobody but its owner, and says what is wrong with a bad request', async () => {
    const owner = await subscribed('p1m');
    const stranger = await kit.createUser();
    const token = await kit.login(stranger.email, stranger.password);
    const stolen = await download(owner.orderId, token);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ code: 40403, message: 'Order not found.' });
    expect((await download(owner.orderId, token, '?type=credit_note')).status).toBe(404);
    // Not refunded: no credit note for the owner either.
    expect((await download(owner.orderId, owner.token, '?type=credit_note')).status).toBe(404);
    expect((await download('not-an-id', owner.token)).status).toBe(404);
    const badType = await download(owner.orderId, owner.token, '?type=invoice');
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ message: expect.stringContaining('type') });
    expect((await download(owner.orderId, owner.token, '?language=xx')).status).toBe(400);
    const anonymous = await kit.app().request(`${base}/web/receipts/${owner.orderId}`);
    expect(anonymous.status).toBe(401);
  });

  it('numbers receipts without gaps or twins when payments arrive at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => subscribe('p1m')));
    for (const buyer of buyers) fake().approveSubscription(buyer.subscriptionId);
    // Every buyer's return page captures 4 times at once, all buyers at the same moment.
    const answers = await Promise.all(
      buyers.flatMap((buyer) => Array.from({ length: 4 }, () => capture(buyer))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const issued = await receiptsOf(buyers.map((buyer) => buyer.orderId));
    expect(issued).toHaveLength(8);
    // Across the whole database: 1..N, each number once.
    const all = (await db().select({ number: receipts.number }).from(receipts)).map(
      (r) => r.number,
    );
    const sorted = [...all].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('mails each receipt once however many instances try at the same time', async () => {
    const started = await subscribed('p1m');
    await arrived(started.email, /receipt/);
    // As if the process that issued it stopped before mailing it: every instance's run sees it.
    await db()
      .update(receipts)
      .set({ mailedAt: null })
      .where(eq(receipts.orderId, started.orderId));
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => mailReceipts(db(), { orderId: started.orderId })),
    );
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await arrived(started.email, /receipt/, 2)).toHaveLength(2);
  });

  it('issues a renewal receipt and, for a refund, a credit note that names the receipt', async () => {
    const started = await subscribed('p1m');
    const sale = fake().renewSubscription(started.subscriptionId) ?? '';
    await deliver(
      fake().subscriptionWebhookEvent(started.subscriptionId, 'PAYMENT.SALE.COMPLETED', sale),
    );
    const renewalMail = await arrived(started.email, /renewed/);
    expect(renewalMail[0]?.subject).toMatch(/^Your Turbo VPN plan renewed: receipt R-\d{6}$/);
    const renewalPdf = await pdfText(
      Buffer.from(renewalMail[0]?.attachments?.[0]?.base64 ?? '', 'base64'),
    );
    expect(renewalPdf).toContain('Turbo VPN Premium renewal: 1 month');

    const refund = await kit.call(`${base}/web/refund`, {
      token: started.token,
      body: { order_id: started.orderId, reason: 'Not for me after all' },
    });
    expect(refund.body.data, JSON.stringify(refund.body)).toEqual({ status: 'refunded' });
    const [creditMail] = await arrived(started.email, /refund/);
    expect(creditMail?.subject).toMatch(/^Your Turbo VPN refund: credit note CN-\d{6}$/);
    const [receipt] = (await receiptsOf([started.orderId])).filter((r) => r.kind === 'receipt');
    const receiptNumber = `R-${String(receipt?.number).padStart(6, '0')}`;
    const res = await download(started.orderId, started.token, '?type=credit_note');
    expect(res.status).toBe(200);
    const credit = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(credit).toContain('Credit note');
    expect(credit).toContain(`Refund of receipt ${receiptNumber}`);
    expect(credit).toContain('Total refunded');

    const account = await my(started.token);
    const entry = account.history.find((item) => item.id === started.orderId);
    expect(entry?.label).toBe('Refunded');
    expect(entry?.documents.map((d) => d.type)).toEqual(['receipt', 'credit_note']);
  });

  it('shows a plan whose purchase was refunded as refunded, not expired', async () => {
    const started = await subscribed('p1m');
    await kit.call(`${base}/web/refund`, {
      token: started.token,
      body: { order_id: started.orderId, reason: 'Changed my mind' },
    });
    expect((await my(started.token)).subscription?.status).toBe('refunded');
  });
});

describe('the mails of a renewing plan', () => {
  // Set in SQL, as premium's end is computed: the database keeps microseconds a JS date drops.
  async function renewingIn(started: Started, days: number) {
    await db()
      .update(billingSubscriptions)
      .set({ nextRenewalAt: sql`now() + make_interval(secs => ${days * 24 * 3600})` })
      .where(eq(billingSubscriptions.providerSubscriptionId, started.subscriptionId));
  }

  it('reminds once, a week before a renewal of 3 months or more, however many instances run', async () => {
    const yearly = await subscribed('p12m');
    const monthly = await subscribed('p1m');
    await renewingIn(yearly, 5);
    await renewingIn(monthly, 5);
    const runs = await Promise.all(Array.from({ length: 10 }, () => sendRenewalReminders(db())));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const mails = await arrived(yearly.email, /renews on/);
    await settle();
    expect(await mailsTo(yearly.email, /renews on/)).toHaveLength(1);
    expect(mails[0]?.text).toMatch(
      /renews automatically on .+ for \$\d+\.\d\d, for a further 12 months/,
    );
    expect(mails[0]?.text).toContain('http://localhost:3000/myAccount');
    expect(await mailsTo(monthly.email, /renews on/)).toHaveLength(0);
    // The next run, and a renewal further than a week away, send nothing more.
    await sendRenewalReminders(db());
    expect(await mailsTo(yearly.email, /renews on/)).toHaveLength(1);
    const later = await subscribed('p12m');
    await renewingIn(later, 20);
    await sendRenewalReminders(db());
    expect(await mailsTo(later.email, /renews on/)).toHaveLength(0);
    // The next term gets its own reminder.
    await renewingIn(yearly, 6);
    await sendRenewalReminders(db());
    expect(await mailsTo(yearly.email, /renews on/)).toHaveLength(2);
  });

  it('confirms turning auto-renewal off once, with the day premium ends', async () => {
    const started = await subscribed('p12m');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        kit.call(`${base}/web/subscription/auto_renew`, {
          token: started.token,
          body: { enabled: false },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [mail] = await arrived(started.email, /Auto-renewal/);
    expect(mail?.subject).toBe('Auto-renewal of your Turbo VPN plan is off');
    expect(mail?.text).toMatch(/Your premium stays active until \w+ \d+, \d{4}\./);
    await settle();
    expect(await mailsTo(started.email, /Auto-renewal/)).toHaveLength(1);
  });

  it('says once that a renewal failed, until when premium stays, and what to do', async () => {
    const started = await subscribed('p1m');
    await renewingIn(started, 0.01);
    fake().renewSubscription(started.subscriptionId, { fail: true });
    const failed = fake().subscriptionWebhookEvent(
      started.subscriptionId,
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
    );
    await Promise.all([
      deliver(failed),
      deliver({ ...failed, id: `${String(failed.id)}-again` }),
      deliver({ ...failed, id: `${String(failed.id)}-third` }),
    ]);
    expect((await billingOf(started)).status).toBe('past_due');
    const [mail] = await arrived(started.email, /did not go through/);
    expect(mail?.text).toContain('PayPal could not take the renewal payment of $11.99');
    expect(mail?.text).toMatch(/premium stays active until \w+ \d+, \d{4}/);
    await settle();
    expect(await mailsTo(started.email, /did not go through/)).toHaveLength(1);
    expect((await orderRow(started.orderId)).status).toBe('paid');
  });
});
