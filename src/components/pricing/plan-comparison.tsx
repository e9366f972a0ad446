import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { ComparisonTable } from '../ui/comparison-table';

/**
 * Free against premium (spec 6): the free tier shows ads, premium is ad-free, has the kill
 * switch, is faster and works in all the apps (Windows, macOS, Android, iOS).
 */
export async function PlanComparison({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Pricing.compare' });
  const values = claimValues(locale);
  return (
    <ComparisonTable
      caption={t('title')}
      minWidth="min-w-[18rem]"
      texts={{
        feature: t('feature'),
        free: t('free'),
        premium: t('premium'),
        included: t('included'),
        notIncluded: t('notIncluded'),
      }}
      rows={[
        { key: 'encryption', label: t('encryption', values), free: true, premium: true },
        { key: 'ads', label: t('ads'), free: t('adsFree'), premium: t('adsPremium') },
        { key: 'kill-switch', label: t('killSwitch'), free: false, premium: true },
        { key: 'speed', label: t('speed'), free: t('speedFree'), premium: t('speedPremium') },
        { key: 'apps', label: t('apps'), free: t('appsFree'), premium: t('appsPremium') },
      ]}
    />
  );
}
