import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type BillingSubscriptionRow, billingSubscriptions } from '@/server/db/schema';

// Subscriptions that renew (PayPal's, or the sandbox's): one row per agreement at the provider.
// Queries for an account's own filter by its user id; the provider's events find theirs by the
// provider's subscription id.

export type BillingStatus = 'pending' | 'active' | 'past_due' | 'cancelled' | 'expired';

/** The statuses in which a subscription still renews: it will charge again. */
export const renewingStatuses: BillingStatus[] = ['active', 'past_due'];

/** Whether `row` is a subscription that still renews. */
export function isRenewing<T extends { status: string }>(
  row: T | undefined,
): row is T & { status: 'active' | 'past_due' } {
  return row !== undefined && (renewingStatuses as string[]).includes(row.status);
}

export interface InsertBillingSubscriptionParams {
  userId: string | null;
  firstOrderId: string | null;
  planId: string;
  provider: string;
  providerSubscriptionId: string;
  renewalPrice: string;
  currency: string;
  locale: string;
}

/**
 * Records a subscription just made at the provider (status 'pending'); the row it has already
 * when the provider answered a repeated request with the same subscription.
 */
export async function insertBillingSubscription(
  db: Db,
  params: InsertBillingSubscriptionParams,
): Promise<BillingSubscriptionRow> {
  const [row] = await db
    .insert(billingSubscriptions)
    .values(params)
    .onConflictDoNothing({ target: billingSubscriptions.providerSubscriptionId })
    .returning();
  const stored = row ?? (await findBillingSubscriptionOfProvider(db, params));
  if (!stored) throw new Error('billing subscription vanished right after insert');
  return stored;
}

export interface ProviderSubscriptionParams {
  provider: string;
  providerSubscriptionId: string;
}

/** The subscription the provider knows by this id (its events name it), or undefined. */
export async function findBillingSubscriptionOfProvider(
  db: Db,
  params: ProviderSubscriptionParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.provider, params.provider),
        eq(billingSubscriptions.providerSubscriptionId, params.providerSubscriptionId),
      ),
    );
  return row;
}

export interface BillingSubscriptionIdParams {
  id: string;
}

/** The subscription with this id (global: an order or an event named it). */
export async function findBillingSubscriptionById(
  db: Db,
  params: BillingSubscriptionIdParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, params.id));
  return row;
}

export interface AccountParams {
  userId: string;
}

/**
 * The account's current subscription: the newest that started (active, past due, or cancelled
 * with its term still running), else undefined.
 */
export async function findAccountBillingSubscription(
  db: Db,
  params: AccountParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, params.userId),
        inArray(billingSubscriptions.status, ['active', 'past_due', 'cancelled']),
      ),
    )
    .orderBy(desc(billingSubscriptions.createdAt))
    .limit(1);
  return row;
}

/** The account's subscriptions that still renew (active or past due), newest first. */
export async function listAccountRenewingSubscriptions(
  db: Db,
  params: AccountParams,
): Promise<BillingSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, params.userId),
        inArray(billingSubscriptions.status, renewingStatuses),
      ),
    )
    .orderBy(desc(billingSubscriptions.createdAt));
}

export interface ActivateParams extends BillingSubscriptionIdParams {
  userId: string;
  nextRenewalAt: Date | null;
}

/** pending → active with its account, once (the first payment); undefined when it was not pending. */
export async function activateBillingSubscription(
  db: Db,
  params: ActivateParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .update(billingSubscriptions)
    .set({ status: 'active', userId: params.userId, nextRenewalAt: params.nextRenewalAt })
    .where(and(eq(billingSubscriptions.id, params.id), eq(billingSubscriptions.status, 'pending')))
    .returning();
  return row;
}

export interface RenewedParams extends BillingSubscriptionIdParams {
  planId: string;
  /** The renewal price of `planId` when the subscription now renews on it after a change. */
  renewalPrice?: string;
  nextRenewalAt: Date | null;
}

/**
 * After a paid renewal: active again, its plan the one it renewed as; a change to that plan is no
 * longer pending (a change to another one still is).
 */
export async function markBillingRenewed(db: Db, params: RenewedParams): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({
      status: 'active',
      planId: params.planId,
      pendingPlanId: sql`case when ${billingSubscriptions.pendingPlanId} = ${params.planId} then null else ${billingSubscriptions.pendingPlanId} end`,
      ...(params.renewalPrice ? { renewalPrice: params.renewalPrice } : {}),
      nextRenewalAt: params.nextRenewalAt,
      graceUntil: null,
    })
    .where(
      and(
        eq(billingSubscriptions.id, params.id),
        inArray(billingSubscriptions.status, renewingStatuses),
      ),
    );
}

export interface SetPendingPlanParams extends BillingSubscriptionIdParams {
  /** The plan it renews as from the next renewal; null: its own plan again. */
  pendingPlanId: string | null;
  /** What that next renewal charges. */
  renewalPrice: string;
}

/** Records the plan change the subscriber approved, while the subscription still renews. */
export async function setPendingPlan(
  db: Db,
  params: SetPendingPlanParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .update(billingSubscriptions)
    .set({ pendingPlanId: params.pendingPlanId, renewalPrice: params.renewalPrice })
    .where(
      and(
        eq(billingSubscriptions.id, params.id),
        inArray(billingSubscriptions.status, renewingStatuses),
      ),
    )
    .returning();
  return row;
}

export interface SetBillingStatusParams extends BillingSubscriptionIdParams {
  /** The statuses it may move from. */
  from: BillingStatus[];
  status: BillingStatus;
  nextRenewalAt?: Date | null;
  graceUntil?: Date | null;
}

/** Cancelled: no next renewal, no grace; only from one of `from` (default: the renewing ones). */
export function markBillingCancelled(
  db: Db,
  params: { id: string; from?: BillingStatus[] },
): Promise<BillingSubscriptionRow | undefined> {
  return setBillingStatus(db, {
    id: params.id,
    from: params.from ?? renewingStatuses,
    status: 'cancelled',
    nextRenewalAt: null,
    graceUntil: null,
  });
}

/** Moves the subscription to `status` from one of `from`; undefined when it could not move. */
export async function setBillingStatus(
  db: Db,
  params: SetBillingStatusParams,
): Promise<BillingSubscriptionRow | undefined> {
  const [row] = await db
    .update(billingSubscriptions)
    .set({
      status: params.status,
      ...(params.nextRenewalAt === undefined ? {} : { nextRenewalAt: params.nextRenewalAt }),
      ...(params.graceUntil === undefined ? {} : { graceUntil: params.graceUntil }),
    })
    .where(
      and(
        eq(billingSubscriptions.id, params.id),
        inArray(billingSubscriptions.status, params.from),
      ),
    )
    .returning();
  return row;
}

export interface DueParams {
  /** Renewals due before this time. */
  before: Date;
}

/**
 * Started subscriptions whose renewal was due before `before` and is not recorded (a lost or
 * late event): the periodic reconciliation reads them back from the provider. Global by design.
 */
export async function listOverdueBillingSubscriptions(
  db: Db,
  params: DueParams,
): Promise<BillingSubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.status, renewingStatuses),
        isNotNull(billingSubscriptions.userId),
        lt(billingSubscriptions.nextRenewalAt, params.before),
      ),
    );
}

export interface RemindableParams {
  /** Renewals after this time … */
  from: Date;
  /** … and up to this one. */
  to: Date;
}

/** Active, renewing between `from` and `to`, and that renewal not announced yet. */
function remindable(params: RemindableParams) {
  return and(
    eq(billingSubscriptions.status, 'active'),
    isNotNull(billingSubscriptions.userId),
    gt(billingSubscriptions.nextRenewalAt, params.from),
    lte(billingSubscriptions.nextRenewalAt, params.to),
    or(
      isNull(billingSubscriptions.remindedFor),
      ne(billingSubscriptions.remindedFor, billingSubscriptions.nextRenewalAt),
    ),
  );
}

/**
 * Active subscriptions renewing between `from` and `to` whose reminder for that renewal was not
 * sent yet. Global by design (the periodic reminder run).
 */
export async function listRemindableSubscriptions(
  db: Db,
  params: RemindableParams,
): Promise<BillingSubscriptionRow[]> {
  return db.select().from(billingSubscriptions).where(remindable(params));
}

export interface ClaimReminderParams extends BillingSubscriptionIdParams, RemindableParams {}

/**
 * Notes that the reminder of the subscription's next renewal is sent, if that renewal is still
 * due between `from` and `to` and was not announced yet; true for the one caller that did (call
 * it in the transaction that queues the mail: one reminder per renewal, whichever instance
 * runs). The renewal time is copied in SQL, never compared with a value read back: the
 * database keeps microseconds that a JavaScript date drops.
 */
export async function claimReminder(db: Db, params: ClaimReminderParams): Promise<boolean> {
  const claimed = await db
    .update(billingSubscriptions)
    .set({ remindedFor: sql`${billingSubscriptions.nextRenewalAt}` })
    .where(and(eq(billingSubscriptions.id, params.id), remindable(params)))
    .returning({ id: billingSubscriptions.id });
  return claimed.length > 0;
}
