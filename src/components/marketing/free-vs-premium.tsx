import { Check, Minus } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { freeIncludes } from '@/lib/plan-features';
import type { Copy } from './copy';

// Each row names a feature of src/lib/plan-features.ts; "free server locations" is the part of
// the servers the free tier has, "all locations" the whole of them.
const rows = [
  { key: 'rowEncryption', free: freeIncludes('encryption') },
  { key: 'rowFreeLocations', free: freeIncludes('servers', 'some') },
  { key: 'rowAllLocations', free: freeIncludes('servers') },
  { key: 'rowSpeed', free: freeIncludes('speed') },
  { key: 'rowKillSwitch', free: freeIncludes('kill-switch') },
  { key: 'rowAdFree', free: freeIncludes('ads') },
  { key: 'rowAllApps', free: freeIncludes('apps') },
];

function Mark({ on, t }: { on: boolean; t: Copy }) {
  return on ? (
    <span className="inline-flex items-center justify-center text-success-700">
      <Check size={22} aria-hidden="true" />
      <span className="sr-only">{t('compare.included')}</span>
    </span>
  ) : (
    <span className="inline-flex items-center justify-center text-slate-600">
      <Minus size={22} aria-hidden="true" />
      <span className="sr-only">{t('compare.notIncluded')}</span>
    </span>
  );
}

/**
 * Spec 6 as a table: the free tier (with ads) against Premium (no ads, the kill switch, faster
 * servers, every location and every app). `t` is the FeaturesPage namespace.
 */
export function FreeVsPremium({ t }: { t: Copy }) {
  return (
    <div className="overflow-hidden rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
      <table className="w-full border-collapse text-start">
        <caption className="sr-only">{t('compare.title')}</caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="p-3 text-start text-sm font-semibold text-slate-600 sm:p-4">
              {t('compare.feature')}
            </th>
            <th scope="col" className="w-24 p-3 text-center sm:w-40 sm:p-4">
              <span className="block font-bold">{t('compare.free')}</span>
              <span className="hidden text-sm font-normal text-slate-600 sm:block">
                {t('compare.freeTagline')}
              </span>
            </th>
            <th scope="col" className="w-24 bg-accent-50 p-3 text-center sm:w-48 sm:p-4">
              <span className="block font-bold text-accent-700">{t('compare.premium')}</span>
              <span className="hidden text-sm font-normal text-slate-700 sm:block">
                {t('compare.premiumTagline')}
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200">
              <th scope="row" className="p-3 text-start font-medium sm:p-4">
                {t(`compare.${row.key}`)}
              </th>
              <td className="p-3 text-center sm:p-4">
                <Mark on={row.free} t={t} />
              </td>
              <td className="bg-accent-50/60 p-3 text-center sm:p-4">
                <Mark on t={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 p-4">
        <p className="me-auto text-sm text-slate-600 sm:hidden">{t('compare.premiumTagline')}</p>
        <LinkButton href="/download" variant="ghost">
          {t('compare.startFree')}
        </LinkButton>
        <LinkButton href="/pricing">{t('compare.getPremium')}</LinkButton>
      </div>
    </div>
  );
}
