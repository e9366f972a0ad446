import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, type ReceiptRow, receiptCounter, receipts } from '@/server/db/schema';

// Every statement on `receipts` and `receipt_counter`. A receipt is issued in the transaction of
// the payment or refund it documents; `findAccountReceipt` filters by the account that paid,
// the others act on receipts their caller already holds (or on every one not yet mailed).

export type ReceiptKind = 'receipt' | 'credit_note';

export interface IssueReceiptParams {
  orderId: string;
  kind: ReceiptKind;
  period?: { start: Date; end: Date };
}

/**
 * Issues the order's receipt or credit note with the next number. Call it in the transaction
 * that records the payment or refund, once (the fulfilment's or refund's own guard): the
 * counter row is locked until that transaction ends, so numbers follow the commits without gaps.
 */
export async function issueReceipt(db: Db, params: IssueReceiptParams): Promise<ReceiptRow> {
  const [counter] = await db
    .insert(receiptCounter)
    .values({ id: 1, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounter.id,
      set: { last: sql`${receiptCounter.last} + 1` },
    })
    .returning({ last: receiptCounter.last });
  if (!counter) throw new Error('receipt counter vanished');
  const [row] = await db
    .insert(receipts)
    .values({
      number: counter.last,
      orderId: params.orderId,
      kind: params.kind,
      periodStart: params.period?.start ?? null,
      periodEnd: params.period?.end ?? null,
    })
    .returning();
  if (!row) throw new Error('receipt vanished right after insert');
  return row;
}

export interface AccountReceiptParams {
  userId: string;
  orderId: string;
  kind: ReceiptKind;
}

/** The receipt of an order the account paid, or undefined (not its order, or none issued). */
export async function findAccountReceipt(db: Db, params: AccountReceiptParams) {
  const [row] = await db
    .select({ receipt: receipts })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(
      and(
        eq(receipts.orderId, params.orderId),
        eq(receipts.kind, params.kind),
        eq(orders.userId, params.userId),
      ),
    );
  return row?.receipt;
}

/** The receipts of the given orders (the account's history), by number. */
export async function listReceiptsOfOrders(db: Db, params: { orderIds: string[] }) {
  if (params.orderIds.length === 0) return [];
  return db
    .select()
    .from(receipts)
    .where(inArray(receipts.orderId, params.orderIds))
    .orderBy(asc(receipts.number));
}

/** An order's receipt or credit note (a credit note names the receipt it refunds). */
export async function findReceiptOfOrder(db: Db, params: { orderId: string; kind: ReceiptKind }) {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, params.orderId), eq(receipts.kind, params.kind)));
  return row;
}

/** Receipts whose mail is not queued yet: all of them, or those of one order. Oldest first. */
export async function listUnmailedReceipts(db: Db, params: { orderId?: string; limit: number }) {
  return db
    .select()
    .from(receipts)
    .where(
      and(
        isNull(receipts.mailedAt),
        params.orderId ? eq(receipts.orderId, params.orderId) : undefined,
      ),
    )
    .orderBy(asc(receipts.issuedAt))
    .limit(params.limit);
}

/**
 * Marks a receipt mailed; true for the one caller that did (call it in the transaction that
 * queues the mail, so the mail is queued exactly once however many instances try).
 */
export async function claimReceiptMail(db: Db, params: { id: string }): Promise<boolean> {
  const claimed = await db
    .update(receipts)
    .set({ mailedAt: new Date() })
    .where(and(eq(receipts.id, params.id), isNull(receipts.mailedAt)))
    .returning({ id: receipts.id });
  return claimed.length > 0;
}
