import 'server-only';
import type { Locale } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import { recordLoginFailure } from '@/server/metrics';
import { revokeUserSessions } from '@/server/session/queries';
import {
  type SessionClient,
  type SessionSettings,
  sessionSettings,
  startWebSession,
} from '@/server/session/service';
import { recordAccountEvent } from './activity';
import { accountErrors } from './errors';
import { accountLimits } from './limits';
import { type MfaRequired, startMfaChallenge } from './mfa';
import { mailNewBrowserSignIn } from './new-sign-in';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';
import { findUserByEmail, setFirstPasswordHash, setPasswordHash } from './queries';
import { isTotpEnabled } from './two-factor';

export interface Profile {
  email: string;
  is_password_set: boolean;
  name: string;
  avatar: string;
}

export function profileOf(user: User): Profile {
  return {
    email: user.email,
    is_password_set: user.passwordHash !== null,
    name: user.name,
    avatar: user.avatar ?? '',
  };
}

export interface SignInParams {
  username: string;
  password: string;
  ipKey: string;
  client?: SessionClient | undefined;
  /** The language of mails this sign-in causes (a new browser's notice). */
  locale?: Locale | undefined;
}

/**
 * Web login. Every failure — unknown email, account without a password, wrong password —
 * costs one argon2 verification and gives the same answer, and counts against the account
 * (by email) and the address. The attempt is counted before the password is compared: a burst
 * of parallel guesses gets at most the limit judged, the rest a 429. A success gives its point
 * back to the address and clears the account's counter. With two-factor on, the right password
 * gives no session but the second step's token (mfa.ts).
 */
export async function login(
  db: Db,
  params: SignInParams,
  settings: SessionSettings = sessionSettings(),
): Promise<{ token: string; user: User } | MfaRequired> {
  const email = normalizeEmail(params.username);
  const limits = accountLimits(db);
  try {
    await limits.consume('loginIp', params.ipKey);
    await limits.consume('loginAccount', email);
  } catch (error: unknown) {
    recordLoginFailure('rate_limited');
    throw error;
  }

  const user = await findUserByEmail(db, email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, params.password)
    : await verifyAgainstDummy(params.password);
  if (user && !valid) await recordAccountEvent(db, user.id, 'login_failed', params.client);
  if (!user || !valid) {
    // The metric tells the reasons apart (operators only); the answer stays the same.
    recordLoginFailure(
      !user ? 'unknown_account' : user.passwordHash ? 'wrong_password' : 'no_password',
    );
    throw accountErrors.incorrectCredentials();
  }
  await limits.reset('loginAccount', email);
  await limits.reward('loginIp', params.ipKey);
  if (await isTotpEnabled(db, user.id)) return startMfaChallenge(db, user.id);
  return finishSignIn(db, user, params, settings);
}

/**
 * The end of every sign-in that proved who the user is (password, password and second factor,
 * passkey): a web session whose re-authentication window starts now, the event, and the mail
 * about a new browser (sent without holding up the sign-in; it compares only earlier sign-ins).
 */
export async function finishSignIn(
  db: Db,
  user: User,
  params: Pick<SignInParams, 'client' | 'locale'>,
  settings: SessionSettings = sessionSettings(),
): Promise<{ token: string; user: User }> {
  const { token, session } = await startWebSession(db, user.id, settings, params.client, {
    proven: true,
  });
  await recordAccountEvent(db, user.id, 'login', params.client);
  void mailNewBrowserSignIn(db, {
    user,
    session,
    client: params.client,
    locale: params.locale ?? 'en',
  });
  return { token, user };
}

/** Changes the password of a signed-in account and ends its other sessions. */
export async function changePassword(
  db: Db,
  params: { user: User; sessionId: string; current: string; next: string },
): Promise<void> {
  const { user } = params;
  if (!user.passwordHash) throw accountErrors.passwordNotSet();
  const limits = accountLimits(db);
  // Counted before the comparison, so parallel guesses cannot all pass the limit.
  await limits.consume('changePassword', user.id);
  if (!(await verifyPassword(user.passwordHash, params.current))) {
    throw accountErrors.incorrectPassword();
  }
  if (params.current === params.next) throw accountErrors.passwordUnchanged();
  await limits.reset('changePassword', user.id);
  await setPasswordHash(db, { userId: user.id, passwordHash: await hashPassword(params.next) });
  await revokeUserSessions(db, {
    userId: user.id,
    reason: 'password',
    now: new Date(),
    keepSessionId: params.sessionId,
  });
}

/** First password of an account made without one (checkout, gift card); other sessions end. */
export async function setFirstPassword(
  db: Db,
  params: { user: User; sessionId: string; password: string },
): Promise<void> {
  if (params.user.passwordHash) throw accountErrors.passwordAlreadySet();
  const passwordHash = await hashPassword(params.password);
  // Conditional write: of two concurrent first passwords only one wins.
  if (!(await setFirstPasswordHash(db, { userId: params.user.id, passwordHash }))) {
    throw accountErrors.passwordAlreadySet();
  }
  await revokeUserSessions(db, {
    userId: params.user.id,
    reason: 'password',
    now: new Date(),
    keepSessionId: params.sessionId,
  });
}
