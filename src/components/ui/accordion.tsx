import type { ReactNode } from 'react';

export interface AccordionItem {
  /** Stable id: the anchor of the item (`#id`) and the key. */
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * A list of disclosure panels built on <details>/<summary>: keyboard (Tab, Enter, Space) and
 * screen readers (expanded/collapsed) work natively, with no JavaScript. Several panels may be
 * open at once, so readers can compare answers.
 */
export function Accordion({
  items,
  className = '',
  lang,
  dir,
}: {
  items: AccordionItem[];
  className?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  return (
    <div
      lang={lang}
      dir={dir}
      className={`divide-y divide-slate-200 rounded-(--radius-card) border border-slate-200 bg-white ${className}`}
    >
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-24">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 text-start text-base font-semibold text-navy-900 hover:bg-slate-50 sm:px-6 sm:text-lg [&::-webkit-details-marker]:hidden">
            <span>{item.title}</span>
            <svg
              width={20}
              height={20}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
              className="shrink-0 text-accent-700 transition-transform duration-(--duration-standard) group-open:rotate-180"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <div className="px-4 pb-5 sm:px-6">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
