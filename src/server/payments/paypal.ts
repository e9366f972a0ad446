import 'server-only';
import type { z } from 'zod';
import type { Config } from '@/server/config';
import type { BillingCycle } from './billing-cycles';
import {
  billingPlanSchema,
  errorSchema,
  orderSchema,
  type PayPalApplicationContext,
  type PayPalBillingCycle,
  type PayPalExperienceContext,
  type PayPalOrder,
  type PayPalOrderRequest,
  type PayPalPlanRequest,
  type PayPalRefundRequest,
  type PayPalRevisionRequest,
  type PayPalSubscription,
  type PayPalSubscriptionRequest,
  refundSchema,
  revisionSchema,
  subscriptionSchema,
  tokenSchema,
  transactionsSchema,
  verificationSchema,
} from './paypal-wire';
import {
  type BillingProvider,
  type Capture,
  type CaptureResult,
  type CreatedOrder,
  type CreatedSubscription,
  type CreateOrderInput,
  type CreatePlanInput,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderOrder,
  ProviderRequestError,
  type ProviderSubscription,
  type ProviderTransaction,
  ProviderUnavailableError,
  type RefundInput,
  type RefundResult,
  type ReviseSubscriptionInput,
} from './provider';

/**
 * PayPal's REST API (Orders v2, Payments v2, Catalog Products v1, Subscriptions v1, webhook
 * verification) over fetch, without SDK.
 * Tests point `baseUrl` at the local fake PayPal server (tests/support/fake-paypal.ts).
 */
export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com or a fake server's URL. */
  baseUrl: string;
  /** The webhook subscription's id; without it no delivery is accepted as genuine. */
  webhookId?: string;
  /** Longest wait for one HTTP call to PayPal. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Clock for the access token's lifetime (milliseconds since the epoch). */
  now?: () => number;
}

export const PAYPAL_API_BASES = {
  production: 'https://api-m.paypal.com',
  sandbox: 'https://api-m.sandbox.paypal.com',
} as const;

type PayPalSettings = Pick<
  Config,
  | 'PAYPAL_CLIENT_ID'
  | 'PAYPAL_CLIENT_SECRET'
  | 'PAYPAL_ENV'
  | 'PAYPAL_API_BASE'
  | 'PAYPAL_WEBHOOK_ID'
  | 'PAYMENT_TIMEOUT_MS'
>;

/** The adapter's options from the settings, or undefined when PayPal is not configured. */
export function paypalOptionsFromConfig(settings: PayPalSettings): PayPalOptions | undefined {
  if (!settings.PAYPAL_CLIENT_ID || !settings.PAYPAL_CLIENT_SECRET) return undefined;
  return {
    clientId: settings.PAYPAL_CLIENT_ID,
    clientSecret: settings.PAYPAL_CLIENT_SECRET,
    baseUrl: settings.PAYPAL_API_BASE ?? PAYPAL_API_BASES[settings.PAYPAL_ENV],
    webhookId: settings.PAYPAL_WEBHOOK_ID,
    timeoutMs: settings.PAYMENT_TIMEOUT_MS,
  };
}

// PayPal's limits on the purchase unit's description, the refund's note to the payer, a
// catalogue product's or plan's name and a cancellation's reason.
const DESCRIPTION_MAX = 127;
const NOTE_MAX = 255;
const PRODUCT_NAME_MAX = 127;
const CANCEL_REASON_MAX = 127;

/** A locale PayPal accepts ('de-DE', 'zh-Hant-TW'); others are left out, not sent. */
const PAYPAL_LOCALE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/** Where the subscriber of a new subscription or a revision returns, and their language. */
function applicationContext(input: {
  returnUrl: string;
  cancelUrl: string;
  locale?: string;
}): PayPalApplicationContext {
  return {
    brand_name: 'Turbo VPN',
    shipping_preference: 'NO_SHIPPING',
    user_action: 'SUBSCRIBE_NOW',
    return_url: input.returnUrl,
    cancel_url: input.cancelUrl,
    ...(input.locale && PAYPAL_LOCALE.test(input.locale) ? { locale: input.locale } : {}),
  };
}

/**
 * Failed renewals in a row after which PayPal suspends a subscription (it retries each one);
 * PayPal's own default for a plan is 0, never.
 */
export const FAILED_PAYMENTS_BEFORE_SUSPENSION = 3;

// Capture refusals (422) that are the buyer's or the payment's fault, not a bug of ours.
const REFUSAL_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'PAYEE_BLOCKED_TRANSACTION',
  'COMPLIANCE_VIOLATION',
  'CARD_EXPIRED',
  'CARD_CLOSED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'PAYER_ACCOUNT_RESTRICTED',
  'ORDER_EXPIRED',
]);

interface Answer {
  status: number;
  body: unknown;
  issue?: string;
  debugId?: string;
}

interface CallInit {
  headers?: Record<string, string>;
  body?: string;
}

export function createPayPalProvider(options: PayPalOptions): PaymentProvider & BillingProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; refreshAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  // One HTTP exchange. Network errors, timeouts, 429 and 5xx become ProviderUnavailableError;
  // messages name the call and PayPal's debug id, never credentials or tokens.
  async function send(method: string, path: string, init: RequestInit): Promise<Answer> {
    const where = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error: unknown) {
      throw new ProviderUnavailableError(
        `PayPal ${where} failed: ${failureReason(error, options.timeoutMs)}`,
      );
    }
    const body = parseJson(text);
    const problem = errorSchema.safeParse(body);
    const answer: Answer = { status, body };
    if (status >= 400 && problem.success) {
      answer.issue = problem.data.details?.[0]?.issue ?? problem.data.name ?? problem.data.error;
      answer.debugId = problem.data.debug_id;
    }
    if (status >= 500 || status === 429) {
      throw new ProviderUnavailableError(`PayPal answered ${status} to ${where}${suffix(answer)}`);
    }
    return answer;
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await send('POST', '/v1/oauth2/token', {
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200) {
      throw new ProviderRequestError(
        `PayPal refused the access token request (${answer.status}${suffix(answer)})`,
        answer.status,
        answer.issue,
      );
    }
    const parsed = tokenSchema.safeParse(answer.body);
    if (!parsed.success) throw new ProviderUnavailableError('PayPal sent no usable access token');
    // Renew a minute before expiry (or halfway through a short lifetime).
    const lifetimeMs = parsed.data.expires_in * 1000;
    const margin = Math.min(60_000, lifetimeMs / 2);
    token = { value: parsed.data.access_token, refreshAt: now() + lifetimeMs - margin };
    return token.value;
  }

  // The cached token, or one fresh request shared by every caller waiting for it.
  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  // An authenticated API call. A 401 means the token expired or was revoked early: drop it and
  // try once more with a new one (the request was not processed, so repeating it is safe).
  async function call(method: string, path: string, init: CallInit = {}): Promise<Answer> {
    for (let attempt = 1; ; attempt += 1) {
      const used = await accessToken();
      const answer = await send(method, path, {
        headers: {
          authorization: `Bearer ${used}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body,
      });
      if (answer.status !== 401 || attempt === 2) return answer;
      if (token?.value === used) token = undefined;
    }
  }

  function unexpected(method: string, path: string, answer: Answer): ProviderRequestError {
    return new ProviderRequestError(
      `PayPal answered ${answer.status} to ${method} ${path}${suffix(answer)}`,
      answer.status,
      answer.issue,
    );
  }

  async function readOrder(providerOrderId: string): Promise<PayPalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
    const answer = await call('GET', path);
    if (answer.status !== 200) throw unexpected('GET', path, answer);
    return parseOrThrow(orderSchema, answer.body, `GET ${path}`);
  }

  async function readSubscription(id: string): Promise<PayPalSubscription> {
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}`;
    const answer = await call('GET', path);
    if (answer.status !== 200) throw unexpected('GET', path, answer);
    return parseOrThrow(subscriptionSchema, answer.body, `GET ${path}`);
  }

  return {
    name: 'paypal',

    async ensureProduct(product): Promise<void> {
      const path = `/v1/catalogs/products/${encodeURIComponent(product.id)}`;
      const found = await call('GET', path);
      if (found.status === 200) return;
      if (found.status !== 404) throw unexpected('GET', path, found);
      const made = await call('POST', '/v1/catalogs/products', {
        headers: { 'paypal-request-id': `product-${product.id}` },
        body: JSON.stringify({
          id: product.id,
          name: truncate(product.name, PRODUCT_NAME_MAX),
          description: truncate(product.description, DESCRIPTION_MAX),
          type: 'SERVICE',
          category: 'SOFTWARE',
        }),
      });
      // Another instance made it meanwhile: it exists, which is all we asked for.
      if (made.status === 422 && made.issue === 'DUPLICATE_RESOURCE_IDENTIFIER') return;
      if (made.status !== 200 && made.status !== 201) {
        throw unexpected('POST', '/v1/catalogs/products', made);
      }
    },

    async createPlan(input: CreatePlanInput): Promise<{ providerPlanId: string }> {
      const path = '/v1/billing/plans';
      const request: PayPalPlanRequest = {
        product_id: input.productId,
        name: truncate(input.name, PRODUCT_NAME_MAX),
        status: 'ACTIVE',
        billing_cycles: input.cycles.map((cycle, index) =>
          paypalCycle(cycle, index + 1, input.currency),
        ),
        payment_preferences: {
          // PayPal retries a failed renewal and adds it to the next bill; after
          // FAILED_PAYMENTS_BEFORE_SUSPENSION failures in a row it suspends the subscription.
          auto_bill_outstanding: true,
          setup_fee_failure_action: 'CANCEL',
          payment_failure_threshold: FAILED_PAYMENTS_BEFORE_SUSPENSION,
        },
      };
      const answer = await call('POST', path, {
        headers: { 'paypal-request-id': input.requestId },
        body: JSON.stringify(request),
      });
      if (answer.status !== 200 && answer.status !== 201) throw unexpected('POST', path, answer);
      return { providerPlanId: parseOrThrow(billingPlanSchema, answer.body, `POST ${path}`).id };
    },

    async deactivatePlan(providerPlanId: string): Promise<void> {
      const path = `/v1/billing/plans/${encodeURIComponent(providerPlanId)}/deactivate`;
      const answer = await call('POST', path, { body: '{}' });
      // 422: it is not active any more (deactivated before), which is what we want.
      if (answer.status === 204 || answer.status === 200 || answer.status === 422) return;
      throw unexpected('POST', path, answer);
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const path = '/v1/billing/subscriptions';
      const request: PayPalSubscriptionRequest = {
        plan_id: input.providerPlanId,
        custom_id: input.customId,
        ...(input.startTime ? { start_time: input.startTime.toISOString() } : {}),
        application_context: applicationContext(input),
      };
      const answer = await call('POST', path, {
        headers: { 'paypal-request-id': input.requestId },
        body: JSON.stringify(request),
      });
      if (answer.status !== 200 && answer.status !== 201) throw unexpected('POST', path, answer);
      const made = parseOrThrow(subscriptionSchema, answer.body, `POST ${path}`);
      const approve = made.links?.find((l) => l.rel === 'approve');
      if (!approve) {
        throw new ProviderUnavailableError(`PayPal subscription ${made.id} has no approval link`);
      }
      return { providerSubscriptionId: made.id, approveUrl: approve.href };
    },

    async getSubscription(id: string): Promise<ProviderSubscription> {
      return subscriptionOf(await readSubscription(id));
    },

    async reviseSubscription(id: string, input: ReviseSubscriptionInput) {
      const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`;
      const request: PayPalRevisionRequest = {
        plan_id: input.providerPlanId,
        application_context: applicationContext(input),
      };
      const answer = await call('POST', path, { body: JSON.stringify(request) });
      if (answer.status !== 200) throw unexpected('POST', path, answer);
      const revision = parseOrThrow(revisionSchema, answer.body, `POST ${path}`);
      const approve = revision.links?.find((l) => l.rel === 'approve');
      if (!approve) {
        throw new ProviderUnavailableError(`PayPal revision of ${id} has no approval link`);
      }
      return { approveUrl: approve.href };
    },

    async cancelSubscription(id: string, reason: string): Promise<'cancelled' | 'inactive'> {
      const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`;
      const answer = await call('POST', path, {
        body: JSON.stringify({ reason: truncate(reason, CANCEL_REASON_MAX) }),
      });
      if (answer.status === 204 || answer.status === 200) return 'cancelled';
      if (answer.status === 422 && answer.issue === 'SUBSCRIPTION_STATUS_INVALID') {
        const current = await readSubscription(id);
        if (current.status === 'CANCELLED' || current.status === 'EXPIRED') return 'inactive';
      }
      throw unexpected('POST', path, answer);
    },

    async listTransactions(id, window): Promise<ProviderTransaction[]> {
      const query = new URLSearchParams({
        start_time: window.from.toISOString(),
        end_time: window.to.toISOString(),
      });
      const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`;
      const answer = await call('GET', path);
      if (answer.status !== 200) throw unexpected('GET', path, answer);
      const list = parseOrThrow(transactionsSchema, answer.body, `GET ${path}`);
      return (list.transactions ?? [])
        .map((t) => ({
          id: t.id,
          status: t.status,
          amount: t.amount_with_breakdown.gross_amount.value,
          currency: t.amount_with_breakdown.gross_amount.currency_code,
          time: new Date(t.time),
        }))
        .sort((a, b) => a.time.getTime() - b.time.getTime());
    },

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const path = '/v2/checkout/orders';
      const answer = await call('POST', path, {
        headers: { 'paypal-request-id': input.requestId },
        body: JSON.stringify(orderRequest(input)),
      });
      if (answer.status !== 200 && answer.status !== 201) throw unexpected('POST', path, answer);
      const order = parseOrThrow(orderSchema, answer.body, `POST ${path}`);
      const link =
        order.links?.find((l) => l.rel === 'payer-action') ??
        order.links?.find((l) => l.rel === 'approve');
      if (!link)
        throw new ProviderUnavailableError(`PayPal order ${order.id} has no approval link`);
      return { providerOrderId: order.id, approveUrl: link.href };
    },

    async captureOrder(providerOrderId: string, requestId: string): Promise<CaptureResult> {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`;
      const answer = await call('POST', path, {
        headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
        body: '{}',
      });
      if (answer.status === 200 || answer.status === 201) {
        return captureOutcome(parseOrThrow(orderSchema, answer.body, `POST ${path}`));
      }
      const issue = answer.issue ?? '';
      if (answer.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        return captureOutcome(await readOrder(providerOrderId));
      }
      if (
        answer.status === 422 &&
        (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED')
      ) {
        return { outcome: 'not_approved' };
      }
      // Another capture of this order is still running at PayPal: retrying later settles it.
      if (answer.status === 422 && issue === 'ORDER_COMPLETION_IN_PROGRESS') {
        throw new ProviderUnavailableError(`PayPal is still completing order ${providerOrderId}`);
      }
      if (answer.status === 422 && REFUSAL_ISSUES.has(issue)) {
        return { outcome: 'declined', reason: issue };
      }
      if (answer.status === 404)
        return { outcome: 'declined', reason: issue || 'RESOURCE_NOT_FOUND' };
      throw unexpected('POST', path, answer);
    },

    async getOrder(providerOrderId: string): Promise<ProviderOrder> {
      const order = await readOrder(providerOrderId);
      const unit = order.purchase_units?.[0];
      if (!unit?.amount)
        throw new ProviderUnavailableError(`PayPal order ${order.id} has no amount`);
      const capture = pickCapture(order);
      return {
        providerOrderId: order.id,
        status: order.status,
        ...(unit.custom_id === undefined ? {} : { orderId: unit.custom_id }),
        amount: unit.amount.value,
        currency: unit.amount.currency_code,
        ...(capture ? { capture } : {}),
      };
    },

    async refundCapture(input: RefundInput): Promise<RefundResult> {
      const path = `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`;
      const body: PayPalRefundRequest = {};
      if (input.amount !== undefined) {
        body.amount = { value: input.amount, currency_code: input.currency };
      }
      const note = input.note?.trim();
      if (note) body.note_to_payer = truncate(note, NOTE_MAX);
      const answer = await call('POST', path, {
        headers: { 'paypal-request-id': input.requestId },
        body: JSON.stringify(body),
      });
      if (answer.status !== 200 && answer.status !== 201) throw unexpected('POST', path, answer);
      const refund = parseOrThrow(refundSchema, answer.body, `POST ${path}`);
      return { refundId: refund.id, status: refund.status };
    },

    async verifyWebhook(headers: Headers, rawBody: string): Promise<boolean> {
      const transmission = {
        auth_algo: headers.get('paypal-auth-algo'),
        cert_url: headers.get('paypal-cert-url'),
        transmission_id: headers.get('paypal-transmission-id'),
        transmission_sig: headers.get('paypal-transmission-sig'),
        transmission_time: headers.get('paypal-transmission-time'),
      };
      if (Object.values(transmission).some((value) => !value)) return false;
      if (!options.webhookId) return false;
      const event = parseJson(rawBody);
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return false;
      // The event goes to PayPal byte for byte as received: re-serialising it could change
      // number or escape formatting and break the signature PayPal computed over the original.
      const fields = JSON.stringify({ ...transmission, webhook_id: options.webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawBody.trim()}}`;
      const path = '/v1/notifications/verify-webhook-signature';
      const answer = await call('POST', path, { body });
      // 400/422: PayPal found the transmission headers malformed, so they prove nothing.
      if (answer.status === 400 || answer.status === 422) return false;
      if (answer.status !== 200) throw unexpected('POST', path, answer);
      const parsed = verificationSchema.safeParse(answer.body);
      return parsed.success && parsed.data.verification_status === 'SUCCESS';
    },
  };
}

function paypalCycle(cycle: BillingCycle, sequence: number, currency: string): PayPalBillingCycle {
  return {
    frequency: { interval_unit: cycle.period.unit, interval_count: cycle.period.count },
    tenure_type: cycle.kind === 'trial' ? 'TRIAL' : 'REGULAR',
    sequence,
    total_cycles: cycle.count,
    ...(cycle.price === null
      ? {}
      : { pricing_scheme: { fixed_price: { value: cycle.price, currency_code: currency } } }),
  };
}

function subscriptionOf(subscription: PayPalSubscription): ProviderSubscription {
  const billing = subscription.billing_info;
  const last = billing?.last_payment;
  return {
    providerSubscriptionId: subscription.id,
    status: subscription.status,
    providerPlanId: subscription.plan_id,
    ...(subscription.custom_id === undefined ? {} : { customId: subscription.custom_id }),
    ...(billing?.next_billing_time ? { nextBillingTime: new Date(billing.next_billing_time) } : {}),
    ...(last
      ? {
          lastPayment: {
            amount: last.amount.value,
            currency: last.amount.currency_code,
            time: new Date(last.time),
          },
        }
      : {}),
    failedPayments: billing?.failed_payments_count ?? 0,
  };
}

function orderRequest(input: CreateOrderInput): PayPalOrderRequest {
  const description = truncate(input.description.trim(), DESCRIPTION_MAX);
  const context: PayPalExperienceContext = {
    brand_name: 'Turbo VPN',
    user_action: 'PAY_NOW',
    shipping_preference: 'NO_SHIPPING',
    return_url: input.returnUrl,
    cancel_url: input.cancelUrl,
  };
  // PayPal rejects the whole order for a malformed locale; the page's language is not worth that.
  if (input.locale && PAYPAL_LOCALE.test(input.locale)) {
    context.locale = input.locale;
  }
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.orderId,
        custom_id: input.orderId,
        ...(description ? { description } : {}),
        amount: { currency_code: input.currency, value: input.amount },
      },
    ],
    payment_source: { paypal: { experience_context: context } },
  };
}

// A completed capture wins over earlier failed attempts; otherwise the latest one counts.
function pickCapture(order: PayPalOrder): Capture | undefined {
  const unit = order.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const chosen = captures.find((c) => c.status === 'COMPLETED') ?? captures.at(-1);
  if (!chosen) return undefined;
  const amount = chosen.amount ?? unit?.amount;
  if (!amount) throw new ProviderUnavailableError(`PayPal capture ${chosen.id} has no amount`);
  return {
    id: chosen.id,
    status: chosen.status,
    amount: amount.value,
    currency: amount.currency_code,
  };
}

// A PENDING capture is still 'captured' (its status tells the caller the money has not arrived).
function captureOutcome(order: PayPalOrder): CaptureResult {
  const capture = pickCapture(order);
  if (!capture) throw new ProviderUnavailableError(`PayPal order ${order.id} has no capture`);
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    const chosen = order.purchase_units?.[0]?.payments?.captures?.find((c) => c.id === capture.id);
    return {
      outcome: 'declined',
      reason: chosen?.status_details?.reason ?? `CAPTURE_${capture.status}`,
    };
  }
  return { outcome: 'captured', capture };
}

/** Cuts text to at most `max` UTF-16 units without splitting a character, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown, where: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderUnavailableError(`PayPal sent an unreadable answer to ${where}`);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function suffix(answer: Answer): string {
  return `${answer.issue ? ` ${answer.issue}` : ''}${answer.debugId ? ` (debug id ${answer.debugId})` : ''}`;
}

// Why a fetch failed, in words that cannot contain request headers or bodies.
function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  return code ? `network error (${code})` : 'network error';
}
