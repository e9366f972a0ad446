'use client';

import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { toastBottom, watchBannerCover } from './toast-placement';
import {
  currentToasts,
  dismissToast,
  subscribeToasts,
  type Toast,
  type ToastKind,
} from './toast-store';

// Toasts (spec 8: errors show for 5 s). One region, fixed to the bottom of the viewport so it
// never moves the page (no layout shift), and always in the DOM so screen readers already
// watch it when the first message arrives. Toasts stack in it, so they never overlap, and it
// sits above the cookie banner while that is shown (toast-placement.ts). Errors of a form are
// shown on the form instead (src/client/use-server-error.ts).

export {
  dismissToast,
  showToast,
  type Toast,
  type ToastKind,
  toastDurationMs,
} from './toast-store';

const empty: readonly Toast[] = [];

const kindClass: Record<ToastKind, string> = {
  error: 'border-error-700 text-error-700',
  warning: 'border-warning-700 text-warning-700',
  success: 'border-success-700 text-success-700',
};

/** How far the cookie banner reaches up while toasts are on show (0 otherwise). */
function useBannerCover(active: boolean): number {
  const [cover, setCover] = useState(0);
  // Measured before the first toast is painted, so it never shows on the banner for a frame.
  useLayoutEffect(() => {
    if (!active) return;
    return watchBannerCover(setCover);
  }, [active]);
  return active ? cover : 0;
}

/** The live region that shows toasts; render it once per page. */
export function ToastRegion({ label, dismissLabel }: { label: string; dismissLabel: string }) {
  const current = useSyncExternalStore(subscribeToasts, currentToasts, () => empty);
  const cover = useBannerCover(current.length > 0);
  const bottom = toastBottom(cover);
  return (
    <section
      aria-label={label}
      aria-live="polite"
      data-toast-region=""
      style={bottom ? { bottom } : undefined}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2"
    >
      {current.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-toast={toast.kind}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-s-4 bg-white px-4 py-3 font-medium shadow-lg ${kindClass[toast.kind]}`}
        >
          <p className="flex-1 text-navy-900">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-me-1 rounded px-1 text-slate-600 hover:text-navy-900"
            aria-label={dismissLabel}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
