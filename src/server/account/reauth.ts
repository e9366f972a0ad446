import 'server-only';
import type { Db } from '@/server/db/client';
import type { Session, User } from '@/server/db/schema';
import { accountErrors } from './errors';
import { countPasskeys, markSessionReauthenticated } from './queries/security';
import {
  confirmPassword,
  isTotpEnabled,
  type SecondFactorInput,
  verifySecondFactor,
} from './two-factor';

// Re-authentication: changing the email, two-factor or passkeys, exporting the account's data and
// deleting it need a password, a passkey or a two-factor code given in the last 5 minutes, in
// this session. Signing in with the password (or a passkey) counts; a session that came from a
// hand-off or a checkout did not prove anything and must confirm first.

export const reauthWindowSeconds = 5 * 60;

export function recentlyAuthenticated(session: Session, now = new Date()): boolean {
  return (
    session.reauthAt !== null &&
    now.getTime() - session.reauthAt.getTime() < reauthWindowSeconds * 1000
  );
}

/** 40014 with the account's methods unless this session confirmed in the last 5 minutes. */
export async function assertRecentlyAuthenticated(db: Db, user: User, session: Session) {
  if (!recentlyAuthenticated(session))
    throw accountErrors.reauthRequired(await reauthMethods(db, user));
}

export type ReauthMethod = 'password' | 'totp' | 'passkey';

/** The ways this account can confirm it is its owner. */
export async function reauthMethods(db: Db, user: User): Promise<ReauthMethod[]> {
  const methods: ReauthMethod[] = [];
  if (user.passwordHash) methods.push('password');
  if (await isTotpEnabled(db, user.id)) methods.push('totp');
  if ((await countPasskeys(db, user.id)) > 0) methods.push('passkey');
  return methods;
}

/** POST web/reauth: the password, or a two-factor or recovery code, renews the window. */
export async function reauthenticate(
  db: Db,
  params: { user: User; session: Session } & SecondFactorInput & { password?: string | undefined },
  now = new Date(),
): Promise<Date> {
  if (params.password !== undefined) await confirmPassword(db, params.user, params.password);
  else await verifySecondFactor(db, params.user.id, params, now);
  await markSessionReauthenticated(db, { sessionId: params.session.id, now });
  return new Date(now.getTime() + reauthWindowSeconds * 1000);
}
