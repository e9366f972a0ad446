import 'server-only';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appTypeInfo } from '@/lib/app-types';
import type { Db } from '@/server/db/client';
import {
  accountEvents,
  analyticsEvents,
  billingSubscriptions,
  contactMessages,
  devices,
  type EventParam,
  emailChanges,
  giftCards,
  newsletterSubscribers,
  orders,
  partnerApplications,
  passkeys,
  receipts,
  recoveryCodes,
  refundRequests,
  type ScalarRecord,
  sessions,
  subscriptions,
  totpFactors,
  users,
} from '@/server/db/schema';
import { formatGiftCode } from '@/server/payments/gift-code';
import { receiptNumber } from '@/server/payments/receipts';

// The account's data export (GET web/export): one JSON document with everything the site holds
// about the account, for the holder's right of access. Each query selects its columns by name,
// so secrets (password, token and code hashes, the TOTP secret, challenges) are never even read.

export const exportFormat = 'turbovpn-account-export/1';

type Iso = string;

export interface AccountExport {
  exported_at: Iso;
  format: typeof exportFormat;
  profile: {
    id: string;
    email: string;
    name: string;
    avatar: string | null;
    created_at: Iso;
    updated_at: Iso;
    has_password: boolean;
  };
  sessions: {
    id: string;
    /** 'app' when bound to a device (device/bind), else 'web'. */
    type: 'web' | 'app';
    device_id: string | null;
    created_at: Iso;
    last_used_at: Iso;
    expires_at: Iso;
    ended_at: Iso | null;
    ended_reason: string | null;
    reauthenticated_at: Iso | null;
    user_agent: string | null;
    country: string | null;
  }[];
  devices: {
    id: string;
    app_type: number;
    app: string | null;
    device_user_id: string;
    name: string;
    created_at: Iso;
    last_seen_at: Iso;
  }[];
  two_factor: {
    enabled: boolean;
    enabled_at: Iso | null;
    set_up_at: Iso | null;
    recovery_codes: { unused: number; used: number; used_at: Iso[] };
  };
  passkeys: {
    id: string;
    name: string;
    credential_id: string;
    public_key: string;
    counter: number;
    device_type: string;
    backed_up: boolean;
    transports: string[];
    created_at: Iso;
    last_used_at: Iso | null;
  }[];
  email_changes: {
    id: string;
    new_email: string;
    created_at: Iso;
    expires_at: Iso;
    used_at: Iso | null;
    pending: boolean;
  }[];
  activity: {
    id: string;
    kind: string;
    user_agent: string | null;
    country: string | null;
    created_at: Iso;
  }[];
  subscription: {
    plan_id: string;
    product_id: string;
    source: string;
    premium_until: Iso;
    started_at: Iso;
    updated_at: Iso;
  } | null;
  billing_subscriptions: {
    id: string;
    first_order_id: string | null;
    plan_id: string;
    pending_plan_id: string | null;
    provider: string;
    provider_subscription_id: string;
    status: string;
    renewal_price: string;
    currency: string;
    locale: string;
    next_renewal_at: Iso | null;
    grace_until: Iso | null;
    reminded_for: Iso | null;
    created_at: Iso;
    updated_at: Iso;
  }[];
  orders: {
    id: string;
    /** False for a checkout made with the account's email before it had an account. */
    linked_to_account: boolean;
    buyer_email: string | null;
    kind: string;
    subscription_id: string | null;
    plan_id: string;
    product_id: string;
    amount: string;
    currency: string;
    provider: string;
    provider_order_id: string | null;
    capture_id: string | null;
    status: string;
    failure_reason: string | null;
    platform: string;
    locale: string;
    created_account: boolean;
    checkout_signed_in_at: Iso | null;
    attribution: unknown;
    created_at: Iso;
    updated_at: Iso;
    paid_at: Iso | null;
    refunded_at: Iso | null;
  }[];
  receipts: {
    id: string;
    number: string;
    kind: string;
    order_id: string;
    amount: string;
    currency: string;
    period_start: Iso | null;
    period_end: Iso | null;
    issued_at: Iso;
    mailed_at: Iso | null;
  }[];
  refunds: {
    id: string;
    order_id: string;
    reason: string;
    status: string;
    provider_refund_id: string | null;
    created_at: Iso;
    processed_at: Iso | null;
  }[];
  gift_cards: {
    id: string;
    code: string;
    bought_by_account: boolean;
    redeemed_by_account: boolean;
    /** The order that bought it: only when this account bought it. */
    order_id: string | null;
    plan_id: string;
    product_id: string;
    status: string;
    created_at: Iso;
    redeemed_at: Iso | null;
  }[];
  newsletter: {
    email: string;
    status: string;
    locale: string;
    created_at: Iso;
    confirmed_at: Iso | null;
    unsubscribed_at: Iso | null;
    updated_at: Iso;
  } | null;
  messages: {
    id: string;
    email: string;
    name: string;
    topic: string | null;
    inquiry: string;
    locale: string;
    created_at: Iso;
  }[];
  partner_applications: {
    id: string;
    programme: string;
    name: string;
    email: string;
    channels: string[];
    audience: string;
    country: string;
    campaign: string | null;
    locale: string;
    created_at: Iso;
  }[];
  analytics_events: {
    id: number;
    event_name: string;
    event_time: Iso;
    event_timestamp: number;
    event_datetime: string | null;
    event_params: EventParam[];
    user_id: string | null;
    user_properties: ScalarRecord | null;
    language: string | null;
    device: string | null;
    country: string | null;
    country_code: string | null;
    app_name: string | null;
    app_type: number | null;
    app_info: ScalarRecord | null;
    ip: string | null;
    source_ip: string | null;
    received_at: Iso;
  }[];
}

export type AccountExportKey = keyof AccountExport;

/**
 * Where each table of the database appears in the export. Every base table of the 'public'
 * schema is either here or in `excludedTables` (export.test.ts checks it against the database,
 * so a new table fails the test until it is classified).
 */
export const exportedTables = {
  users: 'profile',
  sessions: 'sessions',
  devices: 'devices',
  totp_factors: 'two_factor',
  recovery_codes: 'two_factor',
  passkeys: 'passkeys',
  email_changes: 'email_changes',
  account_events: 'activity',
  subscriptions: 'subscription',
  billing_subscriptions: 'billing_subscriptions',
  orders: 'orders',
  receipts: 'receipts',
  refund_requests: 'refunds',
  gift_cards: 'gift_cards',
  newsletter_subscribers: 'newsletter',
  contact_messages: 'messages',
  partner_applications: 'partner_applications',
  analytics_events: 'analytics_events',
} as const satisfies Record<string, AccountExportKey>;

/** The tables left out of the export, and why. */
export const excludedTables = {
  verification_codes:
    'reset codes: only a hash and its attempts, keyed by the address, valid 10 minutes',
  login_handoffs:
    'sign-in codes from an app to a page: a hash valid 2 minutes; the session made is in sessions',
  mfa_challenges:
    'a sign-in’s second step: a token hash valid 5 minutes; the sign-in itself is in activity',
  webauthn_challenges:
    'passkey challenges: random values valid 5 minutes, spent once; nothing about the person',
  survey_responses: 'the uninstall survey is anonymous: it carries neither an account nor an email',
  rate_limits: 'counters keyed by email or IP address that expire within an hour; not worth a copy',
  mail_queue:
    'mail on its way, deleted once sent; bodies carry codes and links, failed ones only an address',
  mail_outbox: 'development only (mail not sent without SMTP); empty in production',
  plans: 'the plan catalogue, the same for everyone',
  provider_plans: "the catalogue's billing plans at the payment provider",
  promotions: 'promotion windows of the catalogue',
  receipt_counter: 'one global counter of receipt numbers',
  webhook_events: "ids of the payment provider's deliveries already handled; no personal data",
  sandbox_orders: "the sandbox payment provider's own records (the stand-in for PayPal's side)",
  sandbox_plans: "the sandbox payment provider's own records (the stand-in for PayPal's side)",
  sandbox_subscriptions:
    "the sandbox payment provider's own records (the stand-in for PayPal's side)",
  sandbox_transactions:
    "the sandbox payment provider's own records (the stand-in for PayPal's side)",
  blog_posts: 'content, no personal data',
  blog_categories: 'content, no personal data',
  blog_tags: 'content, no personal data',
  blog_post_tags: 'content, no personal data',
} as const satisfies Record<string, string>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET web/export: the account's whole record. Read in one read-only repeatable-read
 * transaction, so the document is one moment's state (an order and its receipt agree).
 */
export async function accountExport(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<AccountExport> {
  return db.transaction(async (tx) => collect(tx, userId, now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function collect(db: Db, userId: string, now: Date): Promise<AccountExport> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      avatar: users.avatar,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The route asks with a live session's account, so only a deletion in between gets here.
  if (!user) throw new Error(`accountExport: no account ${userId}`);
  // Stored trimmed and lower-case; the forms keep the address as typed, hence lower(btrim()).
  const email = user.email;
  const sameEmail = (column: AnyPgColumn) => sql`lower(btrim(${column})) = ${email}`;

  const sessionRows = await db
    .select({
      id: sessions.id,
      deviceId: sessions.deviceId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      reauthAt: sessions.reauthAt,
      userAgent: sessions.userAgent,
      country: sessions.country,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));

  const deviceRows = await db
    .select({
      id: devices.id,
      appType: devices.appType,
      deviceUserId: devices.deviceUserId,
      name: devices.name,
      createdAt: devices.createdAt,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.createdAt), asc(devices.id));

  const [totp] = await db
    .select({ enabledAt: totpFactors.enabledAt, createdAt: totpFactors.createdAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  const codeRows = await db
    .select({ usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .orderBy(asc(recoveryCodes.usedAt));
  const usedAt = codeRows.flatMap((row) => (row.usedAt ? [iso(row.usedAt)] : []));

  const passkeyRows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      transports: passkeys.transports,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));

  const emailChangeRows = await db
    .select({
      id: emailChanges.id,
      newEmail: emailChanges.newEmail,
      createdAt: emailChanges.createdAt,
      expiresAt: emailChanges.expiresAt,
      usedAt: emailChanges.usedAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(asc(emailChanges.createdAt), asc(emailChanges.id));

  const eventRows = await db
    .select({
      id: accountEvents.id,
      kind: accountEvents.kind,
      userAgent: accountEvents.userAgent,
      country: accountEvents.country,
      createdAt: accountEvents.createdAt,
    })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(asc(accountEvents.createdAt), asc(accountEvents.id));

  const [premium] = await db
    .select({
      planId: subscriptions.planId,
      productId: subscriptions.productId,
      source: subscriptions.source,
      premiumUntil: subscriptions.premiumUntil,
      startedAt: subscriptions.startedAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));

  // The account's orders, and checkouts made with its address while it had no account (an
  // order keeps `buyer_email` and no owner until paid). An order of another account that
  // happens to carry this address (a former owner of it) is that account's, not this one's.
  const orderRows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      buyerEmail: orders.buyerEmail,
      kind: orders.kind,
      subscriptionId: orders.subscriptionId,
      planId: orders.planId,
      productId: orders.productId,
      amount: orders.amount,
      currency: orders.currency,
      provider: orders.provider,
      providerOrderId: orders.providerOrderId,
      captureId: orders.captureId,
      status: orders.status,
      failureReason: orders.failureReason,
      platform: orders.platform,
      locale: orders.locale,
      createdAccount: orders.createdAccount,
      checkoutSignedInAt: orders.checkoutSignedInAt,
      attribution: orders.attribution,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      paidAt: orders.paidAt,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .where(or(eq(orders.userId, userId), and(isNull(orders.userId), eq(orders.buyerEmail, email))))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const orderIds = orderRows.map((row) => row.id);
  const orderById = new Map(orderRows.map((row) => [row.id, row]));

  // Its own, and one still waiting for the first payment of one of its checkouts.
  const billingRows = await db
    .select({
      id: billingSubscriptions.id,
      firstOrderId: billingSubscriptions.firstOrderId,
      planId: billingSubscriptions.planId,
      pendingPlanId: billingSubscriptions.pendingPlanId,
      provider: billingSubscriptions.provider,
      providerSubscriptionId: billingSubscriptions.providerSubscriptionId,
      status: billingSubscriptions.status,
      renewalPrice: billingSubscriptions.renewalPrice,
      currency: billingSubscriptions.currency,
      locale: billingSubscriptions.locale,
      nextRenewalAt: billingSubscriptions.nextRenewalAt,
      graceUntil: billingSubscriptions.graceUntil,
      remindedFor: billingSubscriptions.remindedFor,
      createdAt: billingSubscriptions.createdAt,
      updatedAt: billingSubscriptions.updatedAt,
    })
    .from(billingSubscriptions)
    .where(
      orderIds.length
        ? or(
            eq(billingSubscriptions.userId, userId),
            and(
              isNull(billingSubscriptions.userId),
              inArray(billingSubscriptions.firstOrderId, orderIds),
            ),
          )
        : eq(billingSubscriptions.userId, userId),
    )
    .orderBy(asc(billingSubscriptions.createdAt), asc(billingSubscriptions.id));

  const receiptRows = orderIds.length
    ? await db
        .select({
          id: receipts.id,
          number: receipts.number,
          kind: receipts.kind,
          orderId: receipts.orderId,
          periodStart: receipts.periodStart,
          periodEnd: receipts.periodEnd,
          issuedAt: receipts.issuedAt,
          mailedAt: receipts.mailedAt,
        })
        .from(receipts)
        .where(inArray(receipts.orderId, orderIds))
        .orderBy(asc(receipts.number))
    : [];

  const refundRows = await db
    .select({
      id: refundRequests.id,
      orderId: refundRequests.orderId,
      reason: refundRequests.reason,
      status: refundRequests.status,
      providerRefundId: refundRequests.providerRefundId,
      createdAt: refundRequests.createdAt,
      processedAt: refundRequests.processedAt,
    })
    .from(refundRequests)
    .where(eq(refundRequests.userId, userId))
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id));

  // Cards it bought and cards it redeemed. A card someone else bought names their order, which
  // is theirs: only the card itself is this account's data.
  const giftRows = await db
    .select({
      id: giftCards.id,
      code: giftCards.code,
      orderId: giftCards.orderId,
      planId: giftCards.planId,
      productId: giftCards.productId,
      status: giftCards.status,
      redeemedBy: giftCards.redeemedBy,
      createdAt: giftCards.createdAt,
      redeemedAt: giftCards.redeemedAt,
    })
    .from(giftCards)
    .where(
      orderIds.length
        ? or(eq(giftCards.redeemedBy, userId), inArray(giftCards.orderId, orderIds))
        : eq(giftCards.redeemedBy, userId),
    )
    .orderBy(asc(giftCards.createdAt), asc(giftCards.id));

  const [subscriber] = await db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      locale: newsletterSubscribers.locale,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      updatedAt: newsletterSubscribers.updatedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));

  const messageRows = await db
    .select({
      id: contactMessages.id,
      email: contactMessages.email,
      name: contactMessages.name,
      topic: contactMessages.topic,
      inquiry: contactMessages.inquiry,
      locale: contactMessages.locale,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(sameEmail(contactMessages.email))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));

  const applicationRows = await db
    .select({
      id: partnerApplications.id,
      programme: partnerApplications.programme,
      name: partnerApplications.name,
      email: partnerApplications.email,
      channels: partnerApplications.channels,
      audience: partnerApplications.audience,
      country: partnerApplications.country,
      campaign: partnerApplications.campaign,
      locale: partnerApplications.locale,
      createdAt: partnerApplications.createdAt,
    })
    .from(partnerApplications)
    .where(sameEmail(partnerApplications.email))
    .orderBy(asc(partnerApplications.createdAt), asc(partnerApplications.id));

  // Pages send the account's id as user_id (from the session hint cookie, lower-case as
  // PostgreSQL prints uuids); lower() also catches a client that upper-cased it. Events sent
  // before signing in carry no user id and cannot be told apart from anyone else's.
  const analyticsRows = await db
    .select()
    .from(analyticsEvents)
    .where(sql`lower(${analyticsEvents.userId}) = ${userId.toLowerCase()}`)
    .orderBy(asc(analyticsEvents.eventTime), asc(analyticsEvents.id));

  return {
    exported_at: iso(now),
    format: exportFormat,
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      avatar: user.avatar,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
      has_password: Boolean(user.hasPassword),
    },
    sessions: sessionRows.map((row) => ({
      id: row.id,
      type: row.deviceId ? 'app' : 'web',
      device_id: row.deviceId,
      created_at: iso(row.createdAt),
      last_used_at: iso(row.lastUsedAt),
      expires_at: iso(row.expiresAt),
      ended_at: isoOrNull(row.revokedAt),
      ended_reason: row.revokedReason,
      reauthenticated_at: isoOrNull(row.reauthAt),
      user_agent: row.userAgent,
      country: row.country || null,
    })),
    devices: deviceRows.map((row) => ({
      id: row.id,
      app_type: row.appType,
      app: appTypeInfo(row.appType)?.label ?? null,
      device_user_id: row.deviceUserId,
      name: row.name,
      created_at: iso(row.createdAt),
      last_seen_at: iso(row.lastSeenAt),
    })),
    two_factor: {
      enabled: Boolean(totp?.enabledAt),
      enabled_at: isoOrNull(totp?.enabledAt ?? null),
      set_up_at: isoOrNull(totp?.createdAt ?? null),
      recovery_codes: {
        unused: codeRows.length - usedAt.length,
        used: usedAt.length,
        used_at: usedAt,
      },
    },
    passkeys: passkeyRows.map((row) => ({
      id: row.id,
      name: row.name,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      device_type: row.deviceType,
      backed_up: row.backedUp,
      transports: row.transports ? row.transports.split(',') : [],
      created_at: iso(row.createdAt),
      last_used_at: isoOrNull(row.lastUsedAt),
    })),
    email_changes: emailChangeRows.map((row) => ({
      id: row.id,
      new_email: row.newEmail,
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      used_at: isoOrNull(row.usedAt),
      pending: !row.usedAt && row.expiresAt > now,
    })),
    activity: eventRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      user_agent: row.userAgent,
      country: row.country || null,
      created_at: iso(row.createdAt),
    })),
    subscription: premium
      ? {
          plan_id: premium.planId,
          product_id: premium.productId,
          source: premium.source,
          premium_until: iso(premium.premiumUntil),
          started_at: iso(premium.startedAt),
          updated_at: iso(premium.updatedAt),
        }
      : null,
    billing_subscriptions: billingRows.map((row) => ({
      id: row.id,
      first_order_id: row.firstOrderId,
      plan_id: row.planId,
      pending_plan_id: row.pendingPlanId,
      provider: row.provider,
      provider_subscription_id: row.providerSubscriptionId,
      status: row.status,
      renewal_price: row.renewalPrice,
      currency: row.currency,
      locale: row.locale,
      next_renewal_at: isoOrNull(row.nextRenewalAt),
      grace_until: isoOrNull(row.graceUntil),
      reminded_for: isoOrNull(row.remindedFor),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    })),
    orders: orderRows.map((row) => ({
      id: row.id,
      linked_to_account: row.userId === userId,
      buyer_email: row.buyerEmail,
      kind: row.kind,
      subscription_id: row.subscriptionId,
      plan_id: row.planId,
      product_id: row.productId,
      amount: row.amount,
      currency: row.currency,
      provider: row.provider,
      provider_order_id: row.providerOrderId,
      capture_id: row.captureId,
      status: row.status,
      failure_reason: row.failureReason,
      platform: row.platform,
      locale: row.locale,
      created_account: row.createdAccount,
      checkout_signed_in_at: isoOrNull(row.checkoutSignedInAt),
      attribution: row.attribution,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      paid_at: isoOrNull(row.paidAt),
      refunded_at: isoOrNull(row.refundedAt),
    })),
    receipts: receiptRows.map((row) => {
      // A credit note repays its order in full, so both documents state the order's amount.
      const order = orderById.get(row.orderId);
      return {
        id: row.id,
        number: receiptNumber(row),
        kind: row.kind,
        order_id: row.orderId,
        amount: order?.amount ?? '',
        currency: order?.currency ?? '',
        period_start: isoOrNull(row.periodStart),
        period_end: isoOrNull(row.periodEnd),
        issued_at: iso(row.issuedAt),
        mailed_at: isoOrNull(row.mailedAt),
      };
    }),
    refunds: refundRows.map((row) => ({
      id: row.id,
      order_id: row.orderId,
      reason: row.reason,
      status: row.status,
      provider_refund_id: row.providerRefundId,
      created_at: iso(row.createdAt),
      processed_at: isoOrNull(row.processedAt),
    })),
    gift_cards: giftRows.map((row) => {
      const bought = orderById.has(row.orderId);
      return {
        id: row.id,
        // The buyer sees it on the order page and in the gift mail; the redeemer typed it.
        code: formatGiftCode(row.code),
        bought_by_account: bought,
        redeemed_by_account: row.redeemedBy === userId,
        order_id: bought ? row.orderId : null,
        plan_id: row.planId,
        product_id: row.productId,
        status: row.status,
        created_at: iso(row.createdAt),
        redeemed_at: isoOrNull(row.redeemedAt),
      };
    }),
    newsletter: subscriber
      ? {
          email: subscriber.email,
          status: subscriber.status,
          locale: subscriber.locale,
          created_at: iso(subscriber.createdAt),
          confirmed_at: isoOrNull(subscriber.confirmedAt),
          unsubscribed_at: isoOrNull(subscriber.unsubscribedAt),
          updated_at: iso(subscriber.updatedAt),
        }
      : null,
    messages: messageRows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      topic: row.topic,
      inquiry: row.inquiry,
      locale: row.locale,
      created_at: iso(row.createdAt),
    })),
    partner_applications: applicationRows.map((row) => ({
      id: row.id,
      programme: row.programme,
      name: row.name,
      email: row.email,
      channels: row.channels,
      audience: row.audience,
      country: row.country,
      campaign: row.campaign,
      locale: row.locale,
      created_at: iso(row.createdAt),
    })),
    analytics_events: analyticsRows.map((row) => ({
      id: row.id,
      event_name: row.eventName,
      event_time: iso(row.eventTime),
      event_timestamp: row.eventTimestamp,
      event_datetime: row.eventDatetime,
      event_params: row.eventParams,
      user_id: row.userId,
      user_properties: row.userProperties ?? null,
      language: row.language,
      device: row.device,
      country: row.country,
      country_code: row.countryCode,
      app_name: row.appName,
      app_type: row.appType,
      app_info: row.appInfo ?? null,
      ip: row.ip,
      source_ip: row.sourceIp,
      received_at: iso(row.receivedAt),
    })),
  };
}
