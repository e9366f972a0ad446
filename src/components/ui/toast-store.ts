// The toasts on show (spec 8: errors show for 5 s), outside React so any component, and the API
// feedback, can show one. They stack in one region (toast.tsx), so they never overlap.

export type ToastKind = 'error' | 'warning' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const toastDurationMs = 5_000;

/** At most this many at once: the oldest gives way. */
export const maxToasts = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** The toasts on show, oldest first. */
export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

/** Shows a message for `durationMs` (5 s by default); the same text twice in a row shows once. */
export function showToast(kind: ToastKind, message: string, durationMs = toastDurationMs): void {
  if (toasts.some((toast) => toast.kind === kind && toast.message === message)) return;
  const id = nextId;
  nextId += 1;
  emit([...toasts.slice(1 - maxToasts), { id, kind, message }]);
  setTimeout(() => dismissToast(id), durationMs);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
