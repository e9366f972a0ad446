// A plan as the purchase pages show it: names and prices already formatted for the page's
// locale on the server, so the checkout island ships no plan or currency logic. Shared by
// server and client code: nothing here may import server modules.

export interface PlanOption {
  id: string;
  /** The store's product id; a `plan` query value may name it instead of the id. */
  productId: string;
  /** The period sold, e.g. "24 months". */
  period: string;
  /** "+3 months free", when the product id has a bonus. */
  bonus?: string;
  /** "7-day free trial", when the product id has a trial. */
  trial?: string;
  /** The per-month price, e.g. "$4.17". */
  monthly: string;
  /** The total paid, e.g. "$99.99". */
  money: string;
  /** ISO 4217 code of both prices. */
  currency: string;
  /** Whole percent off for the "Save N%" badge; 0 for none. */
  savingsPercent: number;
  recommended: boolean;
}
