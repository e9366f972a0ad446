import type { ReactNode } from 'react';

type Tone = 'neutral' | 'accent' | 'success' | 'warning';

// Text colours are the 700 shades on light tints: all pass WCAG AA at small sizes.
const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  accent: 'bg-accent-50 text-accent-700',
  success: 'bg-green-50 text-success-700',
  warning: 'bg-amber-50 text-warning-700',
};

/** A short label ("Premium", "Free"); never the only carrier of meaning (it is text). */
export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: Tone }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
