import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { ComparisonTable } from '../ui/comparison-table';

/** Free vs premium (spec 6): premium is ad-free, has the kill switch, faster speed, all apps. */
export async function TierComparison({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Info.tiers' });
  const values = claimValues(locale);
  return (
    <section aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="text-xl font-bold sm:text-2xl">
        {t('title')}
      </h2>
      <div className="mt-5">
        <ComparisonTable
          minWidth="min-w-[20rem]"
          texts={{
            feature: t('feature'),
            free: t('free'),
            premium: t('premium'),
            included: t('included'),
            notIncluded: t('notIncluded'),
          }}
          rows={[
            { key: 'encryption', label: t('encryption', values), free: true, premium: true },
            { key: 'no-logs', label: t('noLogs'), free: true, premium: true },
            { key: 'ads', label: t('ads'), free: t('adsFree'), premium: t('adsPremium') },
            { key: 'kill-switch', label: t('killSwitch'), free: false, premium: true },
            { key: 'speed', label: t('speed'), free: t('speedFree'), premium: t('speedPremium') },
            {
              key: 'servers',
              label: t('servers'),
              free: t('serversFree'),
              premium: t('serversPremium', values),
            },
            { key: 'apps', label: t('apps'), free: t('appsFree'), premium: t('appsPremium') },
          ]}
        />
      </div>
    </section>
  );
}
