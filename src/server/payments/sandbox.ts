import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db/client';
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
import {
  captureSandboxOrder,
  findSandboxOrder,
  findSandboxOrderOfCapture,
  findSandboxOrderOfRequest,
  insertSandboxOrder,
  type SandboxOrderRow as SandboxRow,
  setSandboxOrderStatus,
  setSandboxRefund,
} from './queries/sandbox-orders';

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
  const find = (id: string) => findSandboxOrder(db(), { id });
  const setStatus = (id: string, from: string[], status: string) =>
    setSandboxOrderStatus(db(), { id, from, status });

  return {
    name: 'sandbox',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const { locale: _locale, ...order } = input;
      await insertSandboxOrder(db(), { id: sandboxId('SBX'), ...order });
      // The same request id answers with the first order, as PayPal-Request-Id does.
      const row = await findSandboxOrderOfRequest(db(), { requestId: input.requestId });
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
        await captureSandboxOrder(db(), { id: row.id, captureId: sandboxId('SBXCAP') });
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
      const row = await findSandboxOrderOfCapture(db(), { captureId: input.captureId });
      if (!row) return { refundId: '', status: 'FAILED' };
      const refundId = row.refundId ?? sandboxId('SBXREF');
      await setSandboxRefund(db(), { id: row.id, refundId });
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
