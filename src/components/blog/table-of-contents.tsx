import type { BlogTocEntry } from '@/server/db/schema/blog';

/** Links to the article's ## and ### headings (their ids are set on import). */
export function TableOfContents({
  entries,
  label,
  lang,
}: {
  entries: BlogTocEntry[];
  label: string;
  /** The post's language where it differs from the page's (an English post shown untranslated). */
  lang?: { lang?: string; dir?: 'ltr' | 'rtl' };
}) {
  if (entries.length === 0) return null;
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-(--radius-card) border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="toc-heading" className="text-base font-bold">
        {label}
      </h2>
      <ol {...lang} className="mt-3 grid gap-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? 'ps-4' : ''}>
            <a
              href={`#${entry.id}`}
              className="inline-block py-1 text-slate-700 underline-offset-2 hover:text-accent-700 hover:underline"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
