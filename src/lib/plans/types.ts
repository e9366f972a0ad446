// The pricing plan as the plans API sends it, and what the pages derive from it. Shared by the
// server (which answers with `Plan`) and the browser: nothing here may import server code.

export const intervalUnits = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalUnit = (typeof intervalUnits)[number];

/** One pricing plan of GET /api/mms/payment/v1/providers/plans. */
export interface Plan {
  /** The plan's id; a `plan` query value may name it (or its product_id). */
  id: string;
  /** The store's product id; may encode the period and extras (`v2.tvpn.web.vip.usd.24m.off65`). */
  product_id: string;
  /** The billing period: `interval_count` × `interval_unit`. */
  interval_count: number;
  interval_unit: IntervalUnit;
  /** Total for the period, a decimal string in the currency's major unit ('99.99'). */
  price: string;
  /** The per-month equivalent shown in large type, a decimal string ('4.17'). */
  price_unit: string;
  /** ISO 4217 code; the server sends 'USD' unless the plan says otherwise. */
  currency: string;
  /** Discount shown on the plan, in percent (0 for none). */
  discount_percent: number;
  /** The recommended ("best") plan, preselected when the URL names none. */
  is_recommend: boolean;
  /**
   * What the plan renews at when its first term ends, unless auto-renewal is turned off: this
   * price (a decimal string, same currency) for `renewal_interval_count` × `renewal_interval_unit`
   * (the plan's own period, at most a year; renewal.ts).
   */
  renewal_price: string;
  renewal_interval_count: number;
  renewal_interval_unit: IntervalUnit;
}

/** A count of one unit, e.g. 24 MONTH. */
export interface Period {
  count: number;
  unit: IntervalUnit;
}

/** What a `v2.` product id encodes (see product-id.ts for the format). */
export interface ParsedProductId {
  /** The sixth segment: the period the plan is sold for. */
  origin: Period;
  /** `off{N}`: the discount, 1–99 percent. */
  discountPercent?: number;
  /** `add{N}{unit}`: a bonus period given on top. */
  bonus?: Period;
  /** `try{N}{unit}`: a free trial before the first charge. */
  trial?: Period;
}

/** A plan with everything a pricing card shows, for one locale. */
export interface PlanView extends Plan {
  /** The discount from the product id's `off{N}`, else the server's discount_percent. */
  discount_percent_origin: number;
  /** The sold period: the product id's sixth segment, else interval_count/interval_unit. */
  originCount: number;
  originUnit: IntervalUnit;
  /** The bonus period (`add{N}{unit}`), when the product id has one. */
  addCount?: number;
  addUnit?: IntervalUnit;
  /** The free trial (`try{N}{unit}`), when the product id has one. */
  tryCount?: number;
  tryUnit?: IntervalUnit;
  /** The total, formatted for the locale and currency ('$99.99', '99,99 $'); null if unusable. */
  money: string | null;
  /** The per-month price (price_unit), formatted the same way; null if unusable. */
  monthly: string | null;
  /** Whole percent for a "Save N%" badge, 0–99; 0 means no badge. */
  savingsPercent: number;
}

/** The plans a page was rendered with, as GET providers/plans would answer them. */
export interface ServerPlans {
  plans: Plan[];
  /**
   * The X-From header of the page request when the server chose the plans with it (the
   * browser cannot read it); absent when it did not.
   */
  from?: string;
}
