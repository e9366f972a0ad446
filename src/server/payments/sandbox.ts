import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db/client';
import type { BillingCycle } from './billing-cycles';
import { FAILED_PAYMENTS_BEFORE_SUSPENSION } from './paypal';
import {
  type BillingProvider,
  type CaptureResult,
  type CreatedOrder,
  type CreatedSubscription,
  type CreateOrderInput,
  type CreatePlanInput,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderOrderStatus,
  ProviderRequestError,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type ProviderTransaction,
  type RefundInput,
  type RefundResult,
  type ReviseSubscriptionInput,
} from './provider';
import {
  activateSandboxSubscription,
  approveSandboxRevision,
  claimSandboxCycle,
  dropSandboxRevision,
  failSandboxPayment,
  findLastSandboxPayment,
  findSandboxPlan,
  findSandboxPlanOfRequest,
  findSandboxSubscription,
  findSandboxSubscriptionOfRequest,
  findSandboxSubscriptionWithPlan,
  insertSandboxPlan,
  insertSandboxSubscription,
  insertSandboxTransaction,
  listSandboxTransactions,
  refundSandboxTransaction,
  reviseSandboxSubscription,
  type SandboxBillingState,
  type SandboxPlanRow,
  type SandboxSubscriptionRow,
  type SandboxSubscriptionWithPlan,
  setSandboxPlanStatus,
  setSandboxSubscriptionStatus,
} from './queries/sandbox-billing';
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

export type { SandboxSubscriptionRow, SandboxSubscriptionWithPlan };

const sandboxId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

/** The prefix of the sandbox's subscription ids (its order ids start 'SBX' + hex digits). */
export const SANDBOX_SUBSCRIPTION_PREFIX = 'SBXSUB';

/**
 * Where a sandbox order or subscription is approved: the local page of
 * routes/payment-sandbox.ts.
 */
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
 * Where the buyer of `row` (an order or a subscription) approves: the approval page on the
 * origin of its return URL, which checkout makes on the origin the buyer is using
 * (routes/payments.ts), so the page opens on whatever port and name the site was reached under;
 * `siteUrl` for a return URL that is not a web address.
 */
function approveUrlOf(row: { id: string; returnUrl: string }, siteUrl: string): string {
  let origin = siteUrl;
  try {
    const back = new URL(row.returnUrl);
    if (back.protocol === 'http:' || back.protocol === 'https:') origin = back.origin;
  } catch {
    // not a URL: siteUrl
  }
  return new URL(sandboxApprovePath(row.id), origin).toString();
}

// The answers PayPal gives for a missing resource and a subscription in the wrong state.
function notFound(what: string): ProviderRequestError {
  return new ProviderRequestError(`sandbox ${what} does not exist`, 404, 'RESOURCE_NOT_FOUND');
}

function statusInvalid(row: SandboxSubscriptionRow, action: string): ProviderRequestError {
  return new ProviderRequestError(
    `sandbox subscription ${row.id} is ${row.status}: it cannot be ${action}`,
    422,
    'SUBSCRIPTION_STATUS_INVALID',
  );
}

/** What a cycle charges; undefined for a free one. */
const priceOf = (cycle: BillingCycle) =>
  cycle.price === null || Number(cycle.price) === 0 ? undefined : cycle.price;

/** A plan's billing terms. */
const termsOf = (plan: SandboxPlanRow) => ({
  cycles: plan.cycles as BillingCycle[],
  currency: plan.currency,
});

const stateOf = (row: SandboxSubscriptionRow): SandboxBillingState => ({
  cycleIndex: row.cycleIndex,
  cycleRuns: row.cycleRuns,
  failedPayments: row.failedPayments,
});

/**
 * Bills the current cycle of `row` (as read by the caller) now: claims it with a conditional
 * update, so that of callers who read the same state only one charges, then records the payment
 * of a priced cycle. The next cycle is due one period of the billed cycle from now; a cycle
 * billed `count` times gives way to the next (count 0: never). Undefined when another caller
 * claimed it first; `transactionId` undefined for a free cycle.
 */
async function billCycle(
  tx: Db,
  row: SandboxSubscriptionRow,
  plan: { cycles: BillingCycle[]; currency: string },
  revisedPlanId?: string,
): Promise<{ row: SandboxSubscriptionRow; transactionId?: string } | undefined> {
  // A revision's plan is billed from its regular cycle: its trials count as done, as at PayPal.
  const at = revisedPlanId
    ? {
        cycleIndex: Math.max(
          0,
          plan.cycles.findIndex((c) => c.kind === 'regular'),
        ),
        cycleRuns: 0,
      }
    : { cycleIndex: row.cycleIndex, cycleRuns: row.cycleRuns };
  const cycle = plan.cycles[at.cycleIndex];
  if (!cycle) throw new Error(`sandbox subscription ${row.id} has no billing cycle left`);
  const runs = at.cycleRuns + 1;
  const done = cycle.count > 0 && runs >= cycle.count;
  const next = done
    ? { cycleIndex: at.cycleIndex + 1, cycleRuns: 0 }
    : { cycleIndex: at.cycleIndex, cycleRuns: runs };
  const claimed = await claimSandboxCycle(tx, {
    id: row.id,
    from: stateOf(row),
    next,
    period: next.cycleIndex < plan.cycles.length ? cycle.period : null,
    revisedPlanId,
  });
  if (!claimed) return undefined;
  const price = priceOf(cycle);
  if (price === undefined) return { row: claimed };
  const payment = await insertSandboxTransaction(tx, {
    id: sandboxId('SBXTX'),
    subscriptionId: row.id,
    amount: price,
    currency: plan.currency,
  });
  return { row: claimed, transactionId: payment.id };
}

/**
 * The built-in provider for a machine without PayPal credentials: it keeps PayPal's order
 * life cycle (CREATED → APPROVED → COMPLETED, or VOIDED) and PayPal's subscriptions (billing
 * plans; APPROVAL_PENDING → ACTIVE → SUSPENDED / CANCELLED / EXPIRED, with their payments) in
 * the database and sends the buyer to a local approval page instead of PayPal's. Nothing renews
 * by itself: `renewSubscription` runs a renewal on demand (development). Never used in
 * production (see config.ts).
 */
export function createSandboxProvider(db: () => Db, siteUrl: string): SandboxProvider {
  const find = (id: string) => findSandboxOrder(db(), { id });
  const setStatus = (id: string, from: string[], status: string) =>
    setSandboxOrderStatus(db(), { id, from, status });

  // Renewals of one subscription asked while one is running are the same renewal: they share
  // its reading of the billing state, so that the conditional claim lets exactly one of them
  // charge (where they read it apart, one could read the state the other left and bill the next
  // cycle too). A renewal on another instance is held off by the claim alone: it charges a
  // cycle only if no one billed that cycle first.
  const observing = new Map<
    string,
    { row: Promise<SandboxSubscriptionWithPlan | undefined>; users: number }
  >();
  function observe(id: string) {
    let entry = observing.get(id);
    if (!entry) {
      entry = { row: findSandboxSubscriptionWithPlan(db(), { id }), users: 0 };
      observing.set(id, entry);
    }
    const current = entry;
    current.users += 1;
    return {
      row: current.row,
      done() {
        current.users -= 1;
        if (current.users === 0 && observing.get(id) === current) observing.delete(id);
      },
    };
  }

  // One renewal of the subscription as `row` shows it (see renewSubscription).
  async function renew(
    id: string,
    row: SandboxSubscriptionWithPlan | undefined,
    fail: boolean,
  ): Promise<{ transactionId?: string }> {
    if (!row) throw notFound(`subscription ${id}`);
    if (row.status !== 'ACTIVE') throw statusInvalid(row, 'renewed');
    // A revision the subscriber consented to takes effect at this renewal.
    const revised =
      row.revisedPlanId && row.revisionApproved
        ? await findSandboxPlan(db(), { id: row.revisedPlanId })
        : undefined;
    if (!revised && !row.cycles[row.cycleIndex]) {
      // Every cycle has been billed: the subscription has run its course.
      await setSandboxSubscriptionStatus(db(), {
        id,
        from: ['ACTIVE'],
        status: 'EXPIRED',
        endsBilling: true,
      });
      return {};
    }
    if (fail) {
      await failSandboxPayment(db(), {
        id,
        from: stateOf(row),
        suspendAfter: FAILED_PAYMENTS_BEFORE_SUSPENSION,
      });
      return {};
    }
    const billed = await db().transaction((tx) =>
      revised ? billCycle(tx, row, termsOf(revised), revised.id) : billCycle(tx, row, row),
    );
    // Another renewal claimed this cycle first and charged it: not this one.
    if (!billed) return {};
    return { transactionId: billed.transactionId };
  }

  async function knownSubscription(id: string): Promise<SandboxSubscriptionRow> {
    const row = await findSandboxSubscription(db(), { id });
    if (!row) throw notFound(`subscription ${id}`);
    return row;
  }

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

    // An order's capture, or a subscription's payment (PayPal refunds both through the
    // captures endpoint). The whole payment is refunded; asked again, the first refund answers.
    async refundCapture(input: RefundInput): Promise<RefundResult> {
      const row = await findSandboxOrderOfCapture(db(), { captureId: input.captureId });
      if (row) {
        const refundId = row.refundId ?? sandboxId('SBXREF');
        await setSandboxRefund(db(), { id: row.id, refundId });
        return { refundId, status: 'COMPLETED' };
      }
      const payment = await refundSandboxTransaction(db(), {
        id: input.captureId,
        refundId: sandboxId('SBXREF'),
      });
      if (!payment?.refundId) return { refundId: '', status: 'FAILED' };
      return { refundId: payment.refundId, status: 'COMPLETED' };
    },

    // The sandbox sends no webhooks, so none is genuine.
    async verifyWebhook(): Promise<boolean> {
      return false;
    },

    find,
    approve: (id) => setStatus(id, ['CREATED', 'APPROVED'], 'APPROVED'),
    cancel: (id) => setStatus(id, ['CREATED', 'APPROVED'], 'VOIDED'),

    // The sandbox has one catalogue product, which always exists.
    async ensureProduct(): Promise<void> {},

    async createPlan(input: CreatePlanInput): Promise<{ providerPlanId: string }> {
      if (input.cycles.length === 0) {
        throw new ProviderRequestError(
          'a sandbox plan needs a billing cycle',
          400,
          'MISSING_REQUIRED_PARAMETER',
        );
      }
      await insertSandboxPlan(db(), {
        id: sandboxId('SBXPLAN'),
        requestId: input.requestId,
        name: input.name,
        currency: input.currency,
        cycles: input.cycles,
      });
      // The same request id answers with the first plan, as PayPal-Request-Id does.
      const row = await findSandboxPlanOfRequest(db(), { requestId: input.requestId });
      if (!row) throw new Error('sandbox plan vanished right after insert');
      return { providerPlanId: row.id };
    },

    async deactivatePlan(providerPlanId: string): Promise<void> {
      const row = await setSandboxPlanStatus(db(), { id: providerPlanId, status: 'INACTIVE' });
      if (!row) throw notFound(`plan ${providerPlanId}`);
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      // The same request id answers with the first subscription, as PayPal-Request-Id does,
      // even when its plan has been deactivated since.
      let row = await findSandboxSubscriptionOfRequest(db(), { requestId: input.requestId });
      if (!row) {
        const plan = await findSandboxPlan(db(), { id: input.providerPlanId });
        if (!plan) throw notFound(`plan ${input.providerPlanId}`);
        if (plan.status !== 'ACTIVE') {
          throw new ProviderRequestError(
            `sandbox plan ${plan.id} is ${plan.status}`,
            422,
            'PLAN_STATUS_INVALID',
          );
        }
        await insertSandboxSubscription(db(), {
          id: sandboxId(SANDBOX_SUBSCRIPTION_PREFIX),
          requestId: input.requestId,
          planId: plan.id,
          customId: input.customId,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          startTime: input.startTime ?? null,
        });
        row = await findSandboxSubscriptionOfRequest(db(), { requestId: input.requestId });
      }
      if (!row) throw new Error('sandbox subscription vanished right after insert');
      return { providerSubscriptionId: row.id, approveUrl: approveUrlOf(row, siteUrl) };
    },

    async getSubscription(id: string): Promise<ProviderSubscription> {
      const row = await knownSubscription(id);
      const last = await findLastSandboxPayment(db(), { subscriptionId: row.id });
      return {
        providerSubscriptionId: row.id,
        status: row.status as ProviderSubscriptionStatus,
        providerPlanId: row.planId,
        customId: row.customId,
        ...(row.nextBillingAt ? { nextBillingTime: row.nextBillingAt } : {}),
        ...(last
          ? { lastPayment: { amount: last.amount, currency: last.currency, time: last.createdAt } }
          : {}),
        failedPayments: row.failedPayments,
      };
    },

    async reviseSubscription(id: string, input: ReviseSubscriptionInput) {
      const row = await knownSubscription(id);
      const plan = await findSandboxPlan(db(), { id: input.providerPlanId });
      const current = await findSandboxPlan(db(), { id: row.planId });
      if (!plan || !current) throw notFound(`plan ${input.providerPlanId}`);
      if (plan.status !== 'ACTIVE') {
        throw new ProviderRequestError(
          `sandbox plan ${plan.id} is ${plan.status}`,
          422,
          'PLAN_STATUS_INVALID',
        );
      }
      if (plan.currency !== current.currency) {
        throw new ProviderRequestError(
          `sandbox plan ${plan.id} bills in ${plan.currency}, not ${current.currency}`,
          422,
          'CURRENCY_MISMATCH',
        );
      }
      const revised = await reviseSandboxSubscription(db(), {
        id,
        planId: plan.id,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
      });
      if (!revised) throw statusInvalid(row, 'revised');
      return { approveUrl: approveUrlOf({ id, returnUrl: input.returnUrl }, siteUrl) };
    },

    async cancelSubscription(id: string): Promise<'cancelled' | 'inactive'> {
      const moved = await setSandboxSubscriptionStatus(db(), {
        id,
        from: ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED'],
        status: 'CANCELLED',
        endsBilling: true,
      });
      if (moved) return 'cancelled';
      const row = await knownSubscription(id);
      if (row.status === 'CANCELLED' || row.status === 'EXPIRED') return 'inactive';
      throw statusInvalid(row, 'cancelled');
    },

    async listTransactions(id, window): Promise<ProviderTransaction[]> {
      const row = await knownSubscription(id);
      const payments = await listSandboxTransactions(db(), {
        subscriptionId: row.id,
        from: window.from,
        to: window.to,
      });
      return payments.map((payment) => ({
        id: payment.id,
        status: payment.status as ProviderTransaction['status'],
        amount: payment.amount,
        currency: payment.currency,
        time: payment.createdAt,
      }));
    },

    findSubscription: (id) => findSandboxSubscriptionWithPlan(db(), { id }),

    async findRevision(id: string) {
      const row = await findSandboxSubscription(db(), { id });
      const plan = row?.revisedPlanId
        ? await findSandboxPlan(db(), { id: row.revisedPlanId })
        : undefined;
      if (!row || !plan) return undefined;
      return {
        ...termsOf(plan),
        planName: plan.name,
        approved: row.revisionApproved,
        returnUrl: row.revisionReturnUrl ?? row.returnUrl,
        cancelUrl: row.revisionCancelUrl ?? row.cancelUrl,
      };
    },

    approveRevision: async (id) => (await approveSandboxRevision(db(), { id })) !== undefined,
    declineRevision: (id) => dropSandboxRevision(db(), { id }),

    async approveSubscription(id: string): Promise<SandboxSubscriptionRow | undefined> {
      return db().transaction(async (tx) => {
        // Only the caller whose update moved it from APPROVAL_PENDING bills the first cycle.
        const active = await activateSandboxSubscription(tx, { id });
        if (!active) return undefined;
        if (active.startTime && active.startTime.getTime() > Date.now()) return active;
        const plan = await findSandboxPlan(tx, { id: active.planId });
        if (!plan) throw new Error(`sandbox subscription ${id} has no plan`);
        const billed = await billCycle(tx, active, {
          cycles: plan.cycles as BillingCycle[],
          currency: plan.currency,
        });
        return billed?.row ?? active;
      });
    },

    async renewSubscription(id, options = {}) {
      const observed = observe(id);
      try {
        return await renew(id, await observed.row, options.fail ?? false);
      } finally {
        observed.done();
      }
    },
  };
}

/** A revision asked of a subscription, as its consent page shows it. */
export interface SandboxRevision {
  planName: string;
  currency: string;
  cycles: BillingCycle[];
  approved: boolean;
  returnUrl: string;
  cancelUrl: string;
}

export interface SandboxProvider extends PaymentProvider, BillingProvider {
  readonly name: 'sandbox';
  /** The order as the approval page shows it. */
  find(id: string): Promise<SandboxRow | undefined>;
  /** The buyer approves (the page's Pay button); undefined when it cannot be approved. */
  approve(id: string): Promise<SandboxRow | undefined>;
  /** The buyer cancels; undefined when it was already captured or voided. */
  cancel(id: string): Promise<SandboxRow | undefined>;
  /** The subscription with its plan's terms, as the approval page shows it; or undefined. */
  findSubscription(id: string): Promise<SandboxSubscriptionWithPlan | undefined>;
  /**
   * The buyer agrees (the page's button): APPROVAL_PENDING → ACTIVE, once. The first cycle is
   * billed at once unless start_time is in the future (then it is due at start_time). Undefined
   * when it could not be approved (not pending, or approved by another call).
   */
  approveSubscription(id: string): Promise<SandboxSubscriptionRow | undefined>;
  /** The revision asked of a subscription (its plan's terms), or undefined when none is. */
  findRevision(id: string): Promise<SandboxRevision | undefined>;
  /** The subscriber consents to the revision (once): true when this call consented. */
  approveRevision(id: string): Promise<boolean>;
  /** The subscriber declines the revision: dropped unless consented to before. */
  declineRevision(id: string): Promise<void>;
  /**
   * Development: runs the next billing of an ACTIVE subscription now (throws otherwise). Charges
   * the current cycle (`transactionId` undefined for a free one), or with `fail` records a failed
   * payment (SUSPENDED after FAILED_PAYMENTS_BEFORE_SUSPENSION in a row) and answers `{}`. A
   * cycle is charged once: of renewals running at the same moment, one charges and the others
   * answer `{}`. Past the last cycle the subscription EXPIRES.
   */
  renewSubscription(id: string, options?: { fail?: boolean }): Promise<{ transactionId?: string }>;
}
