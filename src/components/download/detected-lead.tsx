'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { type DownloadPlatform, detectPlatform } from '@/lib/platform-detect';

export interface LeadContent {
  title: string;
  tagline: string;
  /** The store listing or installer (downloads manifest). */
  url: string;
  /** A store opens in a new tab; an installer downloads in place. */
  newTab: boolean;
  label: string;
  newTabHint: string;
  /** The platform's own page (requirements, install steps); none for the Chrome extension. */
  details?: { href: string; label: string };
}

interface NavigatorWithHints extends Navigator {
  userAgentData?: { platform?: string };
}

/**
 * The /download lead. The page is prerendered, so the server cannot know the visitor's device:
 * the generic lead (children) is in the HTML, and this island swaps in the detected platform's
 * app after hydration, using the User-Agent and the platform client hint through the shared
 * parser (src/lib/platform-detect.ts). The box keeps its height (min-height set by the parent),
 * so the swap causes no layout shift. It also marks the platform's card in the full list.
 */
export function DetectedLead({
  leads,
  recommendedLabel,
  listId,
  children,
}: {
  leads: Record<DownloadPlatform, LeadContent>;
  recommendedLabel: string;
  listId: string;
  children: ReactNode;
}) {
  const [platform, setPlatform] = useState<DownloadPlatform | null>(null);

  useEffect(() => {
    const nav = navigator as NavigatorWithHints;
    const detected = detectPlatform({
      userAgent: nav.userAgent,
      platformHint: nav.userAgentData?.platform,
      maxTouchPoints: nav.maxTouchPoints,
    });
    setPlatform(detected);
    if (detected) document.getElementById(listId)?.setAttribute('data-detected', detected);
  }, [listId]);

  if (!platform) return <>{children}</>;
  const lead = leads[platform];
  return (
    <div data-detected-platform={platform}>
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">
        {recommendedLabel}
      </p>
      <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{lead.title}</h2>
      <p className="mt-2 text-slate-300">{lead.tagline}</p>
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
        <a
          href={lead.url}
          {...(lead.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          data-track-download={platform === 'android' ? 'androidpro' : platform}
          className="inline-flex min-h-12 items-center rounded-full bg-white px-5 py-2.5 font-semibold text-navy-900 no-underline hover:bg-accent-50"
        >
          {lead.label}
          {lead.newTab ? <span className="sr-only"> ({lead.newTabHint})</span> : null}
        </a>
        {lead.details ? (
          <a href={lead.details.href} className="font-semibold text-white underline">
            {lead.details.label}
          </a>
        ) : null}
      </div>
    </div>
  );
}
