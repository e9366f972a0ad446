'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  analyticsPermissionChanged,
  configureAnalytics,
  sendPendingLogin,
  track,
  trackPageShow,
} from '@/client/analytics';
import { fetchGeo, type GeoMessage, storedGeo } from '@/client/analytics/geo';
import {
  attributionFromQuery,
  captureAttribution,
  clearAttribution,
  hasAttribution,
  type QueryAttribution,
} from '@/client/attribution';
import { type LegacyRedirectSettings, legacyRedirect } from '@/client/legacy-redirect';
import { listenToPage } from '@/client/page-events';
import { startPageTabs } from '@/client/tabs';
import { ConsentBanner, type ConsentTexts } from '@/components/consent/consent-banner';
import { isConsentOpenClick } from '@/components/consent/consent-open';
import {
  type ConsentChoice,
  consentStatus,
  saveConsent,
  storedChoice,
} from '@/components/consent/consent-state';

// A stored choice decides; otherwise the country does, once geo has answered (null: failed).
function statusOf(geo: GeoMessage | null | undefined, choice: ConsentChoice | undefined) {
  if (choice) return consentStatus(undefined, choice);
  return consentStatus(geo === undefined ? undefined : (geo?.country_code ?? ''), undefined);
}

export interface TrackingIslandProps {
  legacy: LegacyRedirectSettings;
  /** The cookie banner's texts in the page's language. */
  texts: ConsentTexts;
  /** The visitor clicked "Cookie settings" before the island was loaded: open the banner. */
  openAtStart?: boolean;
}

/**
 * Everything the site does in the background, mounted once in the root layout (after the page
 * is idle, by TrackingLoader): geo, consent, attribution, analytics, tab sync, legacy redirect,
 * chunk-load recovery. Renders nothing but the cookie banner when it is needed.
 */
export function TrackingIsland({ legacy, texts, openAtStart = false }: TrackingIslandProps) {
  const pathname = usePathname();
  // undefined: not known yet; null: the lookup failed (treated as "may need consent").
  const [geo, setGeo] = useState<GeoMessage | null | undefined>(undefined);
  const [choice, setChoice] = useState<ConsentChoice | undefined>(undefined);
  const [reopened, setReopened] = useState(openAtStart);
  const pending = useRef<QueryAttribution>({});
  const state = useRef({ geo, choice });
  state.current = { geo, choice };

  const status = statusOf(geo, choice);

  // Start: geo (stored value at once, fresh one from the server), tabs, listeners, redirect.
  useEffect(() => {
    if (legacy.url && legacyRedirect(legacy, location, (url) => location.assign(url))) return;
    const stored = storedGeo();
    setChoice(storedChoice());
    if (stored) setGeo(stored);
    configureAnalytics({
      permission: () => {
        const now = statusOf(state.current.geo, state.current.choice);
        return now === 'granted' ? 'yes' : now === 'denied' ? 'no' : 'wait';
      },
      geo: () => state.current.geo ?? undefined,
    });
    void fetchGeo((failure) => track(failure.event, { reason: failure.reason })).then((fresh) =>
      setGeo(fresh ?? stored ?? null),
    );
    const tabs = startPageTabs();
    Object.defineProperty(window, 'turbovpnTabs', { value: tabs, configurable: true });
    return listenToPage();
  }, [legacy]);

  // Every page shown, including client-side navigations; new query values are picked up too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per shown path on purpose
  useEffect(() => {
    const found = attributionFromQuery(location.search);
    if (hasAttribution(found)) pending.current = { ...pending.current, ...found };
    void trackPageShow({ title: document.title.slice(0, 200) });
    sendPendingLogin();
  }, [pathname]);

  // Consent decides what happens to waiting attribution and analytics.
  useEffect(() => {
    analyticsPermissionChanged();
    if (status === 'granted' && hasAttribution(pending.current)) {
      captureAttribution(pending.current);
      pending.current = {};
    }
    if (status === 'denied') pending.current = {};
  }, [status]);

  // The footer button reopens the banner.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isConsentOpenClick(event)) setReopened(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const choose = useCallback((value: ConsentChoice) => {
    saveConsent(value);
    if (value === 'essential') clearAttribution();
    setChoice(value);
    setReopened(false);
  }, []);
  const close = useCallback(() => setReopened(false), []);

  if (status !== 'pending' && !reopened) return null;
  // Still waiting for geo on a first visit: show nothing yet rather than flash a banner.
  if (status === 'pending' && geo === undefined && !reopened) return null;
  return (
    <ConsentBanner
      texts={texts}
      onChoose={choose}
      onClose={reopened ? close : undefined}
      reopened={reopened}
    />
  );
}
