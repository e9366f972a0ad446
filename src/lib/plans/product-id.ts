// The `v2.` product id format: dot-separated segments, 'v2' first. The sixth segment is the
// period sold, `{N}{unit}` with unit d, w, m or y (`v2.tvpn.web.vip.usd.24m.off65` → 24 MONTH).
// Later segments may add `off{N}` (discount percent), `add{N}{unit}` (bonus period) and
// `try{N}{unit}` (free trial), in any order; other segments are tags and are ignored.
// Anything malformed makes the whole id unusable (null), so a typo never shows a wrong offer.
import { formatMoney } from './money';
import type { IntervalUnit, ParsedProductId, Period, Plan, PlanView } from './types';

const unitByLetter = { d: 'DAY', w: 'WEEK', m: 'MONTH', y: 'YEAR' } as const;

/** The longest period a segment may name, about ten years in each unit: more is a typo. */
const maxCount: Record<IntervalUnit, number> = { DAY: 3660, WEEK: 522, MONTH: 120, YEAR: 10 };

const maxIdLength = 200;
/** Printable ASCII without spaces: whitespace and non-ASCII characters mean a corrupted id. */
const idCharacters = /^[\x21-\x7e]+$/;
/** `{N}{unit}` with N written canonically (no sign, no leading zero, at most four digits). */
const periodPattern = /^([1-9]\d{0,3})([dwmy])$/;
const percentPattern = /^[1-9]\d?$/;
/**
 * A segment is an extra when its keyword is followed by anything but a letter ('off65',
 * 'off-5', 'add'); 'offer' or 'tryout' are tags. An extra must then be well formed.
 */
const extraPattern = /^(off|add|try)(?![A-Za-z])(.*)$/;

function parsePeriod(text: string): Period | null {
  const match = periodPattern.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const unit = unitByLetter[match[2] as keyof typeof unitByLetter];
  const count = Number(match[1]);
  return count <= maxCount[unit] ? { count, unit } : null;
}

/** Applies one extra segment to `parsed`; false when it is malformed or repeated. */
function applyExtra(parsed: ParsedProductId, keyword: string, value: string): boolean {
  if (keyword === 'off') {
    if (parsed.discountPercent !== undefined || !percentPattern.test(value)) return false;
    parsed.discountPercent = Number(value);
    return true;
  }
  const period = parsePeriod(value);
  if (!period) return false;
  if (keyword === 'add') {
    if (parsed.bonus) return false;
    parsed.bonus = period;
  } else {
    if (parsed.trial) return false;
    parsed.trial = period;
  }
  return true;
}

/** What a `v2.` product id encodes, or null when it is not one or is malformed. Never throws. */
export function parseProductId(id: string): ParsedProductId | null {
  if (typeof id !== 'string' || id.length > maxIdLength || !idCharacters.test(id)) return null;
  const segments = id.split('.');
  if (segments[0] !== 'v2' || segments.length < 6 || segments.includes('')) return null;
  const origin = parsePeriod(segments[5] ?? '');
  if (!origin) return null;
  const parsed: ParsedProductId = { origin };
  for (const segment of segments.slice(6)) {
    const extra = extraPattern.exec(segment);
    if (extra?.[1] && !applyExtra(parsed, extra[1], extra[2] ?? '')) return null;
  }
  return parsed;
}

/** A whole percent between 0 and 99 for the savings badge; anything unusable is 0. */
function badgePercent(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(99, Math.max(0, Math.round(value)));
}

/** Everything a pricing card shows for `plan` in `locale` (a BCP 47 tag such as 'de'). */
export function derivePlan(plan: Plan, locale: string): PlanView {
  const parsed = parseProductId(plan.product_id);
  const discount = parsed?.discountPercent ?? plan.discount_percent;
  return {
    ...plan,
    discount_percent_origin: discount,
    originCount: parsed?.origin.count ?? plan.interval_count,
    originUnit: parsed?.origin.unit ?? plan.interval_unit,
    addCount: parsed?.bonus?.count,
    addUnit: parsed?.bonus?.unit,
    tryCount: parsed?.trial?.count,
    tryUnit: parsed?.trial?.unit,
    money: formatMoney(plan.price, plan.currency, locale),
    monthly: formatMoney(plan.price_unit, plan.currency, locale),
    savingsPercent: badgePercent(discount),
  };
}
