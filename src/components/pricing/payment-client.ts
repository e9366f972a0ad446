// The payments API as the purchase pages call it. Every call is quiet: these pages show each
// failure in their own status message, so the global error toast must not repeat it.
import { sessionEndedCodes } from '@/client/api-feedback';
import { type ApiClient, ApiRequestError, api } from '@/client/http';
import { validationTexts } from '@/lib/password-rules';

export const paymentApi = '/api/mms/payment/v1';

/** An order as GET web/checkout/:id answers it. */
export interface OrderState {
  order_id: string;
  status: string;
  kind: string;
  plan_id: string;
  product_id: string;
  amount: string;
  currency: string;
  platform: string;
  paid_at: string | null;
  email: string;
  premium_until: string | null;
  gift_code: string | null;
}

export interface StartedOrder extends OrderState {
  approve_url: string;
  provider: string;
}

export interface CapturedOrder extends OrderState {
  /** cancelled: the buyer gave up, here or at PayPal. */
  state: 'paid' | 'pending' | 'cancelled';
  /** The buyer's account was made by this checkout and is now signed in to choose a password. */
  set_password: boolean;
  /** Paid for an account without a password that this browser cannot be signed in to. */
  verify_email: boolean;
}

export interface StartInput {
  plan_id: string;
  email?: string;
  platform: string;
  language: string;
}

export function startOrder(input: StartInput, client: ApiClient = api): Promise<StartedOrder> {
  return client.request<StartedOrder>(`${paymentApi}/web/checkout`, {
    method: 'POST',
    body: { ...input, kind: 'plan' },
    quiet: true,
  });
}

const orderPath = (id: string) => `${paymentApi}/web/checkout/${encodeURIComponent(id)}`;

export function captureOrder(id: string, client: ApiClient = api): Promise<CapturedOrder> {
  return client.request<CapturedOrder>(`${orderPath(id)}/capture`, {
    method: 'POST',
    quiet: true,
  });
}

export function cancelOrder(id: string, client: ApiClient = api): Promise<OrderState> {
  return client.request<OrderState>(`${orderPath(id)}/cancel`, { method: 'POST', quiet: true });
}

export function getOrder(id: string, client: ApiClient = api): Promise<OrderState> {
  return client.request<OrderState>(orderPath(id), { quiet: true });
}

/** What went wrong, as the pages word it (a `Checkout.errors` message key). */
export type PaymentProblem =
  | 'alreadyPurchased'
  | 'hasAccount'
  | 'notApproved'
  | 'paymentFailed'
  | 'networkError'
  | 'blockedRegion'
  | 'planNotFound'
  | 'orderNotFound'
  | 'emailRequired'
  | 'emailInvalid'
  | 'signInExpired'
  | 'generic';

const byCode: Record<number, PaymentProblem> = {
  40902: 'alreadyPurchased',
  40903: 'hasAccount',
  40904: 'notApproved',
  40201: 'paymentFailed',
  50301: 'networkError',
  451: 'blockedRegion',
  40402: 'planNotFound',
  40403: 'orderNotFound',
};

/** The problem behind a failed call; anything that is not an API answer counts as generic. */
export function problemOf(error: unknown): PaymentProblem {
  if (!(error instanceof ApiRequestError)) return 'generic';
  // No answer at all (offline, timeout): the spec's network message.
  if (error.status === 0) return 'networkError';
  const { code, message } = error.body;
  const known = byCode[code];
  if (known) return known;
  if (sessionEndedCodes.has(code) || code === 401 || code === 403) return 'signInExpired';
  if (message === validationTexts.emailRequired) return 'emailRequired';
  if (message.includes(validationTexts.emailInvalid)) return 'emailInvalid';
  return 'generic';
}

export type PollOutcome = 'paid' | 'failed' | 'timeout' | 'aborted';

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  client?: ApiClient;
}

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
      const order = await getOrder(id, client);
      if (order.status === 'paid' || order.status === 'refunded') return 'paid';
      if (order.status === 'failed' || order.status === 'cancelled') return 'failed';
    } catch {
      // A lost answer says nothing about the payment; the next round asks again.
    }
  }
  return 'timeout';
}
