import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';

type Cell = string | boolean;

/**
 * Free against premium (spec 6): the free tier shows ads, premium is ad-free, has the kill
 * switch, is faster and works in all the apps (Windows, macOS, Android, iOS).
 */
export async function PlanComparison({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Pricing.compare' });
  const values = claimValues(locale);
  const rows: { key: string; label: string; free: Cell; premium: Cell }[] = [
    { key: 'encryption', label: t('encryption', values), free: true, premium: true },
    { key: 'ads', label: t('ads'), free: t('adsFree'), premium: t('adsPremium') },
    { key: 'kill-switch', label: t('killSwitch'), free: false, premium: true },
    { key: 'speed', label: t('speed'), free: t('speedFree'), premium: t('speedPremium') },
    { key: 'apps', label: t('apps'), free: t('appsFree'), premium: t('appsPremium') },
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
    <div className="overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
      <table className="w-full min-w-[18rem] border-collapse text-start text-sm sm:text-base">
        <caption className="sr-only">{t('title')}</caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
              {t('feature')}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
              {t('free')}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold text-accent-700 sm:px-5">
              {t('premium')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key} className="border-t border-slate-200">
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
  );
}
