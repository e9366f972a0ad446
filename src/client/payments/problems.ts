// What went wrong with a payments call, as the purchase pages word it.
import { sessionEndedCodes } from '@/client/api-feedback';
import { ApiRequestError } from '@/client/http';
import { validationTexts } from '@/lib/password-rules';

/** What went wrong, as the pages word it (a `Checkout.errors` message key). */
export type PaymentProblem =
  | 'alreadyPurchased'
  | 'hasAccount'
  | 'notApproved'
  | 'paymentFailed'
  | 'networkError'
  | 'blockedRegion'
  | 'planNotFound'
  | 'orderNotFound'
  | 'emailRequired'
  | 'emailInvalid'
  | 'signInExpired'
  | 'generic';

const byCode: Record<number, PaymentProblem> = {
  40902: 'alreadyPurchased',
  40903: 'hasAccount',
  40904: 'notApproved',
  40201: 'paymentFailed',
  50301: 'networkError',
  451: 'blockedRegion',
  40402: 'planNotFound',
  40403: 'orderNotFound',
};

/** The problem behind a failed call; anything that is not an API answer counts as generic. */
export function problemOf(error: unknown): PaymentProblem {
  if (!(error instanceof ApiRequestError)) return 'generic';
  // No answer at all (offline, timeout): the spec's network message.
  if (error.status === 0) return 'networkError';
  const { code, message } = error.body;
  const known = byCode[code];
  if (known) return known;
  if (sessionEndedCodes.has(code) || code === 401 || code === 403) return 'signInExpired';
  if (message === validationTexts.emailRequired) return 'emailRequired';
  if (message.includes(validationTexts.emailInvalid)) return 'emailInvalid';
  return 'generic';
}
