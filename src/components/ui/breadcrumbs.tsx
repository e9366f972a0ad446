import { Link } from '@/i18n/navigation';
import { ForwardChevronIcon } from './icons';

export interface Crumb {
  label: string;
  /** Site path without locale; the last crumb (the current page) has none. */
  href?: string;
}

/** Breadcrumb trail; pair it with BreadcrumbList JSON-LD on pages that have one. */
export function Breadcrumbs({ items, label }: { items: Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.label}-${item.href ?? 'current'}`} className="flex items-center gap-1">
            {index > 0 ? (
              <ForwardChevronIcon size={14} className="shrink-0" data-breadcrumb-separator="" />
            ) : null}
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
