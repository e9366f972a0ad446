import type { ComponentProps } from 'react';
import { Link } from '@/i18n/navigation';

type Variant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-base font-semibold no-underline transition-colors duration-(--duration-standard)';

const variants: Record<Variant, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800',
  secondary: 'border-2 border-accent-700 text-accent-700 hover:bg-accent-50',
  ghost: 'text-navy-900 hover:bg-slate-100',
};

/** The secondary button on a navy band (white outline; white on navy-900 is 16.6:1). */
export const onDarkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-white px-5 py-2.5 text-base font-semibold text-white no-underline transition-colors duration-(--duration-standard) hover:bg-navy-800';

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`;
}

/** A link that looks like a button: for actions that navigate ("Get 24 months", "Download"). */
export function LinkButton({
  variant = 'primary',
  className = '',
  ...rest
}: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link {...rest} className={buttonClass(variant, className)} />;
}
