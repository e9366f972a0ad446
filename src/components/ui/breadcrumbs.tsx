import { Link } from '@/i18n/navigation';

export interface Crumb {
  label: string;
  /** Site path without locale; the last crumb (the current page) has none. */
  href?: string;
}

/**
 * The chevron between two crumbs, pointing from a crumb to the next one in the reading
 * direction: right in left-to-right languages, left in Arabic. Both shapes are drawn and the
 * page's direction shows one (`ltr:` / `rtl:`), rather than mirroring one shape with a
 * transform, so the separator never depends on a transform being painted.
 */
function Separator() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
      data-breadcrumb-separator=""
    >
      <path d="m9 6 6 6-6 6" className="rtl:hidden" data-points="right" />
      <path d="m15 6-6 6 6 6" className="ltr:hidden" data-points="left" />
    </svg>
  );
}

/** Breadcrumb trail; pair it with BreadcrumbList JSON-LD on pages that have one. */
export function Breadcrumbs({ items, label }: { items: Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.label}-${item.href ?? 'current'}`} className="flex items-center gap-1">
            {index > 0 ? <Separator /> : null}
            {item.href ? (
              <Link href={item.href} className="underline hover:text-navy-900">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-navy-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
