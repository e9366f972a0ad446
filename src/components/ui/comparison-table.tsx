import type { Copy } from '@/components/marketing/copy';
import { freeIncludes, type PlanFeature } from '@/lib/plan-features';

/** A row of the table: a feature of src/lib/plan-features.ts. */
export interface ComparisonRow {
  feature: PlanFeature;
  /**
   * Words in the cells (`<feature>Free`, `<feature>Premium`, e.g. "Standard" and "Faster")
   * instead of included / not included; a feature the free tier has some of needs them.
   */
  worded?: boolean;
}

/** The message key of a feature: `kill-switch` → `killSwitch`. */
function messageKey(feature: PlanFeature): string {
  return feature.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Free against premium (spec 6) as an accessible table: a row header per feature, and a tick or
 * dash with a spoken "included" / "not included" for yes/no cells. What each tier includes comes
 * from src/lib/plan-features.ts; `t` is a messages namespace with the table's words (`feature`,
 * `free`, `premium`, `included`, `notIncluded`, and each row's label and worded cells).
 */
export function ComparisonTable({
  rows,
  t,
  caption,
  minWidth,
}: {
  rows: readonly ComparisonRow[];
  t: Copy;
  caption?: string;
  /** The table's smallest width (a Tailwind class); narrower screens scroll it sideways. */
  minWidth: string;
}) {
  const mark = (included: boolean) => (
    <span className={included ? 'font-semibold text-success-700' : 'text-slate-600'}>
      <span aria-hidden="true">{included ? '✓ ' : '— '}</span>
      {included ? t('included') : t('notIncluded')}
    </span>
  );
  return (
    <div className="overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
      <table className={`w-full ${minWidth} border-collapse text-start text-sm sm:text-base`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
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
          {rows.map(({ feature, worded }) => {
            const key = messageKey(feature);
            return (
              <tr key={feature} data-row={feature} className="border-t border-slate-200">
                <th scope="row" className="px-3 py-3 text-start font-medium sm:px-5">
                  {t(key)}
                </th>
                <td className="px-3 py-3 text-slate-700 sm:px-5">
                  {worded ? t(`${key}Free`) : mark(freeIncludes(feature))}
                </td>
                <td className="px-3 py-3 text-slate-700 sm:px-5">
                  {worded ? t(`${key}Premium`) : mark(true)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
