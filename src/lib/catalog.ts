// Known values of the site's dynamic path segments (spec 2.2). Anything else is a 404.

export const featureSlugs = [
  'anonymous-browsing',
  'automatic-kill-switch',
  'encryption',
  'isp-throttling',
  'no-logs',
  'private-dns',
  'spilt-tunneling', // the spec's spelling; /features/split-tunneling redirects here
  'turbo-speed',
  'wifi-protection',
] as const;
export type FeatureSlug = (typeof featureSlugs)[number];

export const serverCountrySlugs = [
  'korea-vpn',
  'japan-vpn',
  'indonesia-vpn',
  'south-africa-vpn',
  'india-vpn',
  'france-vpn',
  'australia-vpn',
  'us-vpn',
  'netherlands-vpn',
  'canada-vpn',
  'myanmar-vpn',
] as const;
export type ServerCountrySlug = (typeof serverCountrySlugs)[number];

/** Use-case families under /InternetAccess and their children, spelled as the spec spells them. */
export const useCases = {
  'vpn-for-gaming': ['pubg', 'mobile', 'free_fire', 'pokemon_go'],
  'vpn-for-messaging': [
    'Facebook',
    'Gmail',
    'Google',
    'Kodi',
    'Omegle',
    'Skype',
    'Telegram',
    'WhatsApp',
  ],
  'vpn-for-music': ['appleMusic', 'pandora', 'spotify'],
  'vpn-for-social-media': ['Facebook', 'Instagram', 'Twitter', 'TikTok', 'Tinder', 'Twitch'],
  'vpn-for-sports': ['nba', 'ipl', 'nfl', 'mlb', 'ufc', 'uefa', 'f1', 'wwe', 'moto'],
  'vpn-for-streaming': [
    'netflix',
    'hulu',
    'disney',
    'fox_now',
    'bbc_iplayer',
    'salto',
    'hotstar',
    'jiotv',
    'sonyliv',
    'youtube',
  ],
} as const satisfies Record<string, readonly string[]>;
export type UseCaseFamily = keyof typeof useCases;
export const useCaseFamilies = Object.keys(useCases) as UseCaseFamily[];

export function isUseCaseChild(family: UseCaseFamily, child: string): boolean {
  return (useCases[family] as readonly string[]).includes(child);
}

/** App downloads at /download/{product}. */
export const appProducts = ['windows', 'macos', 'ios', 'androidpro', 'androidlite'] as const;
export type AppProduct = (typeof appProducts)[number];

/** Game-console guides at /download/{console}. */
export const gameConsoles = ['xbox', 'playstation', 'switch'] as const;
export type GameConsole = (typeof gameConsoles)[number];

/** Where a purchase can start; /paystatus/{platform}. */
export const paymentPlatforms = ['web', 'windows', 'macos', 'android', 'ios', 'chrome'] as const;
export type PaymentPlatform = (typeof paymentPlatforms)[number];

/** Blog categories (the blog issue fills them with posts). */
export const blogCategories = [
  'privacy',
  'streaming',
  'gaming',
  'security',
  'how-to',
  'news',
] as const;
export type BlogCategory = (typeof blogCategories)[number];

export function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
