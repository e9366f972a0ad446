import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** The user with this email (emails are stored trimmed and lower-case). */
export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Creates the account, or sets its password when the email already has one. */
export async function upsertUserWithPassword(
  db: Db,
  params: { email: string; name: string; passwordHash: string },
) {
  await db
    .insert(users)
    .values(params)
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash: params.passwordHash, updatedAt: new Date() },
    });
}
