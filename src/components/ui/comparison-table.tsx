/** A cell: a text, or included (true) / not included (false). */
export type ComparisonCell = string | boolean;

export interface ComparisonRow {
  key: string;
  label: string;
  free: ComparisonCell;
  premium: ComparisonCell;
}

/**
 * Free against premium (spec 6) as an accessible table: a row header per feature, and a tick or
 * dash with a spoken "included" / "not included" for yes/no cells.
 */
export function ComparisonTable({
  rows,
  texts,
  caption,
  minWidth,
}: {
  rows: ComparisonRow[];
  texts: { feature: string; free: string; premium: string; included: string; notIncluded: string };
  caption?: string;
  /** The table's smallest width (a Tailwind class); narrower screens scroll it sideways. */
  minWidth: string;
}) {
  const cell = (value: ComparisonCell) =>
    typeof value === 'string' ? (
      value
    ) : (
      <span className={value ? 'font-semibold text-success-700' : 'text-slate-600'}>
        <span aria-hidden="true">{value ? '✓ ' : '— '}</span>
        {value ? texts.included : texts.notIncluded}
      </span>
    );
  return (
    <div className="overflow-x-auto rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
      <table className={`w-full ${minWidth} border-collapse text-start text-sm sm:text-base`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
              {texts.feature}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold sm:px-5">
              {texts.free}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold text-accent-700 sm:px-5">
              {texts.premium}
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
