import 'server-only';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Period } from '@/lib/plans/types';
import type { Db } from '@/server/db/client';
import { sandboxPlans, sandboxSubscriptions, sandboxTransactions } from '@/server/db/schema';
import type { BillingCycle } from '../billing-cycles';

// The built-in sandbox provider's billing plans, subscriptions and their payments (what PayPal
// keeps on its side of the Subscriptions API). Global by design: they are the provider's, keyed
// by its ids; our side of a subscription is billing_subscriptions.
//
// Every move that charges is a conditional update: only the caller whose update returned a row
// may record the payment, so an approval or a renewal that runs twice at once charges once.

export type SandboxPlanRow = typeof sandboxPlans.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type SandboxTransactionRow = typeof sandboxTransactions.$inferSelect;

/** A subscription with what its plan says about its terms (for billing and the approval page). */
export interface SandboxSubscriptionWithPlan extends SandboxSubscriptionRow {
  planName: string;
  planStatus: string;
  currency: string;
  cycles: BillingCycle[];
}

// ---- plans ----

export interface InsertSandboxPlanParams {
  /** The sandbox's plan id ('SBXPLAN…'). */
  id: string;
  requestId: string;
  name: string;
  currency: string;
  cycles: BillingCycle[];
}

/** Stores a new billing plan unless its request id already made one (nothing changes then). */
export async function insertSandboxPlan(db: Db, params: InsertSandboxPlanParams): Promise<void> {
  await db
    .insert(sandboxPlans)
    .values(params)
    .onConflictDoNothing({ target: sandboxPlans.requestId });
}

export interface SandboxPlanParams {
  id: string;
}

/** The billing plan with this id, or undefined. */
export async function findSandboxPlan(
  db: Db,
  params: SandboxPlanParams,
): Promise<SandboxPlanRow | undefined> {
  const [row] = await db.select().from(sandboxPlans).where(eq(sandboxPlans.id, params.id));
  return row;
}

export interface SandboxPlanOfRequestParams {
  requestId: string;
}

/** The billing plan a request id made, or undefined. */
export async function findSandboxPlanOfRequest(
  db: Db,
  params: SandboxPlanOfRequestParams,
): Promise<SandboxPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPlans)
    .where(eq(sandboxPlans.requestId, params.requestId));
  return row;
}

export interface SetSandboxPlanStatusParams {
  id: string;
  /** 'ACTIVE' | 'INACTIVE' */
  status: string;
}

/** The plan with its new status; undefined when there is no such plan. */
export async function setSandboxPlanStatus(
  db: Db,
  params: SetSandboxPlanStatusParams,
): Promise<SandboxPlanRow | undefined> {
  const [row] = await db
    .update(sandboxPlans)
    .set({ status: params.status })
    .where(eq(sandboxPlans.id, params.id))
    .returning();
  return row;
}

// ---- subscriptions ----

export interface InsertSandboxSubscriptionParams {
  /** The sandbox's subscription id ('SBXSUB…'). */
  id: string;
  requestId: string;
  planId: string;
  customId: string;
  returnUrl: string;
  cancelUrl: string;
  /** When billing starts; null: on approval. */
  startTime: Date | null;
}

/** Stores a new subscription unless its request id already made one (nothing changes then). */
export async function insertSandboxSubscription(
  db: Db,
  params: InsertSandboxSubscriptionParams,
): Promise<void> {
  await db
    .insert(sandboxSubscriptions)
    .values(params)
    .onConflictDoNothing({ target: sandboxSubscriptions.requestId });
}

export interface SandboxSubscriptionParams {
  id: string;
}

/** The subscription with this id, or undefined. */
export async function findSandboxSubscription(
  db: Db,
  params: SandboxSubscriptionParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, params.id));
  return row;
}

export interface SandboxSubscriptionOfRequestParams {
  requestId: string;
}

/** The subscription a request id made, or undefined. */
export async function findSandboxSubscriptionOfRequest(
  db: Db,
  params: SandboxSubscriptionOfRequestParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.requestId, params.requestId));
  return row;
}

/** The subscription with its plan's name, status, currency and cycles, or undefined. */
export async function findSandboxSubscriptionWithPlan(
  db: Db,
  params: SandboxSubscriptionParams,
): Promise<SandboxSubscriptionWithPlan | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(sandboxSubscriptions),
      planName: sandboxPlans.name,
      planStatus: sandboxPlans.status,
      currency: sandboxPlans.currency,
      cycles: sandboxPlans.cycles,
    })
    .from(sandboxSubscriptions)
    .innerJoin(sandboxPlans, eq(sandboxPlans.id, sandboxSubscriptions.planId))
    .where(eq(sandboxSubscriptions.id, params.id));
  return row ? { ...row, cycles: row.cycles as BillingCycle[] } : undefined;
}

export interface SetSandboxSubscriptionStatusParams {
  id: string;
  /** The statuses it may move from. */
  from: string[];
  status: string;
  /** Nothing is billed any more (cancelled, expired): next_billing_at is cleared. */
  endsBilling?: boolean;
}

/** The subscription, moved to `status` only from one of `from`; undefined when it could not move. */
export async function setSandboxSubscriptionStatus(
  db: Db,
  params: SetSandboxSubscriptionStatusParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      status: params.status,
      ...(params.endsBilling ? { nextBillingAt: null, ...noRevision } : {}),
    })
    .where(
      and(
        eq(sandboxSubscriptions.id, params.id),
        inArray(sandboxSubscriptions.status, params.from),
      ),
    )
    .returning();
  return row;
}

/** The columns of a subscription without a revision. */
const noRevision = {
  revisedPlanId: null,
  revisionApproved: false,
  revisionReturnUrl: null,
  revisionCancelUrl: null,
};

export interface ReviseSandboxSubscriptionParams extends SandboxSubscriptionParams {
  planId: string;
  returnUrl: string;
  cancelUrl: string;
}

/**
 * Records a revision of an ACTIVE or SUSPENDED subscription, not yet consented to (it replaces
 * an earlier one). Undefined when the subscription is in another status.
 */
export async function reviseSandboxSubscription(
  db: Db,
  params: ReviseSandboxSubscriptionParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      revisedPlanId: params.planId,
      revisionApproved: false,
      revisionReturnUrl: params.returnUrl,
      revisionCancelUrl: params.cancelUrl,
    })
    .where(
      and(
        eq(sandboxSubscriptions.id, params.id),
        inArray(sandboxSubscriptions.status, ['ACTIVE', 'SUSPENDED']),
      ),
    )
    .returning();
  return row;
}

/** The subscriber consents to the revision asked (once); undefined when there is none to consent to. */
export async function approveSandboxRevision(
  db: Db,
  params: SandboxSubscriptionParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({ revisionApproved: true })
    .where(
      and(
        eq(sandboxSubscriptions.id, params.id),
        isNotNull(sandboxSubscriptions.revisedPlanId),
        eq(sandboxSubscriptions.revisionApproved, false),
        inArray(sandboxSubscriptions.status, ['ACTIVE', 'SUSPENDED']),
      ),
    )
    .returning();
  return row;
}

/** The subscriber declines the revision asked: it is dropped (a consented one stays). */
export async function dropSandboxRevision(
  db: Db,
  params: SandboxSubscriptionParams,
): Promise<void> {
  await db
    .update(sandboxSubscriptions)
    .set(noRevision)
    .where(
      and(eq(sandboxSubscriptions.id, params.id), eq(sandboxSubscriptions.revisionApproved, false)),
    );
}

/**
 * The buyer's approval: APPROVAL_PENDING → ACTIVE, once (a second approval, even at the same
 * moment, gets undefined). Billing is due at start_time, or now when it has none or it has passed;
 * the caller charges the first cycle when it is due now.
 */
export async function activateSandboxSubscription(
  db: Db,
  params: SandboxSubscriptionParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      status: 'ACTIVE',
      nextBillingAt: sql`greatest(coalesce(${sandboxSubscriptions.startTime}, now()), now())`,
    })
    .where(
      and(
        eq(sandboxSubscriptions.id, params.id),
        eq(sandboxSubscriptions.status, 'APPROVAL_PENDING'),
      ),
    )
    .returning();
  return row;
}

/** Where a subscription's billing stands: which cycle is billed next and how it went so far. */
export interface SandboxBillingState {
  cycleIndex: number;
  cycleRuns: number;
  failedPayments: number;
}

function inState(id: string, state: SandboxBillingState): SQL | undefined {
  return and(
    eq(sandboxSubscriptions.id, id),
    eq(sandboxSubscriptions.status, 'ACTIVE'),
    eq(sandboxSubscriptions.cycleIndex, state.cycleIndex),
    eq(sandboxSubscriptions.cycleRuns, state.cycleRuns),
    eq(sandboxSubscriptions.failedPayments, state.failedPayments),
  );
}

export interface ClaimSandboxCycleParams {
  id: string;
  /** The state the caller read: the claim only succeeds while the row is still in it. */
  from: SandboxBillingState;
  /** The cycle billed after this one, and how often it has been billed. */
  next: { cycleIndex: number; cycleRuns: number };
  /** The billed cycle's period (next billing: now + period); null: nothing is billed after it. */
  period: Period | null;
  /** The consented revision this billing switches to: the subscription's plan from now on. */
  revisedPlanId?: string;
}

/**
 * Claims the billing of the current cycle: moves an ACTIVE subscription still in `from` to the
 * next cycle, due one period from now, with no failed payments. Only one caller per state gets
 * the row (and may record the payment); the others get undefined.
 */
export async function claimSandboxCycle(
  db: Db,
  params: ClaimSandboxCycleParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      cycleIndex: params.next.cycleIndex,
      cycleRuns: params.next.cycleRuns,
      failedPayments: 0,
      nextBillingAt: params.period ? sql`now() + ${intervalOf(params.period)}` : null,
      ...(params.revisedPlanId ? { planId: params.revisedPlanId, ...noRevision } : {}),
    })
    .where(
      and(
        inState(params.id, params.from),
        params.revisedPlanId
          ? and(
              eq(sandboxSubscriptions.revisedPlanId, params.revisedPlanId),
              eq(sandboxSubscriptions.revisionApproved, true),
            )
          : undefined,
      ),
    )
    .returning();
  return row;
}

export interface FailSandboxPaymentParams {
  id: string;
  from: SandboxBillingState;
  /** Failed payments in a row at which the subscription is SUSPENDED. */
  suspendAfter: number;
}

/**
 * Records a failed charge of the current cycle of an ACTIVE subscription still in `from`: one
 * more failed payment (the cycle stays due), SUSPENDED at `suspendAfter` in a row. Undefined when
 * the row had moved on.
 */
export async function failSandboxPayment(
  db: Db,
  params: FailSandboxPaymentParams,
): Promise<SandboxSubscriptionRow | undefined> {
  const failed = sql`${sandboxSubscriptions.failedPayments} + 1`;
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      failedPayments: failed,
      status: sql`case when ${failed} >= ${params.suspendAfter}::int then 'SUSPENDED' else ${sandboxSubscriptions.status} end`,
    })
    .where(inState(params.id, params.from))
    .returning();
  return row;
}

// A period as a PostgreSQL interval: months and years in calendar months (a month after Jan 31
// is the end of February), weeks in days.
function intervalOf(period: Period): SQL {
  const months =
    period.unit === 'YEAR' ? period.count * 12 : period.unit === 'MONTH' ? period.count : 0;
  const days = period.unit === 'WEEK' ? period.count * 7 : period.unit === 'DAY' ? period.count : 0;
  return sql`make_interval(months => ${months}::int, days => ${days}::int)`;
}

// ---- transactions ----

export interface InsertSandboxTransactionParams {
  /** The sandbox's transaction id ('SBXTX…'). */
  id: string;
  subscriptionId: string;
  amount: string;
  currency: string;
}

/** Records a completed payment of a subscription. */
export async function insertSandboxTransaction(
  db: Db,
  params: InsertSandboxTransactionParams,
): Promise<SandboxTransactionRow> {
  const [row] = await db.insert(sandboxTransactions).values(params).returning();
  if (!row) throw new Error('sandbox transaction was not stored');
  return row;
}

export interface ListSandboxTransactionsParams {
  subscriptionId: string;
  from: Date;
  to: Date;
}

/** The subscription's payments made between `from` and `to` (inclusive), oldest first. */
export async function listSandboxTransactions(
  db: Db,
  params: ListSandboxTransactionsParams,
): Promise<SandboxTransactionRow[]> {
  return db
    .select()
    .from(sandboxTransactions)
    .where(
      and(
        eq(sandboxTransactions.subscriptionId, params.subscriptionId),
        gte(sandboxTransactions.createdAt, params.from),
        lte(sandboxTransactions.createdAt, params.to),
      ),
    )
    .orderBy(asc(sandboxTransactions.createdAt), asc(sandboxTransactions.id));
}

export interface LastSandboxPaymentParams {
  subscriptionId: string;
}

/** The subscription's newest payment (COMPLETED, or REFUNDED since), or undefined. */
export async function findLastSandboxPayment(
  db: Db,
  params: LastSandboxPaymentParams,
): Promise<SandboxTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(
      and(
        eq(sandboxTransactions.subscriptionId, params.subscriptionId),
        inArray(sandboxTransactions.status, ['COMPLETED', 'REFUNDED']),
      ),
    )
    .orderBy(desc(sandboxTransactions.createdAt), desc(sandboxTransactions.id))
    .limit(1);
  return row;
}

export interface SandboxTransactionParams {
  id: string;
}

/** The payment with this id, or undefined. */
export async function findSandboxTransaction(
  db: Db,
  params: SandboxTransactionParams,
): Promise<SandboxTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.id, params.id));
  return row;
}

export interface RefundSandboxTransactionParams {
  id: string;
  /** Used only when the payment was not refunded before. */
  refundId: string;
}

/**
 * Marks the payment REFUNDED, once: a payment refunded before keeps its first refund id, which
 * the returned row carries. Undefined when there is no such payment.
 */
export async function refundSandboxTransaction(
  db: Db,
  params: RefundSandboxTransactionParams,
): Promise<SandboxTransactionRow | undefined> {
  const [row] = await db
    .update(sandboxTransactions)
    .set({
      status: 'REFUNDED',
      refundId: sql`coalesce(${sandboxTransactions.refundId}, ${params.refundId})`,
    })
    .where(eq(sandboxTransactions.id, params.id))
    .returning();
  return row;
}
