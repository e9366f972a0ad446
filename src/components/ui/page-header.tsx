import type { ReactNode } from 'react';
import { Container } from './container';

/** The heading block every page starts with: one h1 and an optional lede. */
export function PageHeader({
  title,
  lede,
  children,
}: {
  title: string;
  lede?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-slate-50 py-12 sm:py-16">
      <Container>
        <h1 className="max-w-3xl text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
          {title}
        </h1>
        {lede ? <p className="mt-4 max-w-[65ch] text-lg text-slate-600">{lede}</p> : null}
        {children}
      </Container>
    </section>
  );
}
