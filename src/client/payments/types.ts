// The payments API's answers (docs/api.md, Payments) as the browser sees them.

import type { HistoryEntry } from '@/lib/payments/history';
import type { Plan } from '@/lib/plans/types';

// The history's shapes are the ones the server builds (src/lib/payments/history.ts).
export type {
  HistoryEntry as HistoryItem,
  HistoryLabel,
  RefundState,
} from '@/lib/payments/history';

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

/** POST web/checkout: the order and where the buyer approves it. */
export interface StartedOrder extends OrderState {
  approve_url: string;
  provider: string;
}

/** POST web/checkout/:id/capture */
export interface CapturedOrder extends OrderState {
  /** cancelled: the buyer gave up, here or at PayPal. */
  state: 'paid' | 'pending' | 'cancelled';
  /** The buyer's account was made by this checkout and is now signed in to choose a password. */
  set_password: boolean;
  /** Paid for an account without a password that this browser cannot be signed in to. */
  verify_email: boolean;
}

/** The body of POST web/checkout. */
export interface StartInput {
  plan_id: string;
  /** plan: premium time for the buyer; gift: a gift card code. */
  kind: 'plan' | 'gift';
  /** Only without a session: the buyer's email. */
  email?: string;
  platform: string;
  language: string;
}

export interface SubscriptionInfo {
  plan_id: string;
  product_id: string;
  /**
   * 'active' | 'past_due' | 'cancelled' (runs to its end, no renewal) | 'expired' | 'refunded'
   * (its purchase was paid back and its time taken back)
   */
  status: 'active' | 'past_due' | 'cancelled' | 'expired' | 'refunded';
  premium_until: string;
  /** 'website' | 'app_store' | 'google_play' (where the current period was bought). */
  source: string;
  /** The plan renews at `next_renewal_at` for `renewal_price` unless turned off. */
  auto_renew: boolean;
  next_renewal_at: string | null;
  renewal_price: string | null;
  renewal_currency: string | null;
  /** The plan it renews as (while it renews), before any change. */
  renewal_plan_id: string | null;
  /**
   * A plan change approved to take effect at the next renewal (its product id names it);
   * `renewal_price` is then that plan's.
   */
  pending_plan_id: string | null;
  pending_product_id: string | null;
  /** status 'past_due': premium is kept until then while the payment is retried. */
  grace_until: string | null;
}

/** GET web/subscription_my */
export interface SubscriptionMy {
  is_premium: boolean;
  subscription: SubscriptionInfo | null;
  history: HistoryEntry[];
}

/** The body of POST gift/redeem. */
export interface RedeemInput {
  code: string;
  /** Only without a session: the account the code is for. */
  email?: string;
  /** The page's language: the welcome mail of an account the redemption makes is in it. */
  language?: string;
}

/** POST gift/redeem */
export interface RedeemResult {
  plan_id: string;
  premium_until: string | null;
  email: string;
  signed_in: boolean;
  set_password: boolean;
  /** Redeemed for an account without a password that this browser is not signed in to. */
  verify_email?: boolean;
}

/** GET promotion: the running promotion, or the last one (then `active` is false). */
export interface PromotionInfo {
  id: string;
  active: boolean;
  starts_at: string;
  ends_at: string;
  money_back_days: number;
  plan: Plan;
}
