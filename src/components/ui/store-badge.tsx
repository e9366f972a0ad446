import type { ReactNode } from 'react';
import type { DownloadEntry, DownloadProduct } from '@/lib/downloads';

/**
 * The link that gets an app: its official store page (in a new tab; `newTabHint` says so to
 * screen readers) or its installer file (same tab: the browser saves it), in the look of a store
 * badge. It carries `data-track-download=<product>`, the attribute the tracking island counts
 * download clicks by (src/client/page-events.ts).
 */
export function StoreBadge({
  product,
  entry,
  label,
  newTabHint,
  icon,
  variant = 'dark',
}: {
  product: DownloadProduct;
  /** The app's entry in the downloads manifest (src/server/content/downloads.ts). */
  entry: DownloadEntry;
  label: string;
  newTabHint: string;
  icon?: ReactNode;
  variant?: 'dark' | 'light';
}) {
  const look =
    variant === 'dark'
      ? 'bg-navy-900 text-white hover:bg-navy-800'
      : 'border-2 border-navy-900 bg-white text-navy-900 hover:bg-slate-100';
  const store = entry.kind !== 'installer';
  return (
    <a
      href={entry.url}
      {...(store ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      data-track-download={product}
      className={`inline-flex min-h-12 items-center gap-2 rounded-xl px-4 py-2 font-semibold no-underline transition-colors duration-(--duration-standard) ${look}`}
    >
      {icon}
      <span>{label}</span>
      {store ? <span className="sr-only"> ({newTabHint})</span> : null}
    </a>
  );
}
