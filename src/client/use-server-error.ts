'use client';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { apiErrorTexts } from './api-error-texts';
import { shownByForm } from './api-feedback';
import {
  afterInput,
  placeServerError,
  type ServerErrorPlaces,
  type ShownServerError,
  serverErrorText,
} from './server-error';

/**
 * The server's refusal shown on a form rather than in a toast that fades: the form calls the
 * API with `quiet: server.quiet` (the session codes still reach the global handlers), `clear()`
 * before sending and `show(error)` when it fails. A field's error goes to its TextField
 * (`fieldErrors(own)[name]`: aria-invalid, aria-describedby, role="alert"), and the field gets
 * focus; any other error to `<ServerErrorAlert>` (src/components/feedback/) at the top, which the form's
 * `aria-describedby` names. It stays until the user changes that field (any field, for one at
 * the top) or sends again. Spread `formProps` on the <form>.
 */
export function useServerError<F extends string>(places: ServerErrorPlaces<F>) {
  const [shown, setShown] = useState<ShownServerError<F> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertId = useId();

  useEffect(() => {
    if (!shown?.field) return;
    const control = formRef.current?.elements.namedItem(shown.field);
    if (control instanceof HTMLElement) control.focus();
  }, [shown]);

  const text = shown ? serverErrorText(shown.error, apiErrorTexts()) : undefined;
  const atTop = shown !== null && shown.field === null;

  return {
    quiet: shownByForm,
    clear: () => setShown(null),
    show: (error: unknown) => {
      const form = formRef.current;
      const hasField = (field: F) => !form || form.elements.namedItem(field) !== null;
      setShown(placeServerError(error, places, hasField));
    },
    /** The form's own errors by field, with the server's added on its field (the form's first). */
    fieldErrors: <E extends Partial<Record<string, string>>>(own: E): E =>
      shown?.field && !own[shown.field] ? { ...own, [shown.field]: text } : own,
    /** The error shown at the top of the form. */
    top: atTop ? { error: shown.error, text: text ?? '' } : null,
    alertId,
    formProps: {
      ref: formRef,
      'aria-describedby': atTop ? alertId : undefined,
      onInput: (event: FormEvent<HTMLFormElement>) => {
        const { name } = event.target as { name?: unknown };
        if (typeof name === 'string' && name) setShown((current) => afterInput(current, name));
      },
    },
  };
}
