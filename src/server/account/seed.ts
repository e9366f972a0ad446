import 'server-only';
import { type Config, config } from '@/server/config';
import type { DbHandle } from '@/server/db/client';
import { insertDeviceIfMissing } from '@/server/session/queries';
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

/** Apps the demo account has signed in on, so the account page shows real, removable rows. */
export const demoDevices = [
  { appType: 1, deviceUserId: 'demo-ios-1', name: 'iPhone 15', hoursAgo: 2 },
  { appType: 101, deviceUserId: 'demo-android-1', name: 'Pixel 8', hoursAgo: 26 },
  { appType: 401, deviceUserId: 'demo-windows-1', name: 'DESKTOP-TURBO', hoursAgo: 24 * 5 },
] as const;

async function seedDemoDevices(handle: DbHandle, userId: string): Promise<void> {
  const now = Date.now();
  for (const device of demoDevices) {
    await insertDeviceIfMissing(handle.db, {
      userId,
      appType: device.appType,
      deviceUserId: device.deviceUserId,
      name: device.name,
      lastSeenAt: new Date(now - device.hoursAgo * 3600_000),
    });
  }
}

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
    !existing?.passwordHash ||
    !(await verifyPassword(existing.passwordHash, demoAccount.password))
  ) {
    // Missing, or its password was changed: the printed credentials must keep working.
    const passwordHash = await hashPassword(demoAccount.password);
    await upsertUserWithPassword(db, {
      email: demoAccount.email,
      name: demoAccount.name,
      passwordHash,
    });
  }
  const user = existing ?? (await findUserByEmail(db, demoAccount.email));
  if (user) await seedDemoDevices(handle, user.id);
  return credentials;
}
