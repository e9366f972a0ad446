import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { Card } from '../ui/card';
import { LinkButton } from '../ui/link-button';
import { IpCheck, type IpCheckLabels } from './ip-check';

const labelKeys = [
  'cardTitle',
  'loading',
  'ip',
  'country',
  'location',
  'status',
  'exposed',
  'exposedHint',
  'protected',
  'protectedHint',
  'unknown',
  'error',
  'errorHint',
  'retry',
] as const satisfies readonly (keyof IpCheckLabels)[];

/** The card around the IP island: texts resolved on the server, so the island ships no catalogue. */
export async function IpCheckCard({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'WhatIsMyIp' });
  const resolved = {} as Record<(typeof labelKeys)[number], string>;
  for (const key of labelKeys) resolved[key] = t(key);
  // Typed as the island's props, so a label missing from labelKeys fails the type check.
  const labels: IpCheckLabels = resolved;
  return (
    <Card as="section" className="max-w-[52rem]">
      <h2 className="text-lg font-semibold text-slate-600">{labels.cardTitle}</h2>
      <div className="mt-4">
        <IpCheck labels={labels} />
        <noscript>
          <p className="font-semibold text-navy-900">{t('noScript')}</p>
        </noscript>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-6">
        <LinkButton href="/download">{t('hideIp')}</LinkButton>
      </div>
    </Card>
  );
}
