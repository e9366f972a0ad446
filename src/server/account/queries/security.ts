import 'server-only';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  emailChanges,
  mfaChallenges,
  passkeys,
  recoveryCodes,
  sessions,
  totpFactors,
  users,
  webauthnChallenges,
} from '@/server/db/schema';

// Two-factor, recovery codes, the second step of a sign-in and re-authentication. Every spend
// of a secret is one conditional statement, so requests arriving together cannot share it.

export async function findTotpFactor(db: Db, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** A new secret waiting for its first code; an existing unconfirmed one is replaced. */
export async function startTotpSetup(
  db: Db,
  params: { userId: string; secret: string; now: Date },
) {
  const [row] = await db
    .insert(totpFactors)
    .values({ userId: params.userId, secret: params.secret, createdAt: params.now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: params.secret, createdAt: params.now, lastStep: 0 },
      // Never over a factor that is on.
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning();
  return row;
}

/** Switches the pending factor on, taking the code's step: one caller wins. */
export async function enableTotpFactor(
  db: Db,
  params: { userId: string; step: number; now: Date; setupSince: Date },
) {
  const [row] = await db
    .update(totpFactors)
    .set({ enabledAt: params.now, lastStep: params.step })
    .where(
      and(
        eq(totpFactors.userId, params.userId),
        isNull(totpFactors.enabledAt),
        gt(totpFactors.createdAt, params.setupSince),
      ),
    )
    .returning();
  return row;
}

/**
 * Takes a code's 30-second step: only when it is later than the last step taken, so a code (or
 * an earlier one) never works twice, even for two requests at the same moment.
 */
export async function claimTotpStep(db: Db, params: { userId: string; step: number }) {
  const [row] = await db
    .update(totpFactors)
    .set({ lastStep: params.step })
    .where(
      and(
        eq(totpFactors.userId, params.userId),
        isNotNull(totpFactors.enabledAt),
        lt(totpFactors.lastStep, params.step),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return Boolean(row);
}

export async function removeTotpFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  });
}

/** Replaces every recovery code of the account with these (hashes). */
export async function replaceRecoveryCodes(
  db: Db,
  params: { userId: string; codeHashes: string[]; now: Date },
) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, params.userId));
    await tx.insert(recoveryCodes).values(
      params.codeHashes.map((codeHash) => ({
        userId: params.userId,
        codeHash,
        createdAt: params.now,
      })),
    );
  });
}

/** Uses a recovery code up, in one statement: true for exactly one caller. */
export async function spendRecoveryCode(
  db: Db,
  params: { userId: string; codeHash: string; now: Date },
) {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(recoveryCodes.userId, params.userId),
        eq(recoveryCodes.codeHash, params.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(row);
}

export async function countUnusedRecoveryCodes(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertMfaChallenge(
  db: Db,
  params: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  await db.insert(mfaChallenges).values({
    userId: params.userId,
    tokenHash: params.tokenHash,
    createdAt: params.now,
    expiresAt: params.expiresAt,
  });
}

/**
 * Spends one try of a live challenge in one statement; undefined when it is unknown, used,
 * expired or out of tries. Of any number of requests at once, at most `maxAttempts` get a row.
 */
export async function spendMfaAttempt(
  db: Db,
  params: { tokenHash: string; now: Date; maxAttempts: number },
) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.tokenHash, params.tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, params.now),
        lt(mfaChallenges.attempts, params.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks the challenge used; true for the one caller that did. */
export async function finishMfaChallenge(db: Db, params: { id: string; now: Date }) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: params.now })
    .where(and(eq(mfaChallenges.id, params.id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return Boolean(row);
}

/** Records that the session's holder just proved who they are. */
export async function markSessionReauthenticated(db: Db, params: { sessionId: string; now: Date }) {
  await db.update(sessions).set({ reauthAt: params.now }).where(eq(sessions.id, params.sessionId));
}

export async function countPasskeys(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

// Passkeys and their challenges ----------------------------------------------------------------

export type ChallengePurpose = 'register' | 'login' | 'reauth';

export async function insertWebauthnChallenge(
  db: Db,
  params: {
    userId: string | null;
    purpose: ChallengePurpose;
    challenge: string;
    now: Date;
    expiresAt: Date;
  },
) {
  await db.insert(webauthnChallenges).values({
    userId: params.userId,
    purpose: params.purpose,
    challenge: params.challenge,
    createdAt: params.now,
    expiresAt: params.expiresAt,
  });
}

/**
 * Uses a live challenge up, in one statement: true for the one caller that did. A challenge
 * made for an account serves only that account; one made for a sign-in (no account) any.
 */
export async function spendWebauthnChallenge(
  db: Db,
  params: { challenge: string; purpose: ChallengePurpose; userId: string | null; now: Date },
) {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(webauthnChallenges.challenge, params.challenge),
        eq(webauthnChallenges.purpose, params.purpose),
        params.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, params.userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, params.now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return Boolean(row);
}

export async function listPasskeys(db: Db, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Stores a verified passkey; false when that credential is already stored (any account). */
export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const rows = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  return rows[0]?.id;
}

export async function recordPasskeyUse(
  db: Db,
  params: { id: string; counter: number; backedUp: boolean; now: Date },
) {
  await db
    .update(passkeys)
    .set({ counter: params.counter, backedUp: params.backedUp, lastUsedAt: params.now })
    .where(eq(passkeys.id, params.id));
}

export async function deletePasskey(db: Db, params: { userId: string; id: string }) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, params.userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

// Email changes ---------------------------------------------------------------------------------

/** A new pending change for the account; every earlier open one is retired. */
export async function replaceEmailChange(
  db: Db,
  params: { userId: string; newEmail: string; codeHash: string; now: Date; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: params.now })
      .where(and(eq(emailChanges.userId, params.userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId: params.userId,
      newEmail: params.newEmail,
      codeHash: params.codeHash,
      createdAt: params.now,
      expiresAt: params.expiresAt,
    });
  });
}

/**
 * Spends one try of the account's newest open change in one statement (as reset codes do):
 * undefined when there is none live with tries left.
 */
export async function spendEmailChangeAttempt(
  db: Db,
  params: { userId: string; now: Date; maxAttempts: number },
) {
  const newest = db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, params.userId), isNull(emailChanges.usedAt)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  const [row] = await db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(
      and(
        eq(emailChanges.id, newest),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, params.now),
        lt(emailChanges.attempts, params.maxAttempts),
      ),
    )
    .returning();
  return row;
}

export type EmailSwitch = 'switched' | 'used' | 'taken';

/**
 * Uses the change up and moves the account to its address, in one transaction: 'used' when
 * another request used it first, 'taken' when the address has an account by now (nothing
 * changes then, and the change stays usable for nothing: it is marked used).
 */
export async function switchEmail(
  db: Db,
  params: { changeId: string; userId: string; newEmail: string; now: Date },
): Promise<EmailSwitch> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailChanges)
      .set({ usedAt: params.now })
      .where(and(eq(emailChanges.id, params.changeId), isNull(emailChanges.usedAt)))
      .returning({ id: emailChanges.id });
    if (!used) return 'used';
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, params.newEmail));
    if (taken) return 'taken';
    await tx
      .update(users)
      .set({ email: params.newEmail, updatedAt: params.now })
      .where(eq(users.id, params.userId));
    return 'switched';
  });
}
