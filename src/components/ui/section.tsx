import type { ReactNode } from 'react';
import { Container } from './container';

type Tone = 'white' | 'tint' | 'navy';

const tones: Record<Tone, string> = {
  white: 'bg-white',
  tint: 'bg-slate-50',
  navy: 'bg-navy-900 text-white',
};

/**
 * One band of a page: an h2, an optional lede and the content, with the site's vertical rhythm.
 * `id` names the heading so the section is a labelled landmark for screen readers.
 */
export function Section({
  id,
  title,
  lede,
  tone = 'white',
  children,
  action,
}: {
  id: string;
  title: string;
  lede?: string;
  tone?: Tone;
  children?: ReactNode;
  /** A link shown beside the heading on wide screens, below it on small ones. */
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`py-12 sm:py-16 ${tones[tone]}`}>
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          <div className="max-w-3xl">
            <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            {lede ? (
              <p
                className={`mt-3 max-w-[65ch] text-lg ${tone === 'navy' ? 'text-slate-300' : 'text-slate-600'}`}
              >
                {lede}
              </p>
            ) : null}
          </div>
          {action}
        </div>
        {children ? <div className="mt-8">{children}</div> : null}
      </Container>
    </section>
  );
}
