import type { ReactNode } from 'react';

/** A bordered surface with the card radius and shadow (DESIGN.md: one of each for cards). */
export function Card({
  children,
  className = '',
  as: Tag = 'div',
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'li' | 'article' | 'section';
}) {
  return (
    <Tag
      className={`rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6 ${className}`}
    >
      {children}
    </Tag>
  );
}
