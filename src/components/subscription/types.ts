// The payments API answers these pages read (docs/api.md, Payments), as the browser sees them.
import type { Plan } from '@/lib/plans/types';

export type HistoryLabel = 'Paid' | 'Success' | 'Failed' | 'Refunded';
export type RefundState = 'refunded' | 'pending' | 'queued';

export interface HistoryItem {
  id: string;
  kind: 'plan' | 'gift' | 'redeem';
  label: HistoryLabel;
  /** ISO 8601. */
  date: string;
  amount: string;
  currency: string;
  plan_id: string;
  product_id: string;
  receipt: string;
  refund: { eligible: boolean; status: string | null };
}

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
  history: HistoryItem[];
}

/** POST gift/redeem */
export interface RedeemResult {
  plan_id: string;
  premium_until: string | null;
  email: string;
  signed_in: boolean;
  set_password: boolean;
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
