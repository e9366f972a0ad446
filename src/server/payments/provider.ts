import 'server-only';
import type { BillingCycle } from './billing-cycles';

/**
 * What checkout needs from a payment provider. Two adapters implement it: PayPal's REST API
 * (`paypal.ts`) and the built-in sandbox (`sandbox.ts`), whose approval page is local.
 *
 * Amounts are decimal strings in the currency's major unit ('99.95'), never floats.
 * `requestId` is the idempotency key (PayPal-Request-Id): the same call with the same key
 * returns the first call's result instead of acting twice.
 */
export interface PaymentProvider {
  readonly name: 'paypal' | 'sandbox';
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Captures an approved order. Capturing an order that is already captured returns its capture. */
  captureOrder(providerOrderId: string, requestId: string): Promise<CaptureResult>;
  /** The order's state at the provider, to check before fulfilment. */
  getOrder(providerOrderId: string): Promise<ProviderOrder>;
  refundCapture(input: RefundInput): Promise<RefundResult>;
  /**
   * Checks that a webhook delivery really comes from the provider (PayPal: its
   * verify-webhook-signature endpoint). `rawBody` is the exact request body.
   */
  verifyWebhook(headers: Headers, rawBody: string): Promise<boolean>;
}

export interface CreateOrderInput {
  /** Our order id; PayPal keeps it as the purchase unit's custom_id and reference_id. */
  orderId: string;
  amount: string;
  currency: string;
  /** Shown to the buyer at the provider, e.g. 'Turbo VPN Premium, 24 months'. */
  description: string;
  returnUrl: string;
  cancelUrl: string;
  requestId: string;
  /** The buyer's language for the approval page, e.g. 'de-DE' (optional). */
  locale?: string;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** Where the buyer approves the payment (PayPal's payer-action link). */
  approveUrl: string;
}

/** PayPal's order statuses; the sandbox uses the same names. */
export type ProviderOrderStatus =
  | 'CREATED'
  | 'SAVED'
  | 'APPROVED'
  | 'VOIDED'
  | 'COMPLETED'
  | 'PAYER_ACTION_REQUIRED';

/** A capture's status: only COMPLETED means the money arrived. */
export type CaptureStatus =
  | 'COMPLETED'
  | 'PENDING'
  | 'DECLINED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export interface Capture {
  id: string;
  status: CaptureStatus;
  amount: string;
  currency: string;
}

export interface ProviderOrder {
  providerOrderId: string;
  status: ProviderOrderStatus;
  /** Our order id as sent in createOrder (custom_id). */
  orderId?: string;
  amount: string;
  currency: string;
  capture?: Capture;
}

export type CaptureResult =
  | { outcome: 'captured'; capture: Capture }
  /** The buyer has not approved yet (PayPal 422 ORDER_NOT_APPROVED): nothing happened. */
  | { outcome: 'not_approved' }
  /** The provider refused the payment (instrument declined, order voided…). */
  | { outcome: 'declined'; reason: string };

export interface RefundInput {
  captureId: string;
  /** Omitted: the whole capture. */
  amount?: string;
  currency: string;
  requestId: string;
  note?: string;
}

export interface RefundResult {
  refundId: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
}

/**
 * The provider could not be reached, timed out, or answered 5xx: nothing may be recorded as
 * paid. Checkout shows 'Network error, payment failed.' and a retry or webhook completes it.
 */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider answered with an error we did not expect (4xx other than the handled ones). */
export class ProviderRequestError extends Error {
  override name = 'ProviderRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
  ) {
    super(message);
  }
}

/**
 * What selling plans as subscriptions needs from a provider (PayPal's Catalog Products and
 * Subscriptions APIs): the catalogue's billing plans and the subscriptions made on them.
 */
export interface BillingProvider {
  /** Makes the catalogue product `id` unless it exists (idempotent). */
  ensureProduct(product: { id: string; name: string; description: string }): Promise<void>;
  /** Makes an active billing plan; the same `requestId` answers the same plan again. */
  createPlan(input: CreatePlanInput): Promise<{ providerPlanId: string }>;
  /** Stops a plan taking new subscriptions (those on it keep their terms). Idempotent. */
  deactivatePlan(providerPlanId: string): Promise<void>;
  /** Starts a subscription the buyer then approves at `approveUrl`. */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  getSubscription(providerSubscriptionId: string): Promise<ProviderSubscription>;
  /** Ends a subscription: no more charges. 'inactive' when it had ended already. */
  cancelSubscription(
    providerSubscriptionId: string,
    reason: string,
  ): Promise<'cancelled' | 'inactive'>;
  /**
   * Asks to bill an ACTIVE (or SUSPENDED) subscription on another plan from its next renewal
   * (PayPal's revise). Nothing changes until the subscriber consents at `approveUrl`; asking
   * again replaces a revision not yet consented to.
   */
  reviseSubscription(
    providerSubscriptionId: string,
    input: ReviseSubscriptionInput,
  ): Promise<{ approveUrl: string }>;
  /** The subscription's payments between two times, oldest first. */
  listTransactions(
    providerSubscriptionId: string,
    window: { from: Date; to: Date },
  ): Promise<ProviderTransaction[]>;
}

/** One payment of a subscription; its id is what a refund names (as a capture's). */
export interface ProviderTransaction {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: string;
  currency: string;
  time: Date;
}

export interface CreatePlanInput {
  productId: string;
  /** Shown to the buyer at the provider, e.g. 'Turbo VPN Premium, 24 months'. */
  name: string;
  currency: string;
  cycles: BillingCycle[];
  requestId: string;
}

export interface CreateSubscriptionInput {
  providerPlanId: string;
  /** Our reference, returned on every event about the subscription (PayPal's custom_id). */
  customId: string;
  /** When billing starts; omitted: at once, on approval. */
  startTime?: Date;
  returnUrl: string;
  cancelUrl: string;
  requestId: string;
  locale?: string;
}

export interface ReviseSubscriptionInput {
  providerPlanId: string;
  returnUrl: string;
  cancelUrl: string;
  locale?: string;
}

export interface CreatedSubscription {
  providerSubscriptionId: string;
  approveUrl: string;
}

/** PayPal's subscription statuses. */
export type ProviderSubscriptionStatus =
  | 'APPROVAL_PENDING'
  | 'APPROVED'
  | 'ACTIVE'
  | 'SUSPENDED'
  | 'CANCELLED'
  | 'EXPIRED';

export interface ProviderSubscription {
  providerSubscriptionId: string;
  status: ProviderSubscriptionStatus;
  providerPlanId: string;
  customId?: string;
  nextBillingTime?: Date;
  lastPayment?: { amount: string; currency: string; time: Date };
  failedPayments: number;
}
