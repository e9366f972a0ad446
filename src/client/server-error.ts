import { createTranslator } from 'use-intl/core';
import type { ApiErrorTexts } from './api-error-texts';
import { type ApiErrorTranslator, apiErrorText, shownByForm } from './api-feedback';
import { ApiRequestError } from './http';

// Where a form shows the server's refusal (use-server-error.ts): on the field it concerns when
// that is clear, else at the form's top, until the user changes that field or sends again.

/**
 * What of a form's server errors concerns one of its fields (named as its control's `name`):
 * body codes (40003 wrong code → 'code') and the request's fields a 400 names
 * (`new_password` → 'password'). Anything else goes to the top: 40101 "Incorrect username or
 * password." does not say which of the two, and limits, network and server failures concern
 * the whole form.
 */
export interface ServerErrorPlaces<F extends string> {
  codes?: Partial<Record<number, F>>;
  params?: Partial<Record<string, F>>;
}

/** A server error shown on a form: next to `field`, or at the top when it is null. */
export interface ShownServerError<F extends string> {
  error: unknown;
  field: F | null;
}

/** The request field a 400 names first: `data.fields[0].field`, else its message's. */
export function invalidParam(error: ApiRequestError): string | undefined {
  if (error.body.code !== 400) return undefined;
  const fields = (error.body.data as { fields?: unknown } | undefined)?.fields;
  const first: unknown = Array.isArray(fields) ? fields[0] : undefined;
  const field = (first as { field?: unknown } | undefined)?.field;
  if (typeof field === 'string') return field;
  return /^Invalid request: ([^:]+): /.exec(error.body.message)?.[1];
}

/**
 * Where a failed call's error goes on the form; null for the session codes and 401/403, which
 * the global handlers answer (the "Confirm logout" dialog, the way to /login). A field the form
 * does not show (`hasField`: the reset page that already knows the code) sends it to the top.
 */
export function placeServerError<F extends string>(
  error: unknown,
  places: ServerErrorPlaces<F>,
  hasField: (field: F) => boolean = () => true,
): ShownServerError<F> | null {
  if (!(error instanceof ApiRequestError)) return { error, field: null };
  if (!shownByForm(error)) return null;
  const param = invalidParam(error);
  const field = places.codes?.[error.body.code] ?? (param ? places.params?.[param] : undefined);
  return { error, field: field && hasField(field) ? field : null };
}

/** After the user changed the control named `name`: its error, or one at the top, is gone. */
export function afterInput<F extends string>(
  shown: ShownServerError<F> | null,
  name: string,
): ShownServerError<F> | null {
  if (!shown) return null;
  return shown.field === null || shown.field === name ? null : shown;
}

let translator: { texts: ApiErrorTexts; t: ApiErrorTranslator } | null = null;

/**
 * The error in the page's language (`texts` from api-error-texts.ts); without the texts, the
 * server's own message.
 */
export function serverErrorText(error: unknown, texts: ApiErrorTexts | null): string {
  if (!texts) {
    return error instanceof ApiRequestError && error.body.message ? error.body.message : 'Error';
  }
  if (translator?.texts !== texts) {
    const format = createTranslator({ locale: texts.locale, messages: texts.messages });
    translator = { texts, t: (key, values) => format(key, values) };
  }
  const { t } = translator;
  return error instanceof ApiRequestError ? apiErrorText(t, error) : t('Toasts.error');
}
