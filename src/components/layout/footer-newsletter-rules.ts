// What the footer's newsletter sign-up checks before sending and how it reads the API's answer,
// without zod or next-intl in every page's script. The address rule is the one of
// `newsletterSubscribeSchema` (src/lib/form-rules.ts): trimmed, required, at most 254 characters
// and zod's email pattern; a unit test holds the two together. The API checks again anyway.
import { ApiRequestError } from '@/client/http';

/** zod 4's `z.regexes.email`, the pattern `z.email()` uses. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** `limits.email` of the form rules. */
export const maxEmailLength = 254;

/** What the form shows under the field: a text of `Forms` (`errors.*`, tooMany, failed, network). */
export type SignupProblem =
  | { key: 'emailRequired' | 'invalidEmail' | 'failed' | 'network' }
  | { key: 'tooMany'; minutes: number };

/** The problem with an address as typed, or null when it may be sent. */
export function emailProblem(value: string): SignupProblem | null {
  const email = value.trim();
  if (email === '') return { key: 'emailRequired' };
  if (email.length > maxEmailLength || !emailPattern.test(email)) return { key: 'invalidEmail' };
  return null;
}

/** A failed subscribe call as the form shows it (the same reading as useFormSubmit's). */
export function problemOfError(error: unknown): SignupProblem {
  if (!(error instanceof ApiRequestError)) return { key: 'failed' };
  const data = error.body.data as { fields?: unknown; retry_after?: unknown } | undefined;
  if (error.status === 400 && Array.isArray(data?.fields)) {
    for (const entry of data.fields as unknown[]) {
      const key = (entry as { key?: unknown } | null)?.key;
      if (key === 'emailRequired' || key === 'invalidEmail') return { key };
    }
  }
  if (error.status === 429) {
    const seconds = data?.retry_after;
    const minutes = typeof seconds === 'number' ? Math.max(1, Math.ceil(seconds / 60)) : 60;
    return { key: 'tooMany', minutes };
  }
  return { key: error.status === 0 ? 'network' : 'failed' };
}
