import 'server-only';
import { ApiError } from '@/server/api/errors';

/** Body code of "your mail is queued, not sent yet" (docs/api.md, ApiErrors.50302 in messages). */
export const mailDelayedCode = 50302;

export const mailDelayedMessage =
  'The email could not be sent right now. We will send it automatically as soon as possible: please check your inbox in a few minutes.';

/**
 * The mail server is not taking mail: what the user asked for is done and its mail is queued;
 * the queue sends it when the server is back. 503, so the client shows the message.
 */
export function mailDelayed(): ApiError {
  return new ApiError(503, mailDelayedCode, mailDelayedMessage, { retried: true });
}
