// What the site does with a failed API call (spec 8, global response handling): the session
// codes open the "Confirm logout" dialog, a 401/403 body signs the user out and goes to /login,
// anything else shows an error toast, unless a form made the call and shows the error on itself
// (`shownByForm`). The text speaks the visitor's language: a known body `code` has its text in
// the `ApiErrors` messages, then comes the server's (English) message, then 'Error'.
import { type ValidationKey, validationTexts } from '@/lib/password-rules';
import type { ApiRequestError } from './http';

export const sessionEndedCodes: ReadonlySet<number> = new Set([50008, 50012, 50014]);

/**
 * Body codes whose server message is always the same sentence, so the code alone names it
 * (src/server/account/errors.ts, src/server/payments/errors.ts, src/server/api/errors.ts,
 * src/server/mail/errors.ts).
 */
const fixedMessageCodes = [
  413, 451, 500, 503, 20104, 40001, 40002, 40003, 40004, 40005, 40006, 40007, 40010, 40101, 40201,
  40401, 40402, 40403, 40404, 40901, 40902, 40903, 40904, 40905, 40012, 40013, 50301, 50302, 40014,
  40015, 40016, 40017, 40018, 40906, 40019, 40020, 40405, 40021, 40907, 40022,
] as const;
const fixedMessageCodeSet: ReadonlySet<number> = new Set(fixedMessageCodes);

/** The keys of the `ApiErrors` namespace: a body code, or a code and the variant of its text. */
export type ApiErrorKey =
  | `${(typeof fixedMessageCodes)[number]}`
  | '0'
  | '0_timeout'
  | '429'
  | '429_seconds'
  | '429_minutes'
  | '40011_requested'
  | '40011_guarantee'
  | '40011_renewal';

/** Every key the texts below may use; messages/en.json's `ApiErrors` has exactly these. */
export const apiErrorKeys: readonly ApiErrorKey[] = [
  ...fixedMessageCodes.map((code) => `${code}` as const),
  '0',
  '0_timeout',
  '429',
  '429_seconds',
  '429_minutes',
  '40011_requested',
  '40011_guarantee',
  '40011_renewal',
];

export type ApiErrorTextKey =
  | `ApiErrors.${ApiErrorKey}`
  | `Validation.${ValidationKey}`
  | 'Toasts.error';

/** What to show for an error: a message key with its values, or the server's own text. */
export type ApiErrorText =
  | { key: ApiErrorTextKey; values?: Record<string, number> }
  | { message: string };

/** A translator over the whole message tree (next-intl's `useTranslations()` or use-intl's). */
export type ApiErrorTranslator = (key: ApiErrorTextKey, values?: Record<string, number>) => string;

const validationKeyByText = new Map<string, ValidationKey>(
  Object.entries(validationTexts).map(([key, text]) => [text, key as ValidationKey]),
);

function retryAfterOf(error: ApiRequestError): number | undefined {
  const value = (error.body.data as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

// The limits name the wait the way the server does: seconds up to a minute and a half.
function tooManyText(error: ApiRequestError): ApiErrorText {
  const seconds = retryAfterOf(error);
  if (seconds === undefined) return { key: 'ApiErrors.429' };
  if (seconds <= 90)
    return { key: 'ApiErrors.429_seconds', values: { seconds: Math.ceil(seconds) } };
  return { key: 'ApiErrors.429_minutes', values: { minutes: Math.ceil(seconds / 60) } };
}

// A refund is refused for two reasons, told apart by the server's sentence.
function refundRefusedText(message: string): ApiErrorText | undefined {
  if (/already requested/i.test(message)) return { key: 'ApiErrors.40011_requested' };
  if (/^Renewals /.test(message)) return { key: 'ApiErrors.40011_renewal' };
  const days = /within (\d+) days/i.exec(message)?.[1];
  if (days) return { key: 'ApiErrors.40011_guarantee', values: { days: Number(days) } };
  return undefined;
}

// A 400 names the first bad field as "Invalid request: <field>: <rule's text>", or is the
// rule's text alone; the password and email rules' texts are translated in `Validation`.
function invalidRequestText(message: string): ApiErrorText | undefined {
  const text = message.replace(/^Invalid request: [^:]+: /, '');
  const key = validationKeyByText.get(text);
  return key ? { key: `Validation.${key}` } : undefined;
}

/** The text for a failed call, as a message key where the code (or its sentence) is known. */
export function apiErrorMessage(error: ApiRequestError): ApiErrorText {
  const { code, message } = error.body;
  let known: ApiErrorText | undefined;
  if (error.status === 0) {
    known = { key: message === 'Request timed out' ? 'ApiErrors.0_timeout' : 'ApiErrors.0' };
  } else if (code === 429) known = tooManyText(error);
  else if (fixedMessageCodeSet.has(code)) known = { key: `ApiErrors.${code}` as ApiErrorTextKey };
  else if (code === 40011) known = refundRefusedText(message);
  else if (code === 400) known = invalidRequestText(message);
  if (known) return known;
  return message ? { message } : { key: 'Toasts.error' };
}

/**
 * The visitor's-language text of a failed call, for a component that shows it inline:
 * `apiErrorText(useTranslations(), error)` (its provider needs `ApiErrors`, `Validation` and
 * `Toasts`).
 */
export function apiErrorText(t: ApiErrorTranslator, error: ApiRequestError): string {
  return formatApiErrorText(t, apiErrorMessage(error));
}

/** Puts an ApiErrorText into words. */
export function formatApiErrorText(t: ApiErrorTranslator, text: ApiErrorText): string {
  return 'message' in text ? text.message : t(text.key, text.values);
}

export type Feedback =
  | { kind: 'confirm-logout' }
  | { kind: 'sign-in' }
  | { kind: 'toast'; text: ApiErrorText };

export function feedbackFor(error: ApiRequestError): Feedback {
  const { code } = error.body;
  if (sessionEndedCodes.has(code)) return { kind: 'confirm-logout' };
  if (code === 401 || code === 403) return { kind: 'sign-in' };
  return { kind: 'toast', text: apiErrorMessage(error) };
}

/**
 * The `quiet` test of a form's calls: the form shows every error on itself except those that end
 * the session or ask to sign in, which stay with the global handlers (dialog, way to /login).
 */
export function shownByForm(error: ApiRequestError): boolean {
  return feedbackFor(error).kind === 'toast';
}

/** The login page of the current locale, coming back here afterwards; null when already there. */
export function signInTarget(location: { pathname: string; search: string }, loginPath: string) {
  if (location.pathname === loginPath) return null;
  return `${loginPath}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
