'use client';

import { storedGeo } from '@/client/analytics/geo';
import { readCookie, writeCookie } from '@/client/cookies';
import { consentStatus, onConsentChange, storedChoice } from '@/components/consent/consent-state';
import { normalizeCampaign } from '@/lib/form-rules';

// Same name and lifetime as the server's reader (src/server/forms/campaign.ts).
const cookieName = 'inf_campaign';
const maxAgeSeconds = 45 * 24 * 60 * 60;
// Geo (which decides whether consent is needed) arrives after the page starts: look again then.
const geoRetriesMs = [1500, 5000];

/** Whether non-essential cookies may be written now (the tracking issue's consent rules). */
function trackingAllowed(): boolean {
  const choice = storedChoice();
  if (choice) return choice === 'all';
  const geo = storedGeo();
  return geo ? consentStatus(geo.country_code, undefined) === 'granted' : false;
}

/**
 * Remembers the influencer campaign of this visit (`?campaign=` on /influencer) for 45 days, so
 * sign-up and checkout can credit it (server: campaignFrom(request)). The cookie is
 * non-essential: it is written only with consent (at once, or when the visitor accepts or geo
 * shows none is needed). Returns the campaign in effect (the URL's, else the stored one), which
 * an application sent meanwhile carries in its body; the returned function stops waiting.
 */
export function captureCampaign(search: string): { campaign: string | null; stop: () => void } {
  const fromUrl = normalizeCampaign(new URLSearchParams(search).get('campaign'));
  if (!fromUrl) return { campaign: normalizeCampaign(readCookie(cookieName)), stop: () => {} };
  const write = () => {
    if (!trackingAllowed()) return false;
    writeCookie(cookieName, fromUrl, { maxAge: maxAgeSeconds });
    return true;
  };
  if (write()) return { campaign: fromUrl, stop: () => {} };
  const timers = geoRetriesMs.map((ms) => setTimeout(write, ms));
  const unsubscribe = onConsentChange(() => void write());
  return {
    campaign: fromUrl,
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      unsubscribe();
    },
  };
}
