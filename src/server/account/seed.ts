import 'server-only';
import { type Config, config } from '@/server/config';
import type { DbHandle } from '@/server/db/client';
import { hashPassword, verifyPassword } from './password-hash';
import { findUserByEmail, upsertUserWithPassword } from './queries';

export interface DemoCredentials {
  email: string;
  password: string;
}

/** The account a newcomer signs in with on a fresh checkout (printed at start, never in production). */
export const demoAccount = {
  email: 'demo@turbovpn.local',
  password: 'Demo-pass1!',
  name: 'Demo User',
} as const;

/**
 * Makes sure the demo account exists and signs in with the demo password; returns its
 * credentials, or null in production. Safe to run on every start.
 */
export async function seedDemoAccount(
  handle: DbHandle,
  appEnv: Config['APP_ENV'] = config().APP_ENV,
): Promise<DemoCredentials | null> {
  if (appEnv === 'production') return null;
  const { db } = handle;
  const credentials = { email: demoAccount.email, password: demoAccount.password };

  const existing = await findUserByEmail(db, demoAccount.email);
  if (
    existing?.passwordHash &&
    (await verifyPassword(existing.passwordHash, demoAccount.password))
  ) {
    return credentials;
  }

  // Missing, or its password was changed: the printed credentials must keep working.
  const passwordHash = await hashPassword(demoAccount.password);
  await upsertUserWithPassword(db, {
    email: demoAccount.email,
    name: demoAccount.name,
    passwordHash,
  });
  return credentials;
}
