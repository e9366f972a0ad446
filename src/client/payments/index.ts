// The browser's client of the payments API (/api/mms/payment/v1), on the site's request helper
// (src/client/http.ts): every call the checkout, gift card and account pages make, with the
// answers' types. The plan list is the one exception: src/client/plans-cache.ts is the only
// browser code that requests it (its test checks so), and the purchase islands load it there.
import { type ApiClient, api, type RequestOptions } from '@/client/http';
import type {
  CapturedOrder,
  OrderState,
  RedeemInput,
  RedeemResult,
  RefundState,
  StartedOrder,
  StartInput,
  SubscriptionMy,
} from './types';

export { type PaymentProblem, problemOf } from './problems';
export type {
  CapturedOrder,
  HistoryItem,
  HistoryLabel,
  OrderState,
  PromotionInfo,
  RedeemInput,
  RedeemResult,
  RefundState,
  StartedOrder,
  StartInput,
  SubscriptionInfo,
  SubscriptionMy,
} from './types';

const base = '/api/mms/payment/v1';
const orderPath = (id: string) => `${base}/web/checkout/${encodeURIComponent(id)}`;

export type PollOutcome = 'paid' | 'failed' | 'timeout' | 'aborted';

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  client?: ApiClient;
}

/**
 * The payments API on `client`. The purchase calls are quiet: those pages show each failure in
 * their own status message, so the global error toast must not repeat it.
 */
export function createPaymentApi(client: ApiClient = api) {
  return {
    /** POST web/checkout: a new order (a plan, or a gift card) and its approval address. */
    startCheckout: (input: StartInput) =>
      client.request<StartedOrder>(`${base}/web/checkout`, {
        method: 'POST',
        body: input,
        quiet: true,
      }),
    /** GET web/checkout/:id: the order's state. */
    order: (id: string) => client.request<OrderState>(orderPath(id), { quiet: true }),
    /** POST web/checkout/:id/capture: takes the approved payment (answered at once when paid). */
    capture: (id: string) =>
      client.request<CapturedOrder>(`${orderPath(id)}/capture`, { method: 'POST', quiet: true }),
    /** POST web/checkout/:id/cancel: the buyer gave up. */
    cancel: (id: string) =>
      client.request<OrderState>(`${orderPath(id)}/cancel`, { method: 'POST', quiet: true }),
    /** Follows an order the provider still holds (see pollOrder). */
    pollOrder: (id: string, options: Omit<PollOptions, 'client'> = {}) =>
      pollOrder(id, { ...options, client }),
    /** GET web/subscription_my: the account's premium status and payment history. */
    subscription: () => client.request<SubscriptionMy>(`${base}/web/subscription_my`),
    /** POST web/subscription/auto_renew: turns the plan's auto-renewal off (the answer: as GET). */
    /** On: `approve_url` when the subscriber must approve the new subscription at PayPal. */
    setAutoRenew: (enabled: boolean, language?: string) =>
      client.request<SubscriptionMy & { approve_url?: string }>(
        `${base}/web/subscription/auto_renew`,
        {
          method: 'POST',
          quiet: true,
          body: { enabled, ...(language ? { language } : {}) },
        },
      ),
    /**
     * POST web/subscription/plan: renew as another plan from the next renewal (`approve_url`:
     * where the subscriber approves it at PayPal); with `approved`, back from there: recorded.
     */
    changePlan: (input: { plan_id: string; approved?: boolean; language?: string }) =>
      client.request<SubscriptionMy & { approve_url?: string }>(`${base}/web/subscription/plan`, {
        method: 'POST',
        quiet: true,
        body: input,
      }),
    /** POST web/refund: the money-back request for one purchase (its refusals shown by the page). */
    refund: (input: { order_id: string; reason: string }) =>
      client.request<{ status: RefundState }>(`${base}/web/refund`, {
        method: 'POST',
        quiet: true,
        body: input,
      }),
    /** POST gift/redeem; `quiet` as the redeem form chooses (see useServerError). */
    redeemGift: (input: RedeemInput, quiet: RequestOptions['quiet']) =>
      client.request<RedeemResult>(`${base}/gift/redeem`, { method: 'POST', quiet, body: input }),
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;

/** The payments API on the site's client. */
export const paymentApi: PaymentApi = createPaymentApi();

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows a payment the provider still holds (capture answered `pending`): asks for the order
 * every 3 s until it is paid or ended, for at most 2 minutes. A failed request is asked again.
 */
export async function pollOrder(id: string, options: PollOptions = {}): Promise<PollOutcome> {
  const { intervalMs = 3000, timeoutMs = 120_000, signal, client = api } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await pause(intervalMs, signal);
    if (signal?.aborted) return 'aborted';
    try {
      const order = await client.request<OrderState>(orderPath(id), { quiet: true });
      if (order.status === 'paid' || order.status === 'refunded') return 'paid';
      if (order.status === 'failed' || order.status === 'cancelled') return 'failed';
    } catch {
      // A lost answer says nothing about the payment; the next round asks again.
    }
  }
  return 'timeout';
}
