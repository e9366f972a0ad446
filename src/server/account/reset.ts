import 'server-only';
import type { Locale } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import type { Db } from '@/server/db/client';
import type { VerificationCode } from '@/server/db/schema';
import { getMailer, type Mailer } from '@/server/mail';
import { revokeUserSessions } from '@/server/session/queries';
import { codeLifetimeMinutes, codeMatches, codeMaxAttempts, hashCode, newCode } from './codes';
import { resetCodeEmail } from './emails/reset-code';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { hashPassword } from './password-hash';
import {
  countWrongCode,
  findUserByEmail,
  latestOpenCode,
  markCodeUsed,
  replaceVerificationCode,
  setPasswordHash,
} from './queries';

export interface CodeRequestOptions {
  mailer?: Mailer;
  /** Called with the delivery promise; tests await it, the server lets it run. */
  onDelivery?: (delivery: Promise<void>) => void;
}

/**
 * Emails a 6-digit code when the address has an account. The answer, the stored row and the
 * limits are the same either way, and the mail goes out after the answer, so neither the reply
 * nor its timing tells whether the email is registered (DECISIONS.md).
 */
export async function requestCode(
  db: Db,
  params: { email: string; ip: string; locale: Locale },
  options: CodeRequestOptions = {},
): Promise<void> {
  const email = normalizeEmail(params.email);
  const limits = accountLimits(db);
  await limits.consume('codeIp', params.ip);
  await limits.consume('codeMinute', email);
  await limits.consume('codeHour', email);

  const code = newCode();
  const now = new Date();
  await replaceVerificationCode(db, {
    email,
    codeHash: hashCode(email, code),
    now,
    expiresAt: new Date(now.getTime() + codeLifetimeMinutes * 60_000),
  });
  const user = await findUserByEmail(db, email);
  const delivery = user ? sendCode(email, code, params.locale, options.mailer) : Promise.resolve();
  options.onDelivery?.(delivery);
}

async function sendCode(email: string, code: string, locale: Locale, mailer?: Mailer) {
  try {
    await (mailer ?? getMailer()).send(await resetCodeEmail({ to: email, code, locale }));
  } catch (error: unknown) {
    // The caller already has its (uniform) answer; the operator needs to know.
    console.error('[account] reset code email failed:', error);
  }
}

/**
 * Checks a code without using it up: 'code expired.' when there is no live code, 'Verification
 * fail' for a wrong one. Five wrong tries end the code.
 */
async function checkCode(db: Db, email: string, code: string): Promise<VerificationCode> {
  const row = await latestOpenCode(db, email);
  const now = new Date();
  if (!row || row.expiresAt <= now || row.attempts >= codeMaxAttempts) {
    throw accountErrors.codeExpired();
  }
  if (!codeMatches(row.codeHash, email, code)) {
    await countWrongCode(db, row.id);
    throw accountErrors.verificationFailed();
  }
  return row;
}

export async function validateCode(db: Db, params: { email: string; code: string }) {
  await checkCode(db, normalizeEmail(params.email), params.code.trim());
}

/** Sets a new password with a valid code (using it up) and ends every session of the account. */
export async function resetPassword(
  db: Db,
  params: { email: string; code: string; password: string },
): Promise<void> {
  const email = normalizeEmail(params.email);
  const row = await checkCode(db, email, params.code.trim());
  const user = await findUserByEmail(db, email);
  // A code row exists for unknown emails too, but no one was sent it; answer as for a wrong code.
  if (!user) throw accountErrors.verificationFailed();
  const passwordHash = await hashPassword(params.password);
  if (!(await markCodeUsed(db, { codeId: row.id, now: new Date() })))
    throw accountErrors.codeExpired();
  await setPasswordHash(db, { userId: user.id, passwordHash });
  await revokeUserSessions(db, { userId: user.id, reason: 'password', now: new Date() });
}
