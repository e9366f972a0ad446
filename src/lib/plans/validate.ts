// Plans come from the network or from browser storage written by an older page: each one is
// checked before a page relies on its fields.
import { isCurrencyCode, isDecimalAmount } from './money';
import { intervalUnits, type Plan } from './types';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` has every field of a Plan with a usable value. */
export function isPlan(value: unknown): value is Plan {
  if (!isObject(value)) return false;
  const { id, product_id, interval_count, interval_unit, discount_percent } = value;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof product_id === 'string' &&
    typeof interval_count === 'number' &&
    Number.isInteger(interval_count) &&
    interval_count > 0 &&
    intervalUnits.some((unit) => unit === interval_unit) &&
    isDecimalAmount(value.price) &&
    isDecimalAmount(value.price_unit) &&
    isCurrencyCode(value.currency) &&
    typeof discount_percent === 'number' &&
    discount_percent >= 0 &&
    discount_percent <= 100 &&
    typeof value.is_recommend === 'boolean' &&
    isDecimalAmount(value.renewal_price) &&
    typeof value.renewal_interval_count === 'number' &&
    Number.isInteger(value.renewal_interval_count) &&
    value.renewal_interval_count > 0 &&
    intervalUnits.some((unit) => unit === value.renewal_interval_unit)
  );
}

/** The usable plans of a list, in order; anything that is not a list gives null. */
export function usablePlans(value: unknown): Plan[] | null {
  return Array.isArray(value) ? value.filter(isPlan) : null;
}
