'use client';

import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside it, makes the page
 * behind inert and closes it on Escape (reported through onCancel). Focus goes to the element
 * marked `autoFocus` (or the first control) and returns to where it was when the dialog closes.
 */
export function Dialog({
  open,
  title,
  children,
  actions,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The buttons, in reading order; mark the safe default with autoFocus. */
  actions: ReactNode;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: keep the dialog under React's control instead of letting the browser close it.
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      onCancel();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => dialog.removeEventListener('cancel', onCancelEvent);
  }, [onCancel]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-navy-900 shadow-xl backdrop:bg-navy-950/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      {children ? (
        <div id={textId} className="mt-3 text-slate-700">
          {children}
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
    </dialog>
  );
}
