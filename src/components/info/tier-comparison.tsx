import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';

type Cell = string | boolean;

/** Free vs premium (spec 6): premium is ad-free, has the kill switch, faster speed, all apps. */
export async function TierComparison({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Info.tiers' });
  const values = claimValues(locale);
  const rows: { label: string; free: Cell; premium: Cell }[] = [
    { label: t('encryption', values), free: true, premium: true },
    { label: t('noLogs'), free: true, premium: true },
    { label: t('ads'), free: t('adsFree'), premium: t('adsPremium') },
    { label: t('killSwitch'), free: false, premium: true },
    { label: t('speed'), free: t('speedFree'), premium: t('speedPremium') },
    { label: t('servers'), free: t('serversFree'), premium: t('serversPremium', values) },
    { label: t('apps'), free: t('appsFree'), premium: t('appsPremium') },
  ];
  const cell = (value: Cell) =>
    typeof value === 'string' ? (
      value
    ) : (
      <span className={value ? 'font-semibold text-success-700' : 'text-slate-600'}>
        <span aria-hidden="true">{value ? '✓ ' : '— '}</span>
        {value ? t('included') : t('notIncluded')}
      </span>
    );
  return (
    <section aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="text-xl font-bold sm:text-2xl">
        {t('title')}
      </h2>
      <div className="mt-5 overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
        <table className="w-full min-w-[20rem] border-collapse text-start text-sm sm:text-base">
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
                {t('feature')}
              </th>
              <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
                {t('free')}
              </th>
              <th
                scope="col"
                className="px-3 py-3 text-start font-semibold text-accent-700 sm:px-5"
              >
                {t('premium')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-3 text-start font-medium sm:px-5">
                  {row.label}
                </th>
                <td className="px-3 py-3 text-slate-700 sm:px-5">{cell(row.free)}</td>
                <td className="px-3 py-3 text-slate-700 sm:px-5">{cell(row.premium)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
