import { copyFor } from '@/components/marketing/copy';
import type { Locale } from '@/lib/locales';
import { type ComparisonRow, ComparisonTable } from '../ui/comparison-table';

const rows: readonly ComparisonRow[] = [
  { feature: 'encryption' },
  { feature: 'ads', worded: true },
  { feature: 'kill-switch' },
  { feature: 'speed', worded: true },
  { feature: 'apps', worded: true },
];

/**
 * Free against premium on the pricing pages (spec 6, from src/lib/plan-features.ts): the free
 * tier shows ads; premium is ad-free, has the kill switch, is faster and works in all the apps.
 */
export async function PlanComparison({ locale }: { locale: Locale }) {
  const t = await copyFor(locale, 'Pricing.compare');
  return <ComparisonTable caption={t('title')} minWidth="min-w-[18rem]" t={t} rows={rows} />;
}
