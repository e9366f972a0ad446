// What the site does with a failed API call (spec 8, global response handling): the session
// codes open the "Confirm logout" dialog, a 401/403 body signs the user out and goes to /login,
// anything else shows an error toast with the server's message or 'Error'.
import type { ApiRequestError } from './http';

export const sessionEndedCodes: ReadonlySet<number> = new Set([50008, 50012, 50014]);

export type Feedback =
  | { kind: 'confirm-logout' }
  | { kind: 'sign-in' }
  | { kind: 'toast'; message: string };

export function feedbackFor(error: ApiRequestError): Feedback {
  const { code, message } = error.body;
  if (sessionEndedCodes.has(code)) return { kind: 'confirm-logout' };
  if (code === 401 || code === 403) return { kind: 'sign-in' };
  return { kind: 'toast', message: message || 'Error' };
}

/** The login page of the current locale, coming back here afterwards; null when already there. */
export function signInTarget(location: { pathname: string; search: string }, loginPath: string) {
  if (location.pathname === loginPath) return null;
  return `${loginPath}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
