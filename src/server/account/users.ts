import 'server-only';
import type { Db } from '@/server/db/client';
import { hashPassword } from './password-hash';
import { insertUser } from './queries';

/** Creates an account with a password; false when the email already has one (nothing changes). */
export async function createUserWithPassword(
  db: Db,
  params: { email: string; password: string; name?: string },
): Promise<boolean> {
  return insertUser(db, {
    email: params.email,
    name: params.name ?? '',
    passwordHash: await hashPassword(params.password),
  });
}
