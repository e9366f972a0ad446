import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { legacyRedirectConfig } from '@/server/config';
import { TrackingLoader } from './tracking-loader';

/**
 * Mounts the tracking island (loaded when the page is idle) with the cookie banner's texts as
 * plain props, so no page needs next-intl's client runtime for them. The legacy-redirect
 * settings are read when the page is rendered, i.e. at build time for prerendered pages.
 */
export async function TrackingRoot({ locale }: { locale: Locale }) {
  const { Consent } = await getMessages({ locale });
  const legacy = legacyRedirectConfig();
  return (
    <TrackingLoader
      legacy={{ paths: legacy.LEGACY_REDIRECT_PATHS, url: legacy.LEGACY_REDIRECT_URL ?? null }}
      texts={{
        title: Consent.title,
        body: Consent.body,
        policy: Consent.policy,
        accept: Consent.accept,
        reject: Consent.reject,
        close: Consent.close,
      }}
    />
  );
}
