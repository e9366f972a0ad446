import type { Locale } from '@/lib/locales';
import { copyFor } from '../marketing/copy';
import { type ComparisonRow, ComparisonTable } from '../ui/comparison-table';

const rows: readonly ComparisonRow[] = [
  { feature: 'encryption' },
  { feature: 'no-logs' },
  { feature: 'ads', worded: true },
  { feature: 'kill-switch' },
  { feature: 'speed', worded: true },
  { feature: 'servers', worded: true },
  { feature: 'apps', worded: true },
];

/** Free vs premium (spec 6) on the free VPN page, from src/lib/plan-features.ts. */
export async function TierComparison({ locale }: { locale: Locale }) {
  const t = await copyFor(locale, 'Info.tiers');
  return (
    <section aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="text-xl font-bold sm:text-2xl">
        {t('title')}
      </h2>
      <div className="mt-5">
        <ComparisonTable minWidth="min-w-[20rem]" t={t} rows={rows} />
      </div>
    </section>
  );
}
