import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type User, users } from '@/server/db/schema';

// What payments read and write of accounts: the buyer of a checkout without a session (found or
// made by email when the money arrives), and the address gift card emails go to.

export interface AccountByEmailParams {
  /** Normalised (trimmed, lower case). */
  email: string;
}

/** The email's account's password hash (null: none), or undefined; by email: no session yet. */
export async function findPasswordOfEmail(db: Db, params: AccountByEmailParams) {
  const [existing] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, params.email));
  return existing;
}

export interface AccountParams {
  userId: string;
}

/** The account's id when it exists and has no password yet, else undefined. */
export async function findAccountWithoutPassword(db: Db, params: AccountParams) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, params.userId), isNull(users.passwordHash)));
  return row;
}

/** The account with this id, or undefined (an order's owner: its email). */
export async function findAccountById(db: Db, params: AccountParams): Promise<User | undefined> {
  const [owner] = await db.select().from(users).where(eq(users.id, params.userId));
  return owner;
}

/** The id of a new passwordless account for the email; undefined when the email has one already. */
export async function insertAccountForEmail(db: Db, params: AccountByEmailParams) {
  const [made] = await db
    .insert(users)
    .values({ email: params.email })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return made;
}

/** The id of the email's account, or undefined; by email: a paying buyer gave only an email. */
export async function findAccountIdByEmail(db: Db, params: AccountByEmailParams) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, params.email));
  return existing;
}
