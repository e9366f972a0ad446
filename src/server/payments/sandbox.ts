import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sandboxOrders } from '@/server/db/schema';
import type {
  CaptureResult,
  CreatedOrder,
  CreateOrderInput,
  PaymentProvider,
  ProviderOrder,
  ProviderOrderStatus,
  RefundInput,
  RefundResult,
} from './provider';

type SandboxRow = typeof sandboxOrders.$inferSelect;

const sandboxId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

/** Where a sandbox order is approved: the local page of routes/payment-sandbox.ts. */
export function sandboxApprovePath(providerOrderId: string): string {
  return `/api/mms/payment/v1/sandbox/checkout/${encodeURIComponent(providerOrderId)}`;
}

function view(row: SandboxRow): ProviderOrder {
  return {
    providerOrderId: row.id,
    status: row.status as ProviderOrderStatus,
    orderId: row.orderId,
    amount: row.amount,
    currency: row.currency,
    capture: row.captureId
      ? {
          id: row.captureId,
          status: row.refundId ? 'REFUNDED' : 'COMPLETED',
          amount: row.amount,
          currency: row.currency,
        }
      : undefined,
  };
}

/**
 * Where the buyer of `row` approves: the approval page on the origin of the order's return URL,
 * which checkout makes on the origin the buyer is using (routes/payments.ts), so the page opens
 * on whatever port and name the site was reached under; `siteUrl` for a return URL that is not
 * a web address.
 */
function approveUrlOf(row: SandboxRow, siteUrl: string): string {
  let origin = siteUrl;
  try {
    const back = new URL(row.returnUrl);
    if (back.protocol === 'http:' || back.protocol === 'https:') origin = back.origin;
  } catch {
    // not a URL: siteUrl
  }
  return new URL(sandboxApprovePath(row.id), origin).toString();
}

/**
 * The built-in provider for a machine without PayPal credentials: it keeps PayPal's order
 * life cycle (CREATED → APPROVED → COMPLETED, or VOIDED) in the database and sends the buyer to
 * a local approval page instead of PayPal's. Never used in production (see config.ts).
 */
export function createSandboxProvider(db: () => Db, siteUrl: string): SandboxProvider {
  const find = async (id: string) => {
    const [row] = await db().select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
    return row;
  };
  const setStatus = async (id: string, from: string[], status: string) => {
    const [row] = await db()
      .update(sandboxOrders)
      .set({ status })
      .where(and(eq(sandboxOrders.id, id), inArray(sandboxOrders.status, from)))
      .returning();
    return row;
  };

  return {
    name: 'sandbox',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      await db()
        .insert(sandboxOrders)
        .values({
          id: sandboxId('SBX'),
          requestId: input.requestId,
          orderId: input.orderId,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
        })
        .onConflictDoNothing({ target: sandboxOrders.requestId });
      // The same request id answers with the first order, as PayPal-Request-Id does.
      const [row] = await db()
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.requestId, input.requestId));
      if (!row) throw new Error('sandbox order vanished right after insert');
      return {
        providerOrderId: row.id,
        approveUrl: approveUrlOf(row, siteUrl),
      };
    },

    async captureOrder(providerOrderId: string): Promise<CaptureResult> {
      const row = await find(providerOrderId);
      if (!row) return { outcome: 'declined', reason: 'RESOURCE_NOT_FOUND' };
      if (row.status === 'CREATED') return { outcome: 'not_approved' };
      if (row.status === 'VOIDED') return { outcome: 'declined', reason: 'ORDER_VOIDED' };
      if (row.status === 'APPROVED') {
        await db()
          .update(sandboxOrders)
          .set({ status: 'COMPLETED', captureId: sandboxId('SBXCAP') })
          .where(and(eq(sandboxOrders.id, row.id), eq(sandboxOrders.status, 'APPROVED')));
      }
      const captured = view((await find(providerOrderId)) ?? row).capture;
      return captured
        ? { outcome: 'captured', capture: captured }
        : { outcome: 'declined', reason: 'CAPTURE_MISSING' };
    },

    async getOrder(providerOrderId: string): Promise<ProviderOrder> {
      const row = await find(providerOrderId);
      if (!row) throw new Error(`sandbox order ${providerOrderId} does not exist`);
      return view(row);
    },

    async refundCapture(input: RefundInput): Promise<RefundResult> {
      const [row] = await db()
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.captureId, input.captureId));
      if (!row) return { refundId: '', status: 'FAILED' };
      const refundId = row.refundId ?? sandboxId('SBXREF');
      await db().update(sandboxOrders).set({ refundId }).where(eq(sandboxOrders.id, row.id));
      return { refundId, status: 'COMPLETED' };
    },

    // The sandbox sends no webhooks, so none is genuine.
    async verifyWebhook(): Promise<boolean> {
      return false;
    },

    find,
    approve: (id) => setStatus(id, ['CREATED', 'APPROVED'], 'APPROVED'),
    cancel: (id) => setStatus(id, ['CREATED', 'APPROVED'], 'VOIDED'),
  };
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The order as the approval page shows it. */
  find(id: string): Promise<SandboxRow | undefined>;
  /** The buyer approves (the page's Pay button); undefined when it cannot be approved. */
  approve(id: string): Promise<SandboxRow | undefined>;
  /** The buyer cancels; undefined when it was already captured or voided. */
  cancel(id: string): Promise<SandboxRow | undefined>;
}
