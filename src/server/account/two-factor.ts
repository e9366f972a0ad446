import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { brand } from '@/lib/site';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { verifyPassword } from './password-hash';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  enableTotpFactor,
  findTotpFactor,
  removeTotpFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
  startTotpSetup,
} from './queries/security';

// TOTP two-factor (RFC 6238: SHA-1, 6 digits, 30 seconds, what every authenticator app reads)
// with ten single-use recovery codes. The otpauth library computes and checks codes; what is
// ours is that a code is accepted once (claimTotpStep) and every code typed is counted first.

const period = 30;
/** A code of the step before or after is accepted too (clocks drift). */
const window = 1;
/** A setup not confirmed within 30 minutes must start again. */
const setupLifetimeMs = 30 * 60_000;
export const recoveryCodeCount = 10;

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: brand.name,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step the code belongs to, or undefined when it matches none near `now`. */
function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / period) + delta;
}

// Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I/L), shown as
// "abcde-fghjk"; typed in any case, with or without the dash. About 49 bits each.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function hashRecoveryCode(userId: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`${userId}\n${normalized}`).digest('hex');
}

async function issueRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await replaceRecoveryCodes(db, {
    userId,
    codeHashes: codes.map((code) => hashRecoveryCode(userId, code)),
    now,
  });
  return codes;
}

/** GET web/2fa: whether two-factor is on and how many recovery codes are left. */
export async function twoFactorStatus(db: Db, userId: string) {
  const factor = await findTotpFactor(db, userId);
  const enabled = Boolean(factor?.enabledAt);
  return {
    totp_enabled: enabled,
    enabled_at: factor?.enabledAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}

export async function isTotpEnabled(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findTotpFactor(db, userId))?.enabledAt);
}

/** POST web/2fa/totp/setup: a new secret, its otpauth:// address and that address as a QR code. */
export async function setupTotp(db: Db, user: User, now = new Date()) {
  if (await isTotpEnabled(db, user.id)) throw accountErrors.totpAlreadyOn();
  const secret = new Secret({ size: 20 }).base32;
  // Refused by the database when a concurrent enable won in between.
  if (!(await startTotpSetup(db, { userId: user.id, secret, now })))
    throw accountErrors.totpAlreadyOn();
  const otpauthUrl = totpOf(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** POST web/2fa/totp/enable: the first right code switches it on; answers the recovery codes. */
export async function enableTotp(db: Db, user: User, code: string, now = new Date()) {
  const factor = await findTotpFactor(db, user.id);
  if (factor?.enabledAt) throw accountErrors.totpAlreadyOn();
  const setupSince = new Date(now.getTime() - setupLifetimeMs);
  if (!factor || factor.createdAt <= setupSince) throw accountErrors.totpNotSetUp();
  const limits = accountLimits(db);
  await limits.consume('mfaAccount', user.id);
  const step = matchingStep(factor.secret, code, now);
  if (step === undefined) throw accountErrors.mfaCodeWrong();
  await limits.reset('mfaAccount', user.id);
  if (!(await enableTotpFactor(db, { userId: user.id, step, now, setupSince }))) {
    // Another request switched it on (or started a new setup) in between.
    throw (await isTotpEnabled(db, user.id))
      ? accountErrors.totpAlreadyOn()
      : accountErrors.totpNotSetUp();
  }
  return issueRecoveryCodes(db, user.id, now);
}

export interface SecondFactorInput {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

/**
 * Checks a two-factor code or a recovery code of an account with two-factor on, and uses it up.
 * Every code is counted against the account before it is looked at; a TOTP code is taken only
 * for a step later than the last one taken, a recovery code only while unused.
 */
export async function verifySecondFactor(
  db: Db,
  userId: string,
  input: SecondFactorInput,
  now = new Date(),
): Promise<'totp' | 'recovery_code'> {
  const factor = await findTotpFactor(db, userId);
  if (!factor?.enabledAt) throw accountErrors.totpNotOn();
  const limits = accountLimits(db);
  await limits.consume('mfaAccount', userId);
  let used: 'totp' | 'recovery_code';
  if (input.code) {
    const step = matchingStep(factor.secret, input.code, now);
    if (step === undefined || !(await claimTotpStep(db, { userId, step })))
      throw accountErrors.mfaCodeWrong();
    used = 'totp';
  } else {
    const recovery = input.recovery_code ?? '';
    const codeHash = hashRecoveryCode(userId, recovery);
    if (!recovery || !(await spendRecoveryCode(db, { userId, codeHash, now })))
      throw accountErrors.mfaCodeWrong();
    used = 'recovery_code';
  }
  // As at sign-in: whoever has a right code needs no more guesses.
  await limits.reset('mfaAccount', userId);
  return used;
}

/**
 * Checks the account's password for a sensitive change, counted against the account before the
 * comparison (the change-password limit: the same guesses, the same budget).
 */
export async function confirmPassword(db: Db, user: User, password: string): Promise<void> {
  if (!user.passwordHash) throw accountErrors.passwordNotSet();
  const limits = accountLimits(db);
  await limits.consume('changePassword', user.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw accountErrors.incorrectPassword();
  await limits.reset('changePassword', user.id);
}

/** POST web/2fa/totp/disable: the password and a code (or a recovery code) switch it off. */
export async function disableTotp(
  db: Db,
  user: User,
  input: SecondFactorInput & { password: string },
  now = new Date(),
): Promise<void> {
  if (!(await isTotpEnabled(db, user.id))) throw accountErrors.totpNotOn();
  await confirmPassword(db, user, input.password);
  await verifySecondFactor(db, user.id, input, now);
  await removeTotpFactor(db, user.id);
}

/** POST web/2fa/recovery/regenerate: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Db, user: User, now = new Date()) {
  if (!(await isTotpEnabled(db, user.id))) throw accountErrors.totpNotOn();
  return issueRecoveryCodes(db, user.id, now);
}

/** For tests and the end-to-end suite: the code an authenticator app shows now. */
export function totpCodeFor(secret: string, now = new Date()): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}
