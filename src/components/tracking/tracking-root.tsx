import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { legacyRedirectConfig } from '@/server/config';
import { TrackingIsland } from './tracking-island';

/**
 * Mounts the tracking island with only the messages it needs (the cookie banner's). The
 * legacy-redirect settings are read when the page is rendered, i.e. at build time for
 * prerendered pages.
 */
export async function TrackingRoot({ locale }: { locale: Locale }) {
  const { Consent } = await getMessages({ locale });
  const legacy = legacyRedirectConfig();
  return (
    <NextIntlClientProvider locale={locale} messages={{ Consent }}>
      <TrackingIsland
        legacy={{ paths: legacy.LEGACY_REDIRECT_PATHS, url: legacy.LEGACY_REDIRECT_URL ?? null }}
      />
    </NextIntlClientProvider>
  );
}
