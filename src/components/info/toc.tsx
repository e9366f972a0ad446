import type { TocEntry } from '@/server/content/markdown';

/** "On this page": links to the document's level-2 sections. */
export function TableOfContents({
  entries,
  label,
  lang,
  dir,
}: {
  entries: TocEntry[];
  label: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-(--radius-card) border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto"
    >
      <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {label}
      </h2>
      <ol lang={lang} dir={dir} className="mt-3 space-y-1 text-base">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded px-2 py-1.5 text-navy-900 underline-offset-2 hover:bg-white hover:underline"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
