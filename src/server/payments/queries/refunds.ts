import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { refundRequests } from '@/server/db/schema';

// Refund requests (money-back guarantee): one per order, made by the order's account, then sent
// to the provider at once or by the retry timer.

export type RefundRequestRow = typeof refundRequests.$inferSelect;

export interface RefundRequestsOfOrdersParams {
  orderIds: string[];
}

/** The refund requests of the given orders; global: callers pass ids from `listAccountOrders`. */
export async function listRefundRequestsOfOrders(
  db: Db,
  params: RefundRequestsOfOrdersParams,
): Promise<RefundRequestRow[]> {
  return db.select().from(refundRequests).where(inArray(refundRequests.orderId, params.orderIds));
}

export interface InsertRefundRequestParams {
  userId: string;
  orderId: string;
  reason: string;
}

/** The new queued request for the order, or undefined when it already has one. */
export async function insertRefundRequest(
  db: Db,
  params: InsertRefundRequestParams,
): Promise<RefundRequestRow | undefined> {
  const [inserted] = await db
    .insert(refundRequests)
    .values({ ...params, status: 'queued' })
    .onConflictDoNothing({ target: refundRequests.orderId })
    .returning();
  return inserted;
}

export interface ListQueuedRefundsParams {
  /** At most this many per run. */
  limit: number;
}

/** The requests still queued; global by design: the retry timer sends every account's. */
export async function listQueuedRefundRequests(
  db: Db,
  params: ListQueuedRefundsParams,
): Promise<RefundRequestRow[]> {
  return db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.status, 'queued'))
    .limit(params.limit);
}

export interface RefundRequestParams {
  requestId: string;
}

/** Marks a request refused (its card was redeemed first); global: the request is tied already. */
export async function markRefundRequestRefused(db: Db, params: RefundRequestParams): Promise<void> {
  await db
    .update(refundRequests)
    .set({ status: 'refused', processedAt: new Date() })
    .where(eq(refundRequests.id, params.requestId));
}

export interface RecordRefundAttemptParams {
  requestId: string;
  status: 'refunded' | 'pending' | 'queued';
  providerRefundId: string | null;
  /** Null while the request stays queued. */
  processedAt: Date | null;
}

/** Records the provider's answer to a request; global: the request is tied to its account. */
export async function recordRefundAttempt(
  db: Db,
  params: RecordRefundAttemptParams,
): Promise<void> {
  await db
    .update(refundRequests)
    .set({
      status: params.status,
      providerRefundId: params.providerRefundId,
      processedAt: params.processedAt,
    })
    .where(eq(refundRequests.id, params.requestId));
}
