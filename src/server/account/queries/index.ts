import 'server-only';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  type AccountEvent,
  accountEvents,
  users,
  type VerificationCode,
  verificationCodes,
} from '@/server/db/schema';

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

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Creates an account without a password (checkout) or returns the existing one's id. */
export async function ensureUser(db: Db, params: { email: string; name?: string }) {
  await db
    .insert(users)
    .values({ email: params.email, name: params.name ?? '' })
    .onConflictDoNothing({ target: users.email });
  const user = await findUserByEmail(db, params.email);
  if (!user) throw new Error('user vanished right after insert');
  return user;
}

export async function setPasswordHash(db: Db, params: { userId: string; passwordHash: string }) {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, updatedAt: new Date() })
    .where(eq(users.id, params.userId));
}

// One-time codes -----------------------------------------------------------------------------

/** Stores a new code for the email and retires every earlier one. */
export async function replaceVerificationCode(
  db: Db,
  params: { email: string; codeHash: string; now: Date; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: params.now })
      .where(and(eq(verificationCodes.email, params.email), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      email: params.email,
      codeHash: params.codeHash,
      createdAt: params.now,
      expiresAt: params.expiresAt,
    });
  });
}

/**
 * Spends one try of the email's newest open code, in one statement: the row is counted only
 * while it has tries left and has not expired, so of any number of requests arriving together
 * at most `maxAttempts` get a row back. Undefined when there is no such code (none, used,
 * expired or out of tries).
 */
export async function spendCodeAttempt(
  db: Db,
  params: { email: string; now: Date; maxAttempts: number },
): Promise<VerificationCode | undefined> {
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, params.email), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, newest),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, params.now),
        lt(verificationCodes.attempts, params.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Gives a try back: the code given was right, so it was no guess. */
export async function refundCodeAttempt(db: Db, codeId: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`greatest(${verificationCodes.attempts} - 1, 0)` })
    .where(eq(verificationCodes.id, codeId));
}

/** Marks the code used; false when another request used it first. */
export async function markCodeUsed(
  db: Db,
  params: { codeId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: params.now })
    .where(and(eq(verificationCodes.id, params.codeId), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Sets the password only while the account has none; false when it already had one. */
export async function setFirstPasswordHash(
  db: Db,
  params: { userId: string; passwordHash: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: params.passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, params.userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Inserts a new account; false when the email already has one (nothing changes then). */
export async function insertUser(
  db: Db,
  params: { email: string; name: string; passwordHash: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(users)
    .values(params)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length === 1;
}

// Security events ------------------------------------------------------------------------------

export interface InsertAccountEventParams {
  userId: string;
  kind: string;
  userAgent: string | null;
  country: string | null;
}

export async function insertAccountEvent(db: Db, params: InsertAccountEventParams): Promise<void> {
  await db.insert(accountEvents).values(params);
}

/** The account's events since `since`, newest first, at most `limit`. */
export async function listAccountEvents(
  db: Db,
  params: { userId: string; since: Date; limit: number },
): Promise<AccountEvent[]> {
  return db
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, params.userId), gt(accountEvents.createdAt, params.since)))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(params.limit);
}
