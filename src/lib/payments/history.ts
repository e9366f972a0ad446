// The payment history and refund answers of the payments API (docs/api.md, Payments), shared by
// the server that builds them and the browser that shows them.

export type HistoryLabel = 'Paid' | 'Success' | 'Failed' | 'Refunded';

export interface HistoryEntry {
  id: string;
  /** A plan bought, a gift card bought, a subscription's renewal, a gift card redeemed. */
  kind: 'plan' | 'gift' | 'renewal' | 'redeem';
  label: HistoryLabel;
  date: string;
  amount: string;
  currency: string;
  plan_id: string;
  product_id: string;
  /** The receipt number a refund request quotes. */
  receipt: string;
  refund: { eligible: boolean; status: string | null };
}

/** What became of a refund request: paid back, waiting at the provider, or queued to send. */
export type RefundState = 'refunded' | 'pending' | 'queued';
