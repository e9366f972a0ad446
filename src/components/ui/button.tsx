import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from './link-button';

/** A button in the site's styles; `busy` disables it and tells assistive technology why. */
export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(
        variant,
        `disabled:cursor-not-allowed disabled:opacity-60 ${className}`,
      )}
      {...rest}
    />
  );
}
