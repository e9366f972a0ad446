import 'server-only';
import type { Locale } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { Mailer } from '@/server/mail';
import { mailerFor } from '@/server/mail/mailer-for';
import { mailAvailable, sendQueued } from '@/server/mail/queue';
import { codeLifetimeMinutes, codeMatches, codeMaxAttempts, hashCode, newCode } from './codes';
import { emailChangeCodeEmail, emailChangedEmail } from './emails/account-notices';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { findUserByEmail } from './queries';
import { replaceEmailChange, spendEmailChangeAttempt, switchEmail } from './queries/security';

// Changing the account's email: a code to the new address (the rules of a reset code: 6 digits,
// 10 minutes, once, 5 tries spent atomically), then the switch and a notice to the old address.

/** POST web/email/change: mails a code to `newEmail`; answers whether mail goes out now. */
export async function requestEmailChange(
  db: Db,
  params: { user: User; newEmail: string; locale: Locale; ipKey: string; mailer?: Mailer },
): Promise<{ mailAvailable: boolean }> {
  const newEmail = normalizeEmail(params.newEmail);
  if (newEmail === params.user.email) throw accountErrors.emailUnchanged();
  const limits = accountLimits(db);
  const key = `email-change:${params.user.id}`;
  await limits.consume('codeIp', params.ipKey);
  await limits.consume('codeMinute', key);
  await limits.consume('codeHour', key);
  // Told at once (the caller proved the password): a code to an address that cannot take it
  // would only waste the user's time.
  if (await findUserByEmail(db, newEmail)) throw accountErrors.emailTaken();
  const code = newCode();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + codeLifetimeMinutes * 60_000);
  await replaceEmailChange(db, {
    userId: params.user.id,
    newEmail,
    codeHash: hashCode(newEmail, code),
    now,
    expiresAt,
  });
  const mailer = params.mailer ?? mailerFor(db);
  const message = await emailChangeCodeEmail({ to: newEmail, code, locale: params.locale });
  // A newer code retires the older one's mail if it still waits.
  await sendQueued(db, mailer, message, {
    kind: 'email-change-code',
    dedupeKey: `email-change:${params.user.id}`,
    expiresAt,
  });
  return { mailAvailable: await mailAvailable(mailer) };
}

/** POST web/email/confirm: the code switches the account to the new address. */
export async function confirmEmailChange(
  db: Db,
  params: { user: User; code: string; locale: Locale; mailer?: Mailer },
): Promise<string> {
  await accountLimits(db).consume('codeCheckEmail', `email-change:${params.user.id}`);
  const now = new Date();
  const change = await spendEmailChangeAttempt(db, {
    userId: params.user.id,
    now,
    maxAttempts: codeMaxAttempts,
  });
  if (!change) throw accountErrors.codeExpired();
  if (!codeMatches(change.codeHash, change.newEmail, params.code.trim()))
    throw accountErrors.verificationFailed();
  const outcome = await switchEmail(db, {
    changeId: change.id,
    userId: params.user.id,
    newEmail: change.newEmail,
    now,
  });
  if (outcome === 'used') throw accountErrors.codeExpired();
  if (outcome === 'taken') throw accountErrors.emailTaken();
  try {
    const notice = await emailChangedEmail({
      to: params.user.email,
      newEmail: change.newEmail,
      locale: params.locale,
    });
    await sendQueued(db, params.mailer ?? mailerFor(db), notice, {
      kind: 'email-changed',
      dedupeKey: `email-changed:${change.id}`,
    });
  } catch (error: unknown) {
    // The change is made; the queue's worker retries the notice, this only logs a render error.
    logger.error({ area: 'account', err: error }, 'email change notice failed');
  }
  return change.newEmail;
}
