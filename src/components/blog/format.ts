import type { Locale } from '@/lib/locales';

/** A post date in the reader's language, e.g. "2 March 2026"; dates are stored as UTC days. */
export function formatPostDate(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
