// Prices arrive as decimal strings ('99.99'); the pages show them in the visitor's locale.
// Formatting never throws: an unknown locale falls back to English, unusable input gives null.

const decimal = /^\d{1,12}(\.\d{1,6})?$/;
const currencyCode = /^[A-Za-z]{3}$/;

/** The currency every plan is priced in unless the server says otherwise. */
export const defaultCurrency = 'USD';

function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    // A malformed locale tag (RangeError) must not take the pricing page down.
    return new Intl.NumberFormat('en', options);
  }
}

/**
 * `amount` (a non-negative decimal string) in `currency` (ISO 4217; empty or missing means
 * USD) formatted for `locale`, e.g. ('99.99', 'EUR', 'de') → '99,99 €'. Null when the amount
 * is not a decimal string or the currency is not a three-letter code.
 */
export function formatMoney(
  amount: string,
  currency: string | undefined,
  locale: string,
): string | null {
  if (typeof amount !== 'string' || !decimal.test(amount)) return null;
  const code = currency === undefined || currency === '' ? defaultCurrency : currency;
  if (typeof code !== 'string' || !currencyCode.test(code)) return null;
  return numberFormat(locale, code.toUpperCase()).format(Number(amount));
}

/** True for a price the plans API may send: a non-negative decimal string. */
export function isDecimalAmount(value: unknown): value is string {
  return typeof value === 'string' && decimal.test(value);
}

/** True for a well-formed ISO 4217 code (three letters). */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && currencyCode.test(value);
}
