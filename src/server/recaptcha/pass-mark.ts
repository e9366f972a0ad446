import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The bot-check wrapper (/ws/mm/reca/...) verifies reCAPTCHA and then dispatches the wrapped
// /api/mms/... request through the same app. Endpoints the site only calls through the wrapper
// (requireBotCheck, src/server/api/middleware/bot-check-guard.ts) must tell that inner request
// from a direct call. The wrapper marks it with a header whose value is a random secret of this
// process: a caller outside cannot know it, so copying the header name forges nothing. A header,
// not the Request object, because Hono's body limit replaces `c.req.raw` with a copy (headers
// kept) on the way. The name says "secret", so the log's redaction hides it should a header
// ever be logged.

export const botCheckPassHeader = 'X-Bot-Check-Secret';

// Next loads this module in several bundles of one process: one secret for all of them.
const secretKey = Symbol.for('turbovpn.recaptcha.pass-secret');
const holder = globalThis as typeof globalThis & { [secretKey]?: string };

function secret(): string {
  holder[secretKey] ??= randomBytes(32).toString('base64url');
  return holder[secretKey];
}

/** Marks headers of a request the wrapper dispatches after reCAPTCHA passed. */
export function markBotCheckPassed(headers: Headers): void {
  headers.set(botCheckPassHeader, secret());
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request was dispatched by the wrapper after reCAPTCHA passed. */
export function passedBotCheck(headers: Headers): boolean {
  const presented = headers.get(botCheckPassHeader);
  if (!presented) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(presented), digest(secret()));
}
