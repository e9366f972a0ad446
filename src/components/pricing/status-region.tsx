'use client';

import { type ReactNode, useEffect, useRef } from 'react';

export type StatusTone = 'info' | 'success' | 'error';

const tones: Record<StatusTone, string> = {
  info: 'border-accent-700/30 bg-accent-50 text-navy-900',
  success: 'border-success-700/30 bg-green-50 text-navy-900',
  error: 'border-error-700/40 bg-red-50 text-navy-900',
};

/**
 * Where a purchase page says what is happening. It is a live region, so a screen reader hears
 * each new message, and it takes the keyboard focus whenever `focusKey` changes, so the next
 * Tab starts from the message and its buttons (not from the control that was pressed and may
 * be gone). Renders nothing visible while it has no children, but stays in the page, so the
 * first message is announced.
 */
export function StatusRegion({
  focusKey,
  tone = 'info',
  children,
  className = '',
}: {
  focusKey: number;
  tone?: StatusTone;
  children?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // 0 is the page as it loaded: the focus stays where the visitor is. Every later key (also on
  // a region that mounts with it, when a step swaps the view) takes the focus.
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  const filled = children !== undefined && children !== null && children !== false;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-live="polite"
      data-status={filled ? tone : undefined}
      className={
        filled
          ? `rounded-xl border p-4 outline-none focus-visible:ring-2 focus-visible:ring-accent-700 ${tones[tone]} ${className}`
          : 'outline-none'
      }
    >
      {children}
    </div>
  );
}
