import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// The plan catalogue. `channel` '' is the default catalogue; a partner channel (spec 3: the
// `channel` query or cookie) may have its own rows. Prices are numeric, read as decimal strings.
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull().default(''),
    productId: text('product_id').notNull(),
    intervalCount: integer('interval_count').notNull(),
    // 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'
    intervalUnit: text('interval_unit').notNull(),
    // Total for the period, and its per-month equivalent shown in large type.
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    priceUnit: numeric('price_unit', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    // What the plan renews at, for its renewal period (src/lib/plans/renewal.ts); null: its
    // price, pro rata when the renewal period is shorter than the first term.
    renewalPrice: numeric('renewal_price', { precision: 10, scale: 2 }),
    discountPercent: integer('discount_percent').notNull().default(0),
    isRecommend: boolean('is_recommend').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_channel_product_idx').on(table.channel, table.productId),
    check('plans_interval_unit', sql`${table.intervalUnit} in ('DAY','WEEK','MONTH','YEAR')`),
    check('plans_price_positive', sql`${table.price} > 0 and ${table.priceUnit} > 0`),
    check(
      'plans_renewal_price_positive',
      sql`${table.renewalPrice} is null or ${table.renewalPrice} > 0`,
    ),
  ],
);

// A catalogue row's billing plan at a payment provider (PayPal's Subscriptions API), made by
// the plan sync (src/server/payments/plan-sync.ts). `terms` fingerprints what the provider's
// plan charges (first term, renewal, currency, periods): when the row's terms change, a new
// provider plan is made and the old one deactivated (subscriptions on it keep their terms).
// `kind` 'purchase' is the plan a checkout subscribes to (first term, then renewals); 'renewal'
// bills the renewals only, for a subscriber who turns auto-renewal back on (made on first use).
export const providerPlans = pgTable(
  'provider_plans',
  {
    provider: text('provider').notNull(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind').notNull().default('purchase'),
    providerProductId: text('provider_product_id').notNull(),
    providerPlanId: text('provider_plan_id').notNull(),
    terms: text('terms').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.planId, table.kind] }),
    check('provider_plans_kind', sql`${table.kind} in ('purchase','renewal')`),
  ],
);

// A purchase: a plan for the buyer's account, or a gift card. A signed-in buyer's order belongs
// to their account from the start; a buyer who only gave an email has `buyerEmail` and no
// account until the payment completes (fulfilment creates or finds it and fills `userId`), so
// a checkout that is never paid leaves no account behind. Status moves created → paid →
// refunded, or created → failed / cancelled; only the created → paid step grants time, once.
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    // The normalised email a buyer without a session gave (null for a signed-in buyer). Once the
    // account is deleted, user_id is null and this is the email's digest, 'sha256:…' (kept for
    // the accounting records; never an address, so nothing is mailed or matched by it).
    buyerEmail: text('buyer_email'),
    // 'plan' | 'gift' | 'renewal' (a subscription's later payment: no checkout, no token)
    kind: text('kind').notNull(),
    // The subscription a plan purchase started, or a renewal paid (billing_subscriptions).
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => billingSubscriptions.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    // What was sold, as it was when sold (the catalogue may change later).
    productId: text('product_id').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    // 'paypal' | 'sandbox'
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    captureId: text('capture_id'),
    // Part of the capture's idempotency key (PayPal-Request-Id): a retry after a timeout or a
    // 5xx reuses the key; after a definite answer (not approved yet, declined) the next
    // attempt is a new request with the next number.
    captureAttempt: integer('capture_attempt').notNull().default(0),
    // 'created' | 'paid' | 'failed' | 'cancelled' | 'refunded'
    status: text('status').notNull().default('created'),
    failureReason: text('failure_reason'),
    // Where the purchase started: a paystatus platform ('web', 'windows', …).
    platform: text('platform').notNull().default('web'),
    locale: text('locale').notNull().default('en'),
    // True when this checkout created the account: only then may its buyer be signed in
    // (to choose a password) without proving they own the email.
    createdAccount: boolean('created_account').notNull().default(false),
    // SHA-256 of the browser's checkout token (an HttpOnly cookie), which lets a buyer without
    // a session follow their own order. Removed when the order is cancelled, fails or is
    // refunded, and worthless after its expiry.
    checkoutTokenHash: text('checkout_token_hash'),
    checkoutTokenExpiresAt: timestamp('checkout_token_expires_at', { withTimezone: true }),
    // When the token signed its buyer in (once). The token still lets its browser follow the
    // order until it expires (a tab whose sign-in answer was lost must still see it paid), but
    // never signs anyone in again.
    checkoutSignedInAt: timestamp('checkout_signed_in_at', { withTimezone: true }),
    // Channel, UTM tags and affiliate ids present at purchase (spec 3).
    attribution: jsonb('attribution').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    check(
      'orders_status',
      sql`${table.status} in ('created','paid','failed','cancelled','refunded')`,
    ),
    check('orders_kind', sql`${table.kind} in ('plan','gift','renewal')`),
    // One order per provider payment: a renewal delivered twice is recorded once.
    uniqueIndex('orders_provider_capture_idx')
      .on(table.provider, table.captureId)
      .where(sql`${table.captureId} is not null`),
    check('orders_owner', sql`${table.userId} is not null or ${table.buyerEmail} is not null`),
    index('orders_buyer_email_idx').on(table.buyerEmail, table.createdAt),
    // A deleted account's orders keep only the digest of its email (src/server/account/
    // deletion.ts); no fulfilment or redemption may ever give such an order an account again.
    check(
      'orders_deleted_account_detached',
      sql`${table.buyerEmail} not like 'sha256:%' or ${table.userId} is null`,
    ),
  ],
);

// A plan bought on the website renews: the agreement at the provider (a PayPal subscription)
// behind the first order and every renewal. Status: 'pending' until the first payment, then
// 'active'; 'past_due' after a failed renewal (premium kept until `graceUntil` while the provider
// retries); 'cancelled' once auto-renewal is off (premium runs to the paid end); 'expired' when it
// ended at the provider. Premium itself stays in `subscriptions`, extended by each payment.
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // Null until the first payment makes or finds the buyer's account (as on its order), and
    // again once that account is deleted.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    // The checkout that started it; null for one started again from the account (auto-renewal
    // turned back on), whose first payment is a renewal.
    firstOrderId: uuid('first_order_id')
      .unique()
      .references((): AnyPgColumn => orders.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    // The plan a change chosen by the buyer renews as from the next renewal.
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    status: text('status').notNull().default('pending'),
    // What the buyer agreed to at checkout: the renewal's price and currency.
    renewalPrice: numeric('renewal_price', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    // The buyer's language at checkout: renewal orders and mails use it.
    locale: text('locale').notNull().default('en'),
    // When the provider charges next; null when nothing is due (cancelled, expired).
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    // The renewal date the reminder mail was sent for: once per term.
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('billing_subscriptions_user_idx').on(table.userId),
    check(
      'billing_subscriptions_status',
      sql`${table.status} in ('pending','active','past_due','cancelled','expired')`,
    ),
  ],
);

// A receipt for every payment and a credit note for every refund (GET …/web/receipts/{id}),
// numbered without gaps across both: `number` comes from `receipt_counter`, taken in the same
// transaction as the payment or refund it documents, so a rolled-back payment takes no number.
// `period_*` is the premium time a plan or renewal payment bought (none for a gift card);
// `mailed_at` is set, once, by whichever instance queues its mail.
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: integer('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    // 'receipt' | 'credit_note'
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('receipts_order_kind_idx').on(table.orderId, table.kind),
    check('receipts_kind', sql`${table.kind} in ('receipt','credit_note')`),
    index('receipts_unmailed_idx').on(table.issuedAt).where(sql`${table.mailedAt} is null`),
  ],
);

// The last receipt number given: one row, incremented in the transaction that issues a receipt.
export const receiptCounter = pgTable(
  'receipt_counter',
  {
    id: integer('id').primaryKey(),
    last: integer('last').notNull(),
  },
  (table) => [check('receipt_counter_one_row', sql`${table.id} = 1`)],
);

// Premium time of an account: premium until a date, extended by each paid period (plus its
// bonus and trial) and each redeemed gift card.
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  productId: text('product_id').notNull(),
  // 'website' | 'app_store' | 'google_play': where the current period was bought (refund rules).
  source: text('source').notNull().default('website'),
  premiumUntil: timestamp('premium_until', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

// Gift cards: bought through a 'gift' order, redeemed once for the plan's period.
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // Stored as issued (a voucher printed on an email), normalised: upper case, no dashes.
    code: text('code').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    productId: text('product_id').notNull(),
    // 'active' | 'refunding' (a refund of its order was asked for: it can no longer be redeemed)
    // | 'redeemed' | 'void' (its order was refunded)
    status: text('status').notNull().default('active'),
    redeemedBy: uuid('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gift_cards_redeemed_by_idx').on(table.redeemedBy)],
);

// Refund requests from the account page (money-back guarantee, spec 9).
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // Null once the account that asked was deleted: the request stays (a queued refund is still
    // sent), tied to its order.
    userId: uuid('user_id').references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    // 'refunded' (done) | 'pending' (the provider confirms later by webhook) | 'queued'
    // (the provider could not be reached or refused for now; retried)
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('refund_requests_status_idx').on(table.status)],
);

// Provider webhook deliveries already handled: a replayed delivery is acknowledged and ignored.
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// Promotions: `/promotion` is active only inside a window (spec 9's dates are the seed data).
export const promotions = pgTable('promotions', {
  id: text('id').primaryKey(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  moneyBackDays: integer('money_back_days').notNull().default(7),
});

// The built-in sandbox provider's own orders (what PayPal keeps on its side), in the database
// so that several instances share them.
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  orderId: text('order_id').notNull(),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  // PayPal's names: CREATED → APPROVED → COMPLETED, or VOIDED when the buyer cancels.
  status: text('status').notNull().default('CREATED'),
  captureId: text('capture_id'),
  refundId: text('refund_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The sandbox's side of subscriptions, as PayPal keeps them: billing plans (their cycles as
// made by the plan sync), subscriptions with PayPal's statuses and billing state, and their
// payments. Global by design, keyed by the sandbox's ids.
export const sandboxPlans = pgTable('sandbox_plans', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  // BillingCycle[] (src/server/payments/billing-cycles.ts)
  cycles: jsonb('cycles').notNull(),
  // 'ACTIVE' | 'INACTIVE'
  status: text('status').notNull().default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  planId: text('plan_id')
    .notNull()
    .references(() => sandboxPlans.id),
  customId: text('custom_id').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  startTime: timestamp('start_time', { withTimezone: true }),
  // PayPal's names: APPROVAL_PENDING → ACTIVE → SUSPENDED / CANCELLED / EXPIRED
  status: text('status').notNull().default('APPROVAL_PENDING'),
  // The cycle billed next (an index into the plan's cycles) and how often it was billed.
  cycleIndex: integer('cycle_index').notNull().default(0),
  cycleRuns: integer('cycle_runs').notNull().default(0),
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
  failedPayments: integer('failed_payments').notNull().default(0),
  // A revision (another plan from the next renewal): asked, then consented to by the
  // subscriber on the approval page; the renewal after consent switches `planId` to it.
  revisedPlanId: text('revised_plan_id').references(() => sandboxPlans.id),
  revisionApproved: boolean('revision_approved').notNull().default(false),
  revisionReturnUrl: text('revision_return_url'),
  revisionCancelUrl: text('revision_cancel_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => sandboxSubscriptions.id),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    // 'COMPLETED' | 'REFUNDED'
    status: text('status').notNull().default('COMPLETED'),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_transactions_subscription_idx').on(table.subscriptionId)],
);

export type PlanRow = typeof plans.$inferSelect;
export type ProviderPlanRow = typeof providerPlans.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
