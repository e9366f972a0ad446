import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sandboxOrders } from '@/server/db/schema';
import type { CreateOrderInput } from '../provider';

// The built-in sandbox provider's own orders (what PayPal keeps on its side). Global by design:
// they are the provider's, keyed by its ids; our orders (and their accounts) are in orders.ts.

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

export interface SandboxOrderParams {
  /** The sandbox's order id ('SBX…'). */
  id: string;
}

/** The sandbox order with this id, or undefined. */
export async function findSandboxOrder(
  db: Db,
  params: SandboxOrderParams,
): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, params.id));
  return row;
}

export interface SetSandboxStatusParams {
  id: string;
  /** The statuses it may move from. */
  from: string[];
  status: string;
}

/** The order, moved to `status` only from one of `from`; undefined when it could not move. */
export async function setSandboxOrderStatus(
  db: Db,
  params: SetSandboxStatusParams,
): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .update(sandboxOrders)
    .set({ status: params.status })
    .where(and(eq(sandboxOrders.id, params.id), inArray(sandboxOrders.status, params.from)))
    .returning();
  return row;
}

/** What the sandbox keeps of an order the site asked it to create (all but the locale). */
export type InsertSandboxOrderParams = Omit<CreateOrderInput, 'locale'> & { id: string };

/** Stores a new sandbox order unless its request id already made one (nothing changes then). */
export async function insertSandboxOrder(db: Db, params: InsertSandboxOrderParams): Promise<void> {
  await db
    .insert(sandboxOrders)
    .values(params)
    .onConflictDoNothing({ target: sandboxOrders.requestId });
}

export interface SandboxOrderOfRequestParams {
  requestId: string;
}

/** The sandbox order a request id made, or undefined. */
export async function findSandboxOrderOfRequest(
  db: Db,
  params: SandboxOrderOfRequestParams,
): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxOrders)
    .where(eq(sandboxOrders.requestId, params.requestId));
  return row;
}

export interface CaptureSandboxOrderParams {
  id: string;
  captureId: string;
}

/** Completes an approved sandbox order with this capture id (nothing happens otherwise). */
export async function captureSandboxOrder(
  db: Db,
  params: CaptureSandboxOrderParams,
): Promise<void> {
  await db
    .update(sandboxOrders)
    .set({ status: 'COMPLETED', captureId: params.captureId })
    .where(and(eq(sandboxOrders.id, params.id), eq(sandboxOrders.status, 'APPROVED')));
}

export interface SandboxOrderOfCaptureParams {
  captureId: string;
}

/** The sandbox order of this capture id, or undefined. */
export async function findSandboxOrderOfCapture(
  db: Db,
  params: SandboxOrderOfCaptureParams,
): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxOrders)
    .where(eq(sandboxOrders.captureId, params.captureId));
  return row;
}

export interface SetSandboxRefundParams {
  id: string;
  refundId: string;
}

/** Records the refund of a sandbox order's capture. */
export async function setSandboxRefund(db: Db, params: SetSandboxRefundParams): Promise<void> {
  await db
    .update(sandboxOrders)
    .set({ refundId: params.refundId })
    .where(eq(sandboxOrders.id, params.id));
}
