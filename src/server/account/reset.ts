import 'server-only';
import type { Locale } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import type { Db } from '@/server/db/client';
import type { VerificationCode } from '@/server/db/schema';
import { logger } from '@/server/log';
import { getMailer, type Mailer } from '@/server/mail';
import { dropQueuedMail } from '@/server/mail/queries';
import {
  deliverQueued,
  enqueueMail,
  type MailQueueSettings,
  mailAvailable,
} from '@/server/mail/queue';
import { revokeUserSessions } from '@/server/session/queries';
import { codeLifetimeMinutes, codeMatches, codeMaxAttempts, hashCode, newCode } from './codes';
import { resetCodeEmail } from './emails/reset-code';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { hashPassword } from './password-hash';
import {
  findUserByEmail,
  markCodeUsed,
  refundCodeAttempt,
  replaceVerificationCode,
  setPasswordHash,
  spendCodeAttempt,
} from './queries';

export interface CodeRequestOptions {
  mailer?: Mailer;
  /** Called with the delivery promise; tests await it, the server lets it run. */
  onDelivery?: (delivery: Promise<void>) => void;
  /** Retry settings of the queued mail (tests use short waits). */
  queue?: MailQueueSettings;
}

/**
 * Emails a 6-digit code when the address has an account. The answer, the stored row and the
 * limits are the same either way, and the mail goes out after the answer, so neither the reply
 * nor its timing tells whether the email is registered (DECISIONS.md).
 *
 * The mail is queued in the code's own transaction and tried right after the answer; if the
 * mail server is away the queue retries it while the code lives. `mailAvailable` is false when
 * the mail server is known not to take mail right now (whatever the email, so it reveals no
 * account): the route then tells the user that the mail is delayed.
 */
export async function requestCode(
  db: Db,
  params: { email: string; ipKey: string; locale: Locale },
  options: CodeRequestOptions = {},
): Promise<{ mailAvailable: boolean }> {
  const email = normalizeEmail(params.email);
  const limits = accountLimits(db);
  await limits.consume('codeIp', params.ipKey);
  await limits.consume('codeMinute', email);
  await limits.consume('codeHour', email);

  const code = newCode();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + codeLifetimeMinutes * 60_000);
  const user = await findUserByEmail(db, email);
  // Rendered for every email, sent only to an account: the same work either way.
  const message = await resetCodeEmail({ to: email, code, locale: params.locale });
  const dedupeKey = `reset-code:${email}`;
  const queued = await db.transaction(async (tx) => {
    await replaceVerificationCode(tx, { email, codeHash: hashCode(email, code), now, expiresAt });
    // A new code retires the old one, and so its mail if that is still waiting.
    await dropQueuedMail(tx, dedupeKey);
    if (!user) return undefined;
    return enqueueMail(tx, message, { kind: 'reset-code', dedupeKey, expiresAt });
  });
  const mailer = options.mailer ?? getMailer();
  const mailAvailableNow = await mailAvailable(mailer);
  const delivery = queued ? sendCode(db, mailer, queued, options.queue) : Promise.resolve();
  options.onDelivery?.(delivery);
  return { mailAvailable: mailAvailableNow };
}

async function sendCode(db: Db, mailer: Mailer, queuedId: string, settings?: MailQueueSettings) {
  try {
    // A failure is logged and left queued for the worker.
    await deliverQueued(db, mailer, queuedId, settings);
  } catch (error: unknown) {
    // The caller already has its (uniform) answer; the operator needs to know.
    logger.error({ area: 'account', err: error }, 'reset code email could not be tried');
  }
}

/**
 * Checks a code without using it up: 'code expired.' when there is no live code, 'Verification
 * fail' for a wrong one. The try is spent before the comparison (one atomic update), so five
 * wrong tries end the code however many arrive at once; a right code gives its try back.
 */
async function checkCode(db: Db, email: string, code: string): Promise<VerificationCode> {
  const row = await spendCodeAttempt(db, { email, now: new Date(), maxAttempts: codeMaxAttempts });
  if (!row) throw accountErrors.codeExpired();
  if (!codeMatches(row.codeHash, email, code)) throw accountErrors.verificationFailed();
  await refundCodeAttempt(db, row.id);
  return row;
}

/** Every code typed counts per address and per email before it is looked at. */
async function countCodeCheck(db: Db, email: string, ipKey: string) {
  const limits = accountLimits(db);
  await limits.consume('codeCheckIp', ipKey);
  await limits.consume('codeCheckEmail', email);
}

export async function validateCode(db: Db, params: { email: string; code: string; ipKey: string }) {
  const email = normalizeEmail(params.email);
  await countCodeCheck(db, email, params.ipKey);
  await checkCode(db, email, params.code.trim());
}

/** Sets a new password with a valid code (using it up) and ends every session of the account. */
export async function resetPassword(
  db: Db,
  params: { email: string; code: string; password: string; ipKey: string },
): Promise<string> {
  const email = normalizeEmail(params.email);
  await countCodeCheck(db, email, params.ipKey);
  const row = await checkCode(db, email, params.code.trim());
  const user = await findUserByEmail(db, email);
  // A code row exists for unknown emails too, but no one was sent it; answer as for a wrong code.
  if (!user) throw accountErrors.verificationFailed();
  const passwordHash = await hashPassword(params.password);
  if (!(await markCodeUsed(db, { codeId: row.id, now: new Date() })))
    throw accountErrors.codeExpired();
  await setPasswordHash(db, { userId: user.id, passwordHash });
  await revokeUserSessions(db, { userId: user.id, reason: 'password', now: new Date() });
  return user.id;
}
