import type { Locale } from '@/lib/locales';

// The PostgreSQL text-search configuration of each locale's posts (PGlite ships the same
// Snowball stemmers). Languages without a stemmer use 'simple': exact words, no stemming.
const configs: Partial<Record<Locale, string>> = {
  en: 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  ru: 'russian',
  tr: 'turkish',
  id: 'indonesian',
  ar: 'arabic',
  hi: 'hindi',
};

export function searchConfigOf(locale: Locale): string {
  return configs[locale] ?? 'simple';
}
