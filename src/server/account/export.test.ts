import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountEvents,
  analyticsEvents,
  billingSubscriptions,
  contactMessages,
  devices,
  emailChanges,
  giftCards,
  loginHandoffs,
  mfaChallenges,
  newsletterSubscribers,
  orders,
  partnerApplications,
  passkeys,
  receipts,
  recoveryCodes,
  refundRequests,
  sessions,
  subscriptions,
  totpFactors,
  users,
  verificationCodes,
  webauthnChallenges,
} from '@/server/db/schema';
import { formatGiftCode, newGiftCode } from '@/server/payments/gift-code';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import {
  type AccountExport,
  type AccountExportKey,
  accountExport,
  excludedTables,
  exportedTables,
} from './queries/export';

// The account's data export: every table of the database is either exported or excluded for a
// stated reason; an account's rows all come out, another account's never, secrets never.

const testDb = fileTestDb();
const db = () => testDb().handle.db;

const now = new Date();
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

/** What `fill` made for one account: ids and distinctive values to look for, secrets to miss. */
interface Filled {
  tag: string;
  userId: string;
  email: string;
  /** Ids of rows the export lists by id, per table. */
  ids: Record<string, string[]>;
  unlisted: string[];
  secrets: string[];
  giftCode: string;
  receiptNumbers: string[];
  analyticsIds: number[];
}

function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

let receiptBase = 1000;

/** An account with a row in every exported table (and in the excluded ones that hold secrets). */
async function fill(tag: string): Promise<Filled> {
  const email = `${tag}@example.com`;
  const secret = {
    password: `${tag}-password-hash`,
    webToken: `${tag}-web-token-hash`,
    appToken: `${tag}-app-token-hash`,
    totp: `${tag.toUpperCase()}TOTPSECRET`,
    recovery1: `${tag}-recovery-hash-1`,
    recovery2: `${tag}-recovery-hash-2`,
    recovery3: `${tag}-recovery-hash-3`,
    mfaToken: `${tag}-mfa-token-hash`,
    challenge: `${tag}-webauthn-challenge`,
    handoff: `${tag}-handoff-hash`,
    verification: `${tag}-verification-hash`,
    emailCode: `${tag}-email-change-hash`,
    checkoutToken: `${tag}-checkout-token-hash`,
    confirmToken: `${tag}-confirm-token-hash`,
    unsubscribeToken: `${tag}-unsubscribe-token`,
  };
  const d = db();
  const user = only(
    await d
      .insert(users)
      .values({
        email,
        passwordHash: secret.password,
        name: `${tag} Name`,
        avatar: `https://a.example/${tag}.png`,
      })
      .returning(),
  );
  const userId = user.id;

  const device = only(
    await d
      .insert(devices)
      .values({ userId, appType: 101, deviceUserId: `${tag}-install`, name: `${tag} Pixel` })
      .returning(),
  );
  const web = only(
    await d
      .insert(sessions)
      .values({
        userId,
        tokenHash: secret.webToken,
        expiresAt: at(30),
        revokedAt: at(-1),
        revokedReason: 'logout',
        userAgent: `${tag}-browser`,
        country: 'DE',
        reauthAt: at(-2),
      })
      .returning(),
  );
  const app = only(
    await d
      .insert(sessions)
      .values({ userId, deviceId: device.id, tokenHash: secret.appToken, expiresAt: at(30) })
      .returning(),
  );

  await d.insert(totpFactors).values({ userId, secret: secret.totp, enabledAt: at(-10) });
  const codes = await d
    .insert(recoveryCodes)
    .values([
      { userId, codeHash: secret.recovery1 },
      { userId, codeHash: secret.recovery2 },
      { userId, codeHash: secret.recovery3, usedAt: at(-3) },
    ])
    .returning();
  await d.insert(mfaChallenges).values({ userId, tokenHash: secret.mfaToken, expiresAt: at(1) });
  await d
    .insert(webauthnChallenges)
    .values({ userId, purpose: 'reauth', challenge: secret.challenge, expiresAt: at(1) });
  await d.insert(loginHandoffs).values({ userId, codeHash: secret.handoff, expiresAt: at(1) });
  await d
    .insert(verificationCodes)
    .values({ email, codeHash: secret.verification, expiresAt: at(1) });

  const passkey = only(
    await d
      .insert(passkeys)
      .values({
        userId,
        credentialId: `${tag}-credential`,
        publicKey: `${tag}-public-key`,
        transports: 'internal,hybrid',
        name: `${tag} iCloud Keychain`,
        deviceType: 'multiDevice',
        backedUp: true,
        lastUsedAt: at(-1),
      })
      .returning(),
  );
  const emailChange = only(
    await d
      .insert(emailChanges)
      .values({
        userId,
        newEmail: `${tag}-new@example.com`,
        codeHash: secret.emailCode,
        expiresAt: at(1),
      })
      .returning(),
  );
  const event = only(
    await d
      .insert(accountEvents)
      .values({ userId, kind: 'login', userAgent: `${tag}-event-agent`, country: 'FR' })
      .returning(),
  );

  await d.insert(subscriptions).values({
    userId,
    planId: 'p12m',
    productId: 'v2.tvpn.web.vip.usd.12m.off51.add3m',
    premiumUntil: at(365),
  });
  const order = (values: Partial<typeof orders.$inferInsert>) =>
    d
      .insert(orders)
      .values({
        kind: 'plan',
        planId: 'p12m',
        productId: 'v2.tvpn.web.vip.usd.12m.off51.add3m',
        amount: '69.99',
        currency: 'USD',
        provider: 'sandbox',
        ...values,
      })
      .returning()
      .then(only);
  const planOrder = await order({
    userId,
    status: 'paid',
    paidAt: at(-5),
    captureId: `${tag}-capture`,
    providerOrderId: `${tag}-provider-order`,
    checkoutTokenHash: secret.checkoutToken,
    attribution: { utm_source: `${tag}-source` },
  });
  const giftOrder = await order({ userId, kind: 'gift', status: 'paid', paidAt: at(-4) });
  // A checkout with the address before the account existed: no owner until paid.
  const emailOrder = await order({ buyerEmail: email, status: 'cancelled', amount: '49.99' });

  const billing = only(
    await d
      .insert(billingSubscriptions)
      .values({
        userId,
        firstOrderId: planOrder.id,
        planId: 'p12m',
        provider: 'sandbox',
        providerSubscriptionId: `${tag}-I-SUB`,
        status: 'active',
        renewalPrice: '69.99',
        currency: 'USD',
        nextRenewalAt: at(360),
      })
      .returning(),
  );
  // The agreement of the address-only checkout, waiting for its first payment.
  const pendingBilling = only(
    await d
      .insert(billingSubscriptions)
      .values({
        firstOrderId: emailOrder.id,
        planId: 'p12m',
        provider: 'sandbox',
        providerSubscriptionId: `${tag}-I-PENDING`,
        renewalPrice: '69.99',
        currency: 'USD',
      })
      .returning(),
  );

  receiptBase += 1000;
  const documents = await d
    .insert(receipts)
    .values([
      {
        number: receiptBase + 1,
        orderId: planOrder.id,
        kind: 'receipt',
        periodStart: at(-5),
        periodEnd: at(360),
      },
      { number: receiptBase + 2, orderId: giftOrder.id, kind: 'receipt' },
    ])
    .returning();
  const refund = only(
    await d
      .insert(refundRequests)
      .values({ userId, orderId: planOrder.id, reason: `${tag} changed my mind`, status: 'queued' })
      .returning(),
  );
  const giftCode = newGiftCode();
  const gift = only(
    await d
      .insert(giftCards)
      .values({
        code: giftCode,
        orderId: giftOrder.id,
        planId: 'p12m',
        productId: 'v2.tvpn.web.vip.usd.12m.off51.add3m',
      })
      .returning(),
  );

  const subscriber = only(
    await d
      .insert(newsletterSubscribers)
      .values({
        email,
        locale: 'de',
        status: 'confirmed',
        confirmTokenHash: secret.confirmToken,
        confirmExpiresAt: at(1),
        unsubscribeToken: secret.unsubscribeToken,
        confirmedAt: at(-20),
      })
      .returning(),
  );
  // The forms keep the address as typed (trimmed only).
  const message = only(
    await d
      .insert(contactMessages)
      .values({
        email: email.toUpperCase(),
        name: `${tag} Writer`,
        inquiry: `${tag} asks something`,
        locale: 'en',
      })
      .returning(),
  );
  const application = only(
    await d
      .insert(partnerApplications)
      .values({
        programme: 'affiliate',
        name: `${tag} Partner`,
        email,
        channels: [`https://${tag}.example/blog`],
        audience: '10k',
        country: 'DE',
        locale: 'en',
      })
      .returning(),
  );
  const analytics = await d
    .insert(analyticsEvents)
    .values([
      {
        eventTime: at(-1),
        eventTimestamp: at(-1).getTime(),
        eventName: 'page_view',
        eventParams: [{ key: 'page', value: `/${tag}` }],
        userId,
        ip: '203.0.113.7',
        sourceIp: '198.51.100.7',
      },
      // A client that upper-cased the id still names this account.
      {
        eventTime: at(-1),
        eventTimestamp: at(-1).getTime(),
        eventName: 'login',
        eventParams: [{ key: 'method', value: `${tag}-password` }],
        userId: userId.toUpperCase(),
      },
    ])
    .returning();

  return {
    tag,
    userId,
    email,
    ids: {
      users: [userId],
      devices: [device.id],
      sessions: [web.id, app.id],
      passkeys: [passkey.id],
      email_changes: [emailChange.id],
      account_events: [event.id],
      orders: [planOrder.id, giftOrder.id, emailOrder.id],
      billing_subscriptions: [billing.id, pendingBilling.id],
      receipts: documents.map((r) => r.id),
      refund_requests: [refund.id],
      gift_cards: [gift.id],
      contact_messages: [message.id],
      partner_applications: [application.id],
    },
    // Rows the export summarises or shows without their id.
    unlisted: [...codes.map((c) => c.id), subscriber.id],
    secrets: Object.values(secret),
    giftCode,
    receiptNumbers: documents.map((r) => `R-${String(r.number).padStart(6, '0')}`),
    analyticsIds: analytics.map((a) => a.id),
  };
}

/**
 * Every exported table, with the document key it appears under (which must agree with
 * `exportedTables`) and how its row is found in an account's export.
 */
const exported: Record<
  string,
  { key: AccountExportKey; found: (doc: AccountExport, f: Filled) => boolean }
> = {
  users: {
    key: 'profile',
    found: (doc, f) =>
      doc.profile.id === f.userId &&
      doc.profile.email === f.email &&
      doc.profile.name === `${f.tag} Name` &&
      doc.profile.has_password,
  },
  sessions: {
    key: 'sessions',
    found: (doc, f) =>
      doc.sessions.some(
        (s) =>
          s.id === f.ids.sessions?.[0] &&
          s.type === 'web' &&
          s.user_agent === `${f.tag}-browser` &&
          s.ended_reason === 'logout' &&
          s.country === 'DE',
      ) &&
      doc.sessions.some(
        (s) => s.id === f.ids.sessions?.[1] && s.type === 'app' && s.device_id !== null,
      ),
  },
  devices: {
    key: 'devices',
    found: (doc, f) =>
      doc.devices.some(
        (d) =>
          d.id === f.ids.devices?.[0] &&
          d.device_user_id === `${f.tag}-install` &&
          d.app === 'Android',
      ),
  },
  totp_factors: {
    key: 'two_factor',
    found: (doc) => doc.two_factor.enabled && doc.two_factor.enabled_at === at(-10).toISOString(),
  },
  recovery_codes: {
    key: 'two_factor',
    found: (doc) =>
      doc.two_factor.recovery_codes.unused === 2 &&
      doc.two_factor.recovery_codes.used === 1 &&
      doc.two_factor.recovery_codes.used_at[0] === at(-3).toISOString(),
  },
  passkeys: {
    key: 'passkeys',
    found: (doc, f) =>
      doc.passkeys.some(
        (p) =>
          p.id === f.ids.passkeys?.[0] &&
          p.credential_id === `${f.tag}-credential` &&
          p.public_key === `${f.tag}-public-key` &&
          p.transports.join() === 'internal,hybrid',
      ),
  },
  email_changes: {
    key: 'email_changes',
    found: (doc, f) =>
      doc.email_changes.some(
        (c) =>
          c.id === f.ids.email_changes?.[0] &&
          c.new_email === `${f.tag}-new@example.com` &&
          c.pending,
      ),
  },
  account_events: {
    key: 'activity',
    found: (doc, f) =>
      doc.activity.some(
        (e) => e.id === f.ids.account_events?.[0] && e.user_agent === `${f.tag}-event-agent`,
      ),
  },
  subscriptions: {
    key: 'subscription',
    found: (doc) => doc.subscription?.premium_until === at(365).toISOString(),
  },
  billing_subscriptions: {
    key: 'billing_subscriptions',
    found: (doc, f) =>
      (f.ids.billing_subscriptions ?? []).every((id) =>
        doc.billing_subscriptions.some((b) => b.id === id),
      ),
  },
  orders: {
    key: 'orders',
    found: (doc, f) =>
      (f.ids.orders ?? []).every((id) => doc.orders.some((o) => o.id === id)) &&
      doc.orders.some((o) => o.buyer_email === f.email && !o.linked_to_account),
  },
  receipts: {
    key: 'receipts',
    found: (doc, f) =>
      f.receiptNumbers.every((number) =>
        doc.receipts.some((r) => r.number === number && r.amount === '69.99'),
      ),
  },
  refund_requests: {
    key: 'refunds',
    found: (doc, f) =>
      doc.refunds.some(
        (r) => r.id === f.ids.refund_requests?.[0] && r.reason === `${f.tag} changed my mind`,
      ),
  },
  gift_cards: {
    key: 'gift_cards',
    found: (doc, f) =>
      doc.gift_cards.some(
        (g) =>
          g.id === f.ids.gift_cards?.[0] &&
          g.code === formatGiftCode(f.giftCode) &&
          g.bought_by_account,
      ),
  },
  newsletter_subscribers: {
    key: 'newsletter',
    found: (doc, f) => doc.newsletter?.email === f.email && doc.newsletter.status === 'confirmed',
  },
  contact_messages: {
    key: 'messages',
    found: (doc, f) =>
      doc.messages.some(
        (m) => m.id === f.ids.contact_messages?.[0] && m.inquiry === `${f.tag} asks something`,
      ),
  },
  partner_applications: {
    key: 'partner_applications',
    found: (doc, f) =>
      doc.partner_applications.some(
        (p) => p.id === f.ids.partner_applications?.[0] && p.name === `${f.tag} Partner`,
      ),
  },
  analytics_events: {
    key: 'analytics_events',
    found: (doc, f) =>
      f.analyticsIds.every((id) => doc.analytics_events.some((e) => e.id === id)) &&
      doc.analytics_events.some((e) => e.source_ip === '198.51.100.7'),
  },
};

async function publicTables(): Promise<string[]> {
  const result = (await db().execute(
    sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}

describe('accountExport', () => {
  it('classifies every table of the database: exported under a key, or excluded with a reason', async () => {
    const tables = await publicTables();
    expect(tables.length).toBeGreaterThan(30);
    const exportedNames = Object.keys(exportedTables);
    const excludedNames = Object.keys(excludedTables);
    expect(exportedNames.filter((name) => excludedNames.includes(name))).toEqual([]);
    const classified = [...exportedNames, ...excludedNames];
    // A new table must be exported or excluded here (export.ts) before this passes.
    expect(
      tables.filter((name) => !classified.includes(name)),
      'unclassified tables',
    ).toEqual([]);
    expect(
      classified.filter((name) => !tables.includes(name)),
      'tables that no longer exist',
    ).toEqual([]);
    for (const [name, reason] of Object.entries(excludedTables)) {
      expect(reason.trim().length, name).toBeGreaterThan(10);
      expect(reason, name).not.toContain('\n');
    }
    // This file checks a row of every exported table, under the key export.ts names.
    expect(
      Object.fromEntries(Object.entries(exported).map(([name, entry]) => [name, entry.key])),
    ).toEqual(exportedTables);
  });

  it('holds a row of every exported table, none of another account and no secret', async () => {
    const mine = await fill('export-mine');
    const other = await fill('export-other');
    // A card the other account bought and this one redeemed: the card is this account's data,
    // the order that paid for it is not.
    const otherCard = other.ids.gift_cards?.[0] ?? '';
    await db()
      .update(giftCards)
      .set({ status: 'redeemed', redeemedBy: mine.userId, redeemedAt: at(-1) })
      .where(eq(giftCards.id, otherCard));
    // The other account's order made with this account's address (it once had the address).
    const [strayOrder] = await db()
      .insert(orders)
      .values({
        userId: other.userId,
        buyerEmail: mine.email,
        kind: 'plan',
        planId: 'p6m',
        productId: 'v2.tvpn.web.vip.usd.6m.off31',
        amount: '49.99',
        currency: 'USD',
        provider: 'sandbox',
        status: 'paid',
      })
      .returning();

    const doc = await accountExport(db(), mine.userId, now);
    const json = JSON.stringify(doc);
    // Plain JSON: no Date, bigint or undefined that a round trip would change.
    expect(JSON.parse(json)).toEqual(doc);
    expect(doc.format).toBe('turbovpn-account-export/1');
    expect(doc.exported_at).toBe(now.toISOString());

    for (const [table, entry] of Object.entries(exported)) {
      expect(doc, table).toHaveProperty(entry.key);
      expect(entry.found(doc, mine), `${table} under ${entry.key}`).toBe(true);
    }
    for (const [table, ids] of Object.entries(mine.ids)) {
      for (const id of ids) expect(json, `${table} ${id}`).toContain(id);
    }

    const redeemed = doc.gift_cards.find((g) => g.id === otherCard);
    expect(redeemed).toMatchObject({
      bought_by_account: false,
      redeemed_by_account: true,
      order_id: null,
      status: 'redeemed',
    });

    // Nothing of the other account: not its id, address, rows or anything tagged with it.
    const lower = json.toLowerCase();
    expect(lower).not.toContain(other.tag);
    expect(json).not.toContain(other.userId);
    expect(json).not.toContain(other.email);
    expect(json).not.toContain(strayOrder?.id ?? 'missing');
    for (const [table, ids] of Object.entries(other.ids)) {
      for (const id of ids) {
        if (id === otherCard) continue;
        expect(json, `other account's ${table} ${id}`).not.toContain(id);
      }
    }
    for (const id of other.unlisted) expect(json).not.toContain(id);
    for (const id of other.analyticsIds) {
      expect(doc.analytics_events.map((e) => e.id)).not.toContain(id);
    }
    for (const number of other.receiptNumbers) expect(json).not.toContain(number);

    // No secret of either account.
    for (const secret of [...mine.secrets, ...other.secrets]) {
      expect(lower, secret).not.toContain(secret.toLowerCase());
    }
    for (const key of [
      'password_hash',
      'token_hash',
      'code_hash',
      'secret',
      'challenge',
      'unsubscribe_token',
    ]) {
      expect(json, key).not.toContain(`"${key}"`);
    }
  });

  it('exports an account with nothing but a profile as empty lists', async () => {
    const [user] = await db()
      .insert(users)
      .values({ email: 'export-bare@example.com', createdAt: at(-1) })
      .returning();
    if (!user) throw new Error('no user');
    const doc = await accountExport(db(), user.id, now);
    expect(doc).toEqual({
      exported_at: now.toISOString(),
      format: 'turbovpn-account-export/1',
      profile: {
        id: user.id,
        email: 'export-bare@example.com',
        name: '',
        avatar: null,
        created_at: at(-1).toISOString(),
        updated_at: user.updatedAt.toISOString(),
        has_password: false,
      },
      sessions: [],
      devices: [],
      two_factor: {
        enabled: false,
        enabled_at: null,
        set_up_at: null,
        recovery_codes: { unused: 0, used: 0, used_at: [] },
      },
      passkeys: [],
      email_changes: [],
      activity: [],
      subscription: null,
      billing_subscriptions: [],
      orders: [],
      receipts: [],
      refunds: [],
      gift_cards: [],
      newsletter: null,
      messages: [],
      partner_applications: [],
      analytics_events: [],
    });
  });

  it('marks an email change pending only while unused and unexpired', async () => {
    const [user] = await db()
      .insert(users)
      .values({ email: 'export-changes@example.com' })
      .returning();
    if (!user) throw new Error('no user');
    await db()
      .insert(emailChanges)
      .values([
        { userId: user.id, newEmail: 'a@example.com', codeHash: 'h1', expiresAt: at(-1) },
        {
          userId: user.id,
          newEmail: 'b@example.com',
          codeHash: 'h2',
          expiresAt: at(1),
          usedAt: at(-1),
        },
        { userId: user.id, newEmail: 'c@example.com', codeHash: 'h3', expiresAt: at(1) },
      ]);
    const doc = await accountExport(db(), user.id, now);
    expect(
      Object.fromEntries(doc.email_changes.map((change) => [change.new_email, change.pending])),
    ).toEqual({ 'a@example.com': false, 'b@example.com': false, 'c@example.com': true });
  });

  it('fails for an account that does not exist', async () => {
    await expect(
      accountExport(db(), '00000000-0000-4000-8000-000000000000', now),
    ).rejects.toThrow();
  });
});
