import 'server-only';
import { ApiError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import type { SessionSettings } from '@/server/session/service';
import { hashToken, looksLikeToken, newSessionToken } from '@/server/session/tokens';
import { recordAccountEvent } from './activity';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { findUserById } from './queries';
import {
  countPasskeys,
  finishMfaChallenge,
  insertMfaChallenge,
  spendMfaAttempt,
} from './queries/security';
import { finishSignIn, type SignInParams } from './service';
import { type SecondFactorInput, verifySecondFactor } from './two-factor';

// The second step of a sign-in on an account with two-factor on: web/login answers an
// mfa_token instead of a session, and web/login/mfa trades it and a code for the session.

export const mfaLifetimeSeconds = 5 * 60;
export const mfaMaxAttempts = 5;

export interface MfaRequired {
  mfa_required: true;
  mfa_token: string;
  /** 'totp' and 'recovery_code' always; 'passkey' when the account has one (a passkey sign-in
   * satisfies two-factor by itself). */
  methods: string[];
}

export async function startMfaChallenge(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<MfaRequired> {
  const token = newSessionToken();
  await insertMfaChallenge(db, {
    userId,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + mfaLifetimeSeconds * 1000),
  });
  const methods = ['totp', 'recovery_code'];
  if ((await countPasskeys(db, userId)) > 0) methods.push('passkey');
  return { mfa_required: true, mfa_token: token, methods };
}

/**
 * POST web/login/mfa. The address's limit and the token's try are spent before the code is
 * looked at (5 tries per token, at most 5 judged however many arrive together), then the
 * account's code limit (two-factor.ts); a right code uses the token up and signs in.
 */
export async function completeMfa(
  db: Db,
  params: SecondFactorInput & { mfaToken: string } & Omit<SignInParams, 'username' | 'password'>,
  settings?: SessionSettings,
) {
  await accountLimits(db).consume('mfaIp', params.ipKey);
  if (!looksLikeToken(params.mfaToken)) throw accountErrors.mfaExpired();
  const now = new Date();
  const challenge = await spendMfaAttempt(db, {
    tokenHash: hashToken(params.mfaToken),
    now,
    maxAttempts: mfaMaxAttempts,
  });
  if (!challenge) throw accountErrors.mfaExpired();
  try {
    const used = await verifySecondFactor(db, challenge.userId, params, now);
    if (used === 'recovery_code')
      await recordAccountEvent(db, challenge.userId, 'recovery_code_used', params.client);
  } catch (error: unknown) {
    if (error instanceof ApiError && error.code === accountErrors.mfaCodeWrong().code)
      await recordAccountEvent(db, challenge.userId, 'mfa_failed', params.client);
    throw error;
  }
  if (!(await finishMfaChallenge(db, { id: challenge.id, now }))) throw accountErrors.mfaExpired();
  const user = await findUserById(db, challenge.userId);
  if (!user) throw accountErrors.mfaExpired();
  return finishSignIn(db, user, params, settings);
}
