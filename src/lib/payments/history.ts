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
  /** The payment's PDF receipt and, once refunded, its credit note (none for a redeemed card). */
  documents: ReceiptLink[];
  refund: { eligible: boolean; status: string | null };
}

export interface ReceiptLink {
  type: 'receipt' | 'credit_note';
  /** 'R-000123', 'CN-000124' */
  number: string;
  /** GET …/web/receipts/{id}: the PDF, for the signed-in account only. */
  url: string;
}

/** What became of a refund request: paid back, waiting at the provider, or queued to send. */
export type RefundState = 'refunded' | 'pending' | 'queued';
