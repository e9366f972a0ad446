import type { ReactNode } from 'react';
import { type StoreProduct, storeLinks } from '@/lib/site';

/**
 * A link to an app's official store page, in the look of a store badge. It carries
 * `data-track-download=<product>`, the attribute the tracking island counts download clicks by
 * (src/components/tracking/page-events.ts).
 * Store pages open in a new tab; `label` says which store, `newTabHint` says so to screen readers.
 */
export function StoreBadge({
  product,
  label,
  newTabHint,
  icon,
  variant = 'dark',
}: {
  product: StoreProduct;
  label: string;
  newTabHint: string;
  icon?: ReactNode;
  variant?: 'dark' | 'light';
}) {
  const link = storeLinks[product];
  const look =
    variant === 'dark'
      ? 'bg-navy-900 text-white hover:bg-navy-800'
      : 'border-2 border-navy-900 bg-white text-navy-900 hover:bg-slate-100';
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      data-track-download={product}
      className={`inline-flex min-h-12 items-center gap-2 rounded-xl px-4 py-2 font-semibold no-underline transition-colors duration-(--duration-standard) ${look}`}
    >
      {icon}
      <span>{label}</span>
      <span className="sr-only"> ({newTabHint})</span>
    </a>
  );
}
