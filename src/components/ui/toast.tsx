'use client';

import { useSyncExternalStore } from 'react';

// Toasts (spec 8: errors show for 5 s). One region, fixed to the bottom of the viewport so it
// never moves the page (no layout shift), and always in the DOM so screen readers already
// watch it when the first message arrives.

export type ToastKind = 'error' | 'warning' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const toastDurationMs = 5_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

/** Shows a message for `durationMs` (5 s by default); the same text twice in a row shows once. */
export function showToast(kind: ToastKind, message: string, durationMs = toastDurationMs): void {
  if (toasts.some((toast) => toast.kind === kind && toast.message === message)) return;
  const id = nextId;
  nextId += 1;
  // At most three at once: the oldest gives way.
  emit([...toasts.slice(-2), { id, kind, message }]);
  setTimeout(() => dismissToast(id), durationMs);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const empty: readonly Toast[] = [];

const kindClass: Record<ToastKind, string> = {
  error: 'border-error-700 text-error-700',
  warning: 'border-warning-700 text-warning-700',
  success: 'border-success-700 text-success-700',
};

/** The live region that shows toasts; render it once per page. */
export function ToastRegion({ label, dismissLabel }: { label: string; dismissLabel: string }) {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
  return (
    <section
      aria-label={label}
      aria-live="polite"
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
