import { Link } from '@/i18n/navigation';
import type { PaginationLabels } from '@/lib/pagination-labels';
import { ChevronIcon } from './icons';
import { pageWindow } from './page-window';

const item =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 font-medium no-underline';

/** Numbered pages with previous/next links; renders nothing for a single page. */
export function Pagination({
  current,
  total,
  hrefFor,
  labels,
}: {
  current: number;
  total: number;
  /** Site path (without locale) of a page number. */
  hrefFor: (page: number) => string;
  labels: PaginationLabels;
}) {
  if (total <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={hrefFor(current - 1)} rel="prev" className={`${item} hover:bg-slate-100`}>
              <ChevronIcon size={16} className="rotate-180" />
              {labels.previous}
            </Link>
          </li>
        ) : null}
        {pageWindow(current, total).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className={`${item} bg-navy-900 text-white`}>
                  <span className="sr-only">{labels.page(page)}</span>
                  <span aria-hidden="true">{page}</span>
                </span>
              ) : (
                <Link
                  href={hrefFor(page)}
                  className={`${item} hover:bg-slate-100`}
                  aria-label={labels.page(page)}
                >
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
        {current < total ? (
          <li>
            <Link href={hrefFor(current + 1)} rel="next" className={`${item} hover:bg-slate-100`}>
              {labels.next}
              <ChevronIcon size={16} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
