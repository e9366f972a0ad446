import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type OrderRow, orders, users } from '@/server/db/schema';

// Every statement on `orders` is here. An order belongs to an account (user_id) or, until it is
// paid, to the buyer email of a checkout without a session (its browser holds a checkout token).
// `findAccountOrder` and `listAccountOrders` filter by the account; every other query says why it
// is global: it acts on an order its caller already holds (a checkout step after `orderFor`, the
// provider's answer or webhook, fulfilment). An order's gift card and refund request are in
// gift-cards.ts and refunds.ts.

export interface InsertOrderParams {
  /** The signed-in buyer's account, or null for a buyer who only gave an email. */
  userId: string | null;
  buyerEmail: string | null;
  kind: 'plan' | 'gift';
  planId: string;
  productId: string;
  amount: string;
  currency: string;
  provider: string;
  platform: string;
  locale: string;
  checkoutTokenHash: string | null;
  checkoutTokenExpiresAt: Date | null;
  attribution: unknown;
}

/** Stores a new order (status 'created') and returns it; undefined only if the row vanished. */
export async function insertOrder(
  db: Db,
  params: InsertOrderParams,
): Promise<OrderRow | undefined> {
  const [order] = await db.insert(orders).values(params).returning();
  return order;
}

export interface SetProviderOrderIdParams {
  orderId: string;
  /** The provider's order, or for a plan its subscription (which the first payment pays). */
  providerOrderId: string;
  subscriptionId?: string;
}

/** The order with the provider's order id recorded; global: the order this checkout just made. */
export async function setProviderOrderId(
  db: Db,
  params: SetProviderOrderIdParams,
): Promise<OrderRow | undefined> {
  const [stored] = await db
    .update(orders)
    .set({
      providerOrderId: params.providerOrderId,
      ...(params.subscriptionId ? { subscriptionId: params.subscriptionId } : {}),
    })
    .where(eq(orders.id, params.orderId))
    .returning();
  return stored;
}

export interface InsertRenewalParams {
  userId: string;
  subscriptionId: string;
  planId: string;
  productId: string;
  amount: string;
  currency: string;
  provider: string;
  /** The provider's payment id: one order per payment, however often it is reported. */
  captureId: string;
  locale: string;
}

/**
 * Records a subscription's renewal payment as a paid order of the account, once per provider
 * payment; undefined when this payment was recorded before (a replayed or concurrent report).
 */
export async function insertRenewalOrder(
  db: Db,
  params: InsertRenewalParams,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .insert(orders)
    .values({ ...params, kind: 'renewal', status: 'paid', paidAt: new Date() })
    .onConflictDoNothing({
      target: [orders.provider, orders.captureId],
      where: sql`${orders.captureId} is not null`,
    })
    .returning();
  return order;
}

export interface FindOrderOfCaptureParams {
  provider: string;
  captureId: string;
}

/** The order a provider payment paid (global: the provider's refund event names the payment). */
export async function findOrderOfCapture(
  db: Db,
  params: FindOrderOfCaptureParams,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, params.provider), eq(orders.captureId, params.captureId)));
  return order;
}

export interface FindOrderParams {
  orderId: string;
}

/** The order with this id, or undefined; global: callers check access (`orderFor`) first. */
export async function findOrderById(
  db: Db,
  params: FindOrderParams,
): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, params.orderId));
  return order;
}

export interface FindAccountOrderParams {
  orderId: string;
  userId: string;
}

/** The order with this id when it belongs to the account, else undefined (refund requests). */
export async function findAccountOrder(
  db: Db,
  params: FindAccountOrderParams,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, params.orderId), eq(orders.userId, params.userId)));
  return order;
}

export interface ListAccountOrdersParams {
  userId: string;
}

/** The account's paid, failed and refunded orders, newest first, at most 100 (payment history). */
export async function listAccountOrders(
  db: Db,
  params: ListAccountOrdersParams,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, params.userId), inArray(orders.status, ['paid', 'failed', 'refunded'])),
    )
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

export interface FindWebhookOrderParams {
  /** Our order id as the event carries it (custom_id), already checked to be one. */
  orderId?: string;
  providerOrderId?: string;
}

/** The order a webhook names (our id or the provider's), or undefined; global by design. */
export async function findOrderForWebhook(
  db: Db,
  params: FindWebhookOrderParams,
): Promise<OrderRow | undefined> {
  const conditions = [
    params.orderId ? eq(orders.id, params.orderId) : undefined,
    params.providerOrderId ? eq(orders.providerOrderId, params.providerOrderId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(or(...conditions));
  return order;
}

export interface ClaimCheckoutSignInParams {
  orderId: string;
  checkoutTokenHash: string;
}

/** The order's account id once its one checkout sign-in is claimed, else undefined; by token. */
export async function claimCheckoutSignIn(db: Db, params: ClaimCheckoutSignInParams) {
  // One conditional update: only while the token is live and has signed no one in, the order is
  // paid, and its account was made by this order and still has no password. Filtered by the
  // token's hash, not a user id: the token is the buyer's only credential.
  const [claimed] = await db
    .update(orders)
    .set({ checkoutSignedInAt: new Date() })
    .where(
      and(
        eq(orders.id, params.orderId),
        eq(orders.checkoutTokenHash, params.checkoutTokenHash),
        gt(orders.checkoutTokenExpiresAt, new Date()),
        isNull(orders.checkoutSignedInAt),
        eq(orders.status, 'paid'),
        eq(orders.createdAccount, true),
        isNotNull(orders.userId),
        notExists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, orders.userId), isNotNull(users.passwordHash))),
        ),
      ),
    )
    .returning({ userId: orders.userId });
  return claimed;
}

/** Moves the order to its next capture key; global: a capture step on an order the caller holds. */
export async function incrementCaptureAttempt(db: Db, params: FindOrderParams): Promise<void> {
  await db
    .update(orders)
    .set({ captureAttempt: sql`${orders.captureAttempt} + 1` })
    .where(eq(orders.id, params.orderId));
}

/** The order, locked FOR UPDATE for the transaction, or undefined; global: fulfilment's step. */
export async function lockOrder(db: Db, params: FindOrderParams): Promise<OrderRow | undefined> {
  const [current] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, params.orderId))
    .for('update');
  return current;
}

export interface MarkCaptureFailedParams {
  orderId: string;
  reason: string;
  captureId: string;
}

/** The order, now failed after an unusable capture (token removed); global: fulfilment's step. */
export async function markCaptureFailed(
  db: Db,
  params: MarkCaptureFailedParams,
): Promise<OrderRow | undefined> {
  const [marked] = await db
    .update(orders)
    .set({
      status: 'failed',
      failureReason: params.reason,
      captureId: params.captureId,
      checkoutTokenHash: null,
      checkoutTokenExpiresAt: null,
    })
    .where(eq(orders.id, params.orderId))
    .returning();
  return marked;
}

export interface MarkOrderPaidParams {
  orderId: string;
  captureId: string;
  /** The account the order now belongs to (made or found for a buyer email). */
  userId: string;
  /** True when this checkout made that account. */
  createdAccount: boolean;
}

/** The order, now paid, or undefined when it was not open (the race lost); global: fulfilment. */
export async function markOrderPaid(
  db: Db,
  params: MarkOrderPaidParams,
): Promise<OrderRow | undefined> {
  const [paid] = await db
    .update(orders)
    .set({
      status: 'paid',
      captureId: params.captureId,
      paidAt: new Date(),
      failureReason: null,
      userId: params.userId,
      createdAccount: params.createdAccount,
    })
    .where(
      and(
        eq(orders.id, params.orderId),
        inArray(orders.status, ['created', 'failed', 'cancelled']),
      ),
    )
    .returning();
  return paid;
}

export interface CloseUnpaidOrderParams {
  orderId: string;
  status: 'failed' | 'cancelled';
  reason: string;
}

/** True when this call failed or cancelled the still open order; global: the caller holds it. */
export async function closeUnpaidOrder(db: Db, params: CloseUnpaidOrderParams): Promise<boolean> {
  const marked = await db
    .update(orders)
    .set({
      status: params.status,
      failureReason: params.reason,
      checkoutTokenExpiresAt: sql`least(${orders.checkoutTokenExpiresAt}, now() + interval '1 hour')`,
    })
    .where(and(eq(orders.id, params.orderId), eq(orders.status, 'created')))
    .returning({ id: orders.id });
  return marked.length > 0;
}

/** The order, now refunded (token removed), or undefined unless paid; global: provider refunded. */
export async function markOrderRefunded(
  db: Db,
  params: FindOrderParams,
): Promise<OrderRow | undefined> {
  const [refunded] = await db
    .update(orders)
    .set({
      status: 'refunded',
      refundedAt: new Date(),
      checkoutTokenHash: null,
      checkoutTokenExpiresAt: null,
    })
    .where(and(eq(orders.id, params.orderId), eq(orders.status, 'paid')))
    .returning();
  return refunded;
}
