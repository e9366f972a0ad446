import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { ArrowIcon } from './icons';

export interface FeatureGridItem {
  key: string;
  icon: ReactNode;
  title: string;
  body: string;
  /** Site path (without locale) of the item's own page; the whole card becomes the link. */
  href?: string;
  /** Optional extra line under the body (a badge, a count). */
  meta?: ReactNode;
}

/**
 * A responsive grid of icon, title and text: one column on phones, two on tablets, three on
 * desktops. Linked cards put the link on the title and stretch it over the card, so the card is
 * one tab stop with a meaningful name.
 */
export function FeatureGrid({
  items,
  columns = 3,
  headingLevel = 'h3',
}: {
  items: FeatureGridItem[];
  columns?: 2 | 3 | 4;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-4 sm:gap-6 ${grid}`}>
      {items.map((item) => (
        <li
          key={item.key}
          className="relative flex flex-col rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) transition-shadow duration-(--duration-standard) focus-within:ring-2 focus-within:ring-accent-600 hover:shadow-md sm:p-6"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
            {item.icon}
          </span>
          <Heading className="mt-4 text-lg font-semibold leading-snug">
            {item.href ? (
              <Link
                href={item.href}
                className="no-underline after:absolute after:inset-0 after:rounded-(--radius-card) focus-visible:outline-none"
              >
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </Heading>
          <p className="mt-2 flex-1 text-slate-600">{item.body}</p>
          {item.meta ? <div className="mt-3">{item.meta}</div> : null}
          {item.href ? <ArrowIcon size={18} className="mt-4 text-accent-700" /> : null}
        </li>
      ))}
    </ul>
  );
}
