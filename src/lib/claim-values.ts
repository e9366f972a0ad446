import type { Locale } from './locales';
import { claims } from './site';

/** The claims of spec 1, formatted for a locale, as values for messages ({servers}+, {days} …). */
export function claimValues(locale: Locale) {
  const number = new Intl.NumberFormat(locale);
  return {
    servers: number.format(claims.servers),
    locations: number.format(claims.locations),
    countries: number.format(claims.countries),
    users: new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long' }).format(
      claims.users,
    ),
    encryption: claims.encryption,
    support: claims.support,
    days: number.format(claims.moneyBackDays),
    months: number.format(claims.bestDealMonths),
    discount: number.format(claims.bestDealDiscountPercent),
    price: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
      Number(claims.bestDealMonthlyPrice),
    ),
  };
}

export type ClaimValues = ReturnType<typeof claimValues>;
