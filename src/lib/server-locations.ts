// Turbo VPN's server locations (spec 1: 111 locations in 45+ countries): the one list that
// /vpn-server, /vpn-server/{country} and /vpn-for-country are built from. Country names are
// not stored: pages name a country in the reader's language with Intl.DisplayNames.
import type { ServerCountrySlug } from './catalog';

export type ServerTier = 'free' | 'premium';

export interface ServerLocation {
  /** ISO 3166-1 alpha-2 code, upper case. */
  countryCode: string;
  city: string;
  /** Free locations are open to every user; premium ones need a subscription (spec 6). */
  tier: ServerTier;
}

type Row = readonly [code: string, free: readonly string[], premium: readonly string[]];

// Grouped by country: [code, free cities, premium cities].
const rows: readonly Row[] = [
  [
    'US',
    ['New York', 'Los Angeles', 'Dallas', 'Miami'],
    [
      'Chicago',
      'Seattle',
      'San Jose',
      'San Francisco',
      'Atlanta',
      'Denver',
      'Phoenix',
      'Washington',
      'Boston',
      'Las Vegas',
      'Salt Lake City',
      'Houston',
      'Philadelphia',
      'Minneapolis',
      'Kansas City',
      'Charlotte',
    ],
  ],
  ['CA', ['Toronto'], ['Montreal', 'Vancouver', 'Calgary', 'Ottawa']],
  ['GB', ['London'], ['Manchester', 'Birmingham', 'Edinburgh', 'Glasgow']],
  ['DE', ['Frankfurt'], ['Berlin', 'Munich', 'Hamburg', 'Düsseldorf']],
  ['NL', ['Amsterdam'], ['Rotterdam']],
  ['FR', ['Paris'], ['Marseille', 'Lyon', 'Bordeaux']],
  ['JP', ['Tokyo'], ['Osaka', 'Fukuoka']],
  ['KR', [], ['Seoul', 'Busan', 'Incheon']],
  ['SG', ['Singapore'], []],
  ['IN', ['Mumbai'], ['New Delhi', 'Bangalore', 'Chennai', 'Hyderabad', 'Kolkata']],
  ['AU', ['Sydney'], ['Melbourne', 'Brisbane', 'Perth', 'Adelaide']],
  ['ID', [], ['Jakarta', 'Surabaya', 'Bandung']],
  ['ZA', [], ['Johannesburg', 'Cape Town', 'Durban']],
  ['MM', [], ['Yangon']],
  ['HK', [], ['Hong Kong']],
  ['TW', [], ['Taipei']],
  ['TH', [], ['Bangkok']],
  ['VN', [], ['Hanoi', 'Ho Chi Minh City']],
  ['MY', [], ['Kuala Lumpur']],
  ['PH', [], ['Manila']],
  ['AE', [], ['Dubai']],
  ['TR', [], ['Istanbul']],
  ['IL', [], ['Tel Aviv']],
  ['BR', [], ['São Paulo', 'Rio de Janeiro', 'Fortaleza']],
  ['MX', [], ['Mexico City', 'Guadalajara']],
  ['AR', [], ['Buenos Aires']],
  ['CL', [], ['Santiago']],
  ['CO', [], ['Bogotá']],
  ['ES', [], ['Madrid', 'Barcelona', 'Valencia']],
  ['IT', [], ['Milan', 'Rome', 'Naples']],
  ['CH', [], ['Zurich', 'Geneva']],
  ['SE', [], ['Stockholm', 'Gothenburg']],
  ['NO', [], ['Oslo']],
  ['DK', [], ['Copenhagen']],
  ['FI', [], ['Helsinki']],
  ['PL', [], ['Warsaw']],
  ['IE', [], ['Dublin']],
  ['BE', [], ['Brussels']],
  ['AT', [], ['Vienna']],
  ['CZ', [], ['Prague']],
  ['PT', [], ['Lisbon']],
  ['RO', [], ['Bucharest']],
  ['HU', [], ['Budapest']],
  ['UA', [], ['Kyiv']],
  ['GR', [], ['Athens']],
  ['NZ', [], ['Auckland', 'Wellington']],
  ['SA', [], ['Riyadh']],
  ['EG', [], ['Cairo']],
];

export const serverLocations: readonly ServerLocation[] = rows.flatMap(
  ([countryCode, free, premium]) => [
    ...free.map((city) => ({ countryCode, city, tier: 'free' as const })),
    ...premium.map((city) => ({ countryCode, city, tier: 'premium' as const })),
  ],
);

/** The country codes that have servers, in the order of the list above. */
export const serverCountryCodes: readonly string[] = [...new Set(rows.map(([code]) => code))];

/** The locations of one country. */
export function locationsIn(countryCode: string): ServerLocation[] {
  return serverLocations.filter((location) => location.countryCode === countryCode);
}

/** The country each /vpn-server/{country} page (spec 2.2) is about. */
export const countryOfSlug: Record<ServerCountrySlug, string> = {
  'korea-vpn': 'KR',
  'japan-vpn': 'JP',
  'indonesia-vpn': 'ID',
  'south-africa-vpn': 'ZA',
  'india-vpn': 'IN',
  'france-vpn': 'FR',
  'australia-vpn': 'AU',
  'us-vpn': 'US',
  'netherlands-vpn': 'NL',
  'canada-vpn': 'CA',
  'myanmar-vpn': 'MM',
};

/** The country page of a country code, when it has one. */
export function slugOfCountry(countryCode: string): ServerCountrySlug | undefined {
  return (Object.keys(countryOfSlug) as ServerCountrySlug[]).find(
    (slug) => countryOfSlug[slug] === countryCode,
  );
}

/** A country's name in a language, e.g. 'JP' → 'Japan' (en) or 'اليابان' (ar). */
export function countryName(countryCode: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(countryCode) ?? countryCode;
}

/** The flag emoji of a country code (two regional-indicator symbols); always shown with a name. */
export function flagEmoji(countryCode: string): string {
  return String.fromCodePoint(
    ...[...countryCode.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

export const serverRegions = ['americas', 'europe', 'asiaPacific', 'middleEastAfrica'] as const;
export type ServerRegion = (typeof serverRegions)[number];

const regionCodes: Record<ServerRegion, readonly string[]> = {
  americas: ['US', 'CA', 'BR', 'MX', 'AR', 'CL', 'CO'],
  europe: [
    'GB',
    'DE',
    'NL',
    'FR',
    'ES',
    'IT',
    'CH',
    'SE',
    'NO',
    'DK',
    'FI',
    'PL',
    'IE',
    'BE',
    'AT',
    'CZ',
    'PT',
    'RO',
    'HU',
    'UA',
    'GR',
  ],
  asiaPacific: ['JP', 'KR', 'SG', 'IN', 'AU', 'ID', 'MM', 'HK', 'TW', 'TH', 'VN', 'MY', 'PH', 'NZ'],
  middleEastAfrica: ['ZA', 'AE', 'TR', 'IL', 'SA', 'EG'],
};

/** The region a country is listed under on /vpn-server. */
export function regionOf(countryCode: string): ServerRegion | undefined {
  return serverRegions.find((region) => regionCodes[region].includes(countryCode));
}

/** The countries of a region that have servers, in list order. */
export function countriesIn(region: ServerRegion): string[] {
  return serverCountryCodes.filter((code) => regionOf(code) === region);
}
