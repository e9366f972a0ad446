// The attribution cookies' names and the UTM tags they carry (spec 3, 9): the browser writes
// them (src/client/attribution.ts) and the server reads them into orders
// (src/server/attribution.ts), so both take the names from here.

export const utmKeys = [
  'utm_campaign',
  'utm_medium',
  'utm_source',
  'utm_term',
  'utm_content',
] as const;
export type UtmKey = (typeof utmKeys)[number];

/** Cookie names, as the spec and the affiliate networks know them. */
export const attributionCookies = {
  utm: 'utm_tags',
  channel: 'channel',
  cje: 'cje',
  cjeClient: 'cje-client',
  cfClick: 'cf-click',
  aid: '_aid',
} as const;
