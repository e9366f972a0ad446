import type { TocEntry } from '@/server/content/markdown-headings';

// `article`: a blog post's contents (## and ### headings, the ### ones indented). `document`:
// a legal page's "On this page", sticky beside the text on wide screens.
const looks = {
  article: {
    nav: 'rounded-(--radius-card) border border-slate-200 bg-slate-50 p-5',
    heading: 'text-base font-bold',
    list: 'mt-3 grid gap-1 text-sm',
    link: 'inline-block py-1 text-slate-700 underline-offset-2 hover:text-accent-700 hover:underline',
  },
  document: {
    nav: 'rounded-(--radius-card) border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto',
    heading: 'text-sm font-semibold uppercase tracking-wide text-slate-600',
    list: 'mt-3 space-y-1 text-base',
    link: 'block rounded px-2 py-1.5 text-navy-900 underline-offset-2 hover:bg-white hover:underline',
  },
} as const;

/**
 * Links to a document's headings, whose ids the Markdown pipeline gave them
 * (src/server/content/markdown-headings.ts). Nothing is shown for a document without headings.
 */
export function TableOfContents({
  entries,
  label,
  lang,
  variant = 'article',
}: {
  entries: TocEntry[];
  label: string;
  /** The document's language where it differs from the page's (English shown untranslated). */
  lang?: { lang?: string; dir?: 'ltr' | 'rtl' };
  variant?: keyof typeof looks;
}) {
  if (entries.length === 0) return null;
  const look = looks[variant];
  return (
    <nav aria-labelledby="toc-heading" className={look.nav}>
      <h2 id="toc-heading" className={look.heading}>
        {label}
      </h2>
      <ol {...lang} className={look.list}>
        {entries.map((entry) => (
          <li key={entry.id} className={variant === 'article' ? indent(entry) : undefined}>
            <a href={`#${entry.id}`} className={look.link}>
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A blog post's ### entries are indented under their ## entry. */
function indent(entry: TocEntry): string {
  return entry.level === 3 ? 'ps-4' : '';
}
