// The 18 site languages (spec 2.1). Isomorphic: used by the proxy, pages, API and scripts.
export const locales = [
  'ms',
  'id',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'nl',
  'pl',
  'pt',
  'tr',
  'ru',
  'uk',
  'ko',
  'ja',
  'ar',
  'zh-Hant',
  'hi',
] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

/** Name of the cookie that remembers the visitor's language (spec 2.1). */
export const localeCookieName = 'LANGUAGE';

const rtlLocales: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** `value` when it is a site locale, else the default one (a stored value from another time). */
export function asLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

/** Each language's own name, shown in the language switcher. */
export const localeNames: Record<Locale, string> = {
  ms: 'Bahasa Melayu',
  id: 'Bahasa Indonesia',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  ko: '한국어',
  ja: '日本語',
  ar: 'العربية',
  'zh-Hant': '繁體中文',
  hi: 'हिन्दी',
};

/** The public path of a site path in a locale: English has no prefix. */
export function localizePath(locale: Locale, path: string): string {
  const clean = path === '' ? '/' : path;
  if (locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits a public path into its locale prefix (if any) and the site path. */
export function splitLocale(pathname: string): { prefix: Locale | null; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { prefix: first, path: match?.[2] ?? '/' };
  return { prefix: null, path: pathname || '/' };
}
