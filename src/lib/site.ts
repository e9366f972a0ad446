// One place for the brand, the claims of spec 1 and the numbers pages quote (DECISIONS.md:
// one figure per claim). A page never hard-codes any of these.

export const brand = {
  name: 'Turbo VPN',
  legalName: 'Turbo VPN',
  /** Analytics app name (spec 9). */
  analyticsAppName: 'Turbo VPN Web',
  /** Application type of the website (spec 3, 9). */
  webAppType: 502,
} as const;

export const claims = {
  servers: 21000,
  locations: 111,
  countries: 45,
  users: 300_000_000,
  encryption: 'AES-256',
  moneyBackDays: 30,
  promotionMoneyBackDays: 7,
  support: '24/7',
  bestDealMonths: 24,
  bestDealDiscountPercent: 65,
  bestDealMonthlyPrice: '4.17',
  currency: 'USD',
} as const;

/** Where people reach us; one address per purpose (legal pages, press room, refund requests). */
export const contact = {
  supportEmail: 'support@turbovpn.com',
  privacyEmail: 'privacy@turbovpn.com',
  pressEmail: 'press@turbovpn.com',
} as const;

/** Refund handling times of the money-back guarantee (spec 9), in working days. */
export const refundPolicy = { replyWorkingDays: 3, processWorkingDays: 14 } as const;

/** The date the legal pages (privacy, terms, cookies, refunds) were last revised. */
export const legalLastUpdated = '2026-11-27';

/** Structured data on the pricing page (spec 9). */
export const offers = {
  lowPrice: '4.17',
  highPrice: '11.99',
  offerCount: 4,
  currency: 'USD',
  ratingValue: 4.8,
  bestRating: 5,
  ratingCount: 30961,
} as const;

/** Apps promoted on the site (spec 1), in display order, with the page that offers each. */
export const promotedApps = [
  { id: 'windows', path: '/download/windows' },
  { id: 'macos', path: '/download/macos' },
  { id: 'android', path: '/download/androidpro' },
  { id: 'ios', path: '/download/ios' },
  { id: 'xbox', path: '/download/xbox' },
  { id: 'playstation', path: '/download/playstation' },
  { id: 'switch', path: '/download/switch' },
] as const;
export type PromotedApp = (typeof promotedApps)[number]['id'];
