// The payments API answers these pages read (docs/api.md, Payments), as the browser sees them.
import type { Plan } from '@/lib/plans/types';
import type { HistoryEntry } from '@/server/payments/account-payments';

// The history's shapes are the server's own (type-only imports: no server code reaches the browser).
export type {
  HistoryEntry as HistoryItem,
  HistoryLabel,
} from '@/server/payments/account-payments';
export type { RefundState } from '@/server/payments/refunds';

export interface SubscriptionInfo {
  plan_id: string;
  product_id: string;
  status: string;
  premium_until: string;
  /** 'website' | 'app_store' | 'google_play' (where the current period was bought). */
  source: string;
}

/** GET web/subscription_my */
export interface SubscriptionMy {
  is_premium: boolean;
  subscription: SubscriptionInfo | null;
  history: HistoryEntry[];
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

export const paymentApi = '/api/mms/payment/v1';

/** GET promotion: the running promotion, or the last one (then `active` is false). */
export interface PromotionInfo {
  id: string;
  active: boolean;
  starts_at: string;
  ends_at: string;
  money_back_days: number;
  plan: Plan;
}
