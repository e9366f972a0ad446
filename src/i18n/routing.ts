import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localeCookieName, locales } from '@/lib/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  // The proxy decides the locale from the URL, then the LANGUAGE cookie, never Accept-Language.
  localeDetection: false,
  localeCookie: { name: localeCookieName, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});
