import 'server-only';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { devices, loginHandoffs, type Session, sessions, users } from '@/server/db/schema';

export type RevokeReason = 'logout' | 'password' | 'unbound' | 'elsewhere' | 'ended';

export async function insertSession(
  db: Db,
  params: {
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    deviceId?: string;
    userAgent?: string;
    country?: string;
    reauthAt?: Date;
  },
): Promise<Session> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: params.userId,
      tokenHash: params.tokenHash,
      createdAt: params.now,
      lastUsedAt: params.now,
      expiresAt: params.expiresAt,
      deviceId: params.deviceId,
      userAgent: params.userAgent,
      country: params.country,
      reauthAt: params.reauthAt,
    })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/** The session with this token hash and its user, or undefined. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: Db, params: { sessionId: string; now: Date }) {
  await db
    .update(sessions)
    .set({ lastUsedAt: params.now })
    .where(eq(sessions.id, params.sessionId));
}

export async function revokeSession(
  db: Db,
  params: { sessionId: string; reason: RevokeReason; now: Date },
) {
  await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: params.reason })
    .where(and(eq(sessions.id, params.sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the user except `keepSessionId` (if given). */
export async function revokeUserSessions(
  db: Db,
  params: { userId: string; reason: RevokeReason; now: Date; keepSessionId?: string },
) {
  const conditions = [eq(sessions.userId, params.userId), isNull(sessions.revokedAt)];
  if (params.keepSessionId) conditions.push(ne(sessions.id, params.keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: params.reason })
    .where(and(...conditions));
}

/** A live web session (no device): not ended, not past its absolute end nor its idle end. */
function liveWebSession(params: { userId: string; now: Date; idleSince: Date }) {
  return and(
    eq(sessions.userId, params.userId),
    isNull(sessions.revokedAt),
    isNull(sessions.deviceId),
    gt(sessions.expiresAt, params.now),
    gt(sessions.lastUsedAt, params.idleSince),
  );
}

export interface WebSessionsParams {
  userId: string;
  now: Date;
  /** Sessions unused since then have passed their idle end. */
  idleSince: Date;
}

/** The account's live web sessions, the most recently used first. */
export async function listWebSessions(db: Db, params: WebSessionsParams): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(liveWebSession(params))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/**
 * Ends one live web session of the account (reason 'ended'), never `keepSessionId`. True when
 * this call ended it; false for an unknown id, another account's session or one already over.
 */
export async function endWebSession(
  db: Db,
  params: WebSessionsParams & { sessionId: string; keepSessionId: string },
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: 'ended' })
    .where(
      and(
        eq(sessions.id, params.sessionId),
        ne(sessions.id, params.keepSessionId),
        liveWebSession(params),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Gives the session the hash of its mail's one-time "sign that browser out" token. */
export async function setSessionEndToken(db: Db, params: { sessionId: string; tokenHash: string }) {
  await db
    .update(sessions)
    .set({ endTokenHash: params.tokenHash })
    .where(eq(sessions.id, params.sessionId));
}

/**
 * Ends the session whose mail token this is, using the token up, in one statement: the account's
 * id for the one caller that did; undefined for an unknown or used token or a session already
 * over.
 */
export async function endSessionByToken(db: Db, params: { tokenHash: string; now: Date }) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: 'ended', endTokenHash: null })
    .where(
      and(
        eq(sessions.endTokenHash, params.tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, params.now),
      ),
    )
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/** Ends every live web session of the account but `keepSessionId`; answers how many. */
export async function endOtherWebSessions(
  db: Db,
  params: WebSessionsParams & { keepSessionId: string },
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: 'ended' })
    .where(and(ne(sessions.id, params.keepSessionId), liveWebSession(params)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Keeps at most `keep` live web sessions (no device) of the user, ending the oldest ones with
 * reason 'elsewhere' (code 50012 for their holders).
 */
export async function trimWebSessions(db: Db, params: { userId: string; keep: number; now: Date }) {
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, params.userId),
        isNull(sessions.revokedAt),
        isNull(sessions.deviceId),
        gt(sessions.expiresAt, params.now),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const surplus = live.slice(params.keep).map((row) => row.id);
  if (surplus.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: params.now, revokedReason: 'elsewhere' })
    .where(inArray(sessions.id, surplus));
}

// Devices ------------------------------------------------------------------------------------

export async function listDevices(db: Db, userId: string) {
  return db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastSeenAt), asc(devices.id));
}

/** Binds (or refreshes) an app install and attaches the session to it; returns the device id. */
export async function upsertDevice(
  db: Db,
  params: { userId: string; appType: number; deviceUserId: string; name: string; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(devices)
    .values({
      userId: params.userId,
      appType: params.appType,
      deviceUserId: params.deviceUserId,
      name: params.name,
      createdAt: params.now,
      lastSeenAt: params.now,
    })
    .onConflictDoUpdate({
      target: [devices.userId, devices.appType, devices.deviceUserId],
      set: { name: params.name, lastSeenAt: params.now },
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device upsert returned no row');
  return row.id;
}

export async function attachSessionToDevice(
  db: Db,
  params: { sessionId: string; deviceId: string },
) {
  await db
    .update(sessions)
    .set({ deviceId: params.deviceId })
    .where(eq(sessions.id, params.sessionId));
}

export async function touchDevice(db: Db, params: { deviceId: string; now: Date }) {
  await db.update(devices).set({ lastSeenAt: params.now }).where(eq(devices.id, params.deviceId));
}

/**
 * Removes the user's device (if it is theirs) and ends its sessions with `reason`.
 * Returns whether a device was removed.
 */
export async function removeDevice(
  db: Db,
  params: {
    userId: string;
    appType: number;
    deviceUserId: string;
    reason: RevokeReason;
    now: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          eq(devices.userId, params.userId),
          eq(devices.appType, params.appType),
          eq(devices.deviceUserId, params.deviceUserId),
        ),
      );
    if (!device) return false;
    // First end its sessions (deleting the device would only null their device_id).
    await tx
      .update(sessions)
      .set({ revokedAt: params.now, revokedReason: params.reason })
      .where(and(eq(sessions.deviceId, device.id), isNull(sessions.revokedAt)));
    await tx.delete(devices).where(eq(devices.id, device.id));
    return true;
  });
}

/** The devices beyond the newest `keep` (by last seen), oldest last. */
export async function devicesBeyondLimit(db: Db, params: { userId: string; keep: number }) {
  const all = await db
    .select({ appType: devices.appType, deviceUserId: devices.deviceUserId })
    .from(devices)
    .where(eq(devices.userId, params.userId))
    .orderBy(desc(devices.lastSeenAt), desc(sql`${devices.createdAt}`));
  return all.slice(params.keep);
}

/** Adds the device unless the account already has it (demo seed). */
export async function insertDeviceIfMissing(
  db: Db,
  params: { userId: string; appType: number; deviceUserId: string; name: string; lastSeenAt: Date },
) {
  await db
    .insert(devices)
    .values({ ...params, createdAt: params.lastSeenAt })
    .onConflictDoNothing({ target: [devices.userId, devices.appType, devices.deviceUserId] });
}

export interface ReplaceHandoffParams {
  userId: string;
  codeHash: string;
  lifetimeSeconds: number;
}

/**
 * Stores a login hand-off code's hash for the user, valid for `lifetimeSeconds` of database
 * time, and clears the user's spent and expired codes on the way.
 */
export async function replaceHandoff(db: Db, params: ReplaceHandoffParams) {
  await db
    .delete(loginHandoffs)
    .where(
      and(
        eq(loginHandoffs.userId, params.userId),
        or(isNotNull(loginHandoffs.usedAt), lte(loginHandoffs.expiresAt, sql`now()`)),
      ),
    );
  await db.insert(loginHandoffs).values({
    userId: params.userId,
    codeHash: params.codeHash,
    expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(params.lifetimeSeconds)} seconds'`)}`,
  });
}

/**
 * Spends the hand-off code with this hash: the user it was made for, or null when it is unknown,
 * used, expired, or older than a password change or reset of the account. One conditional
 * UPDATE … RETURNING, so of any number of requests presenting the same code at once exactly one
 * gets the user. Global by design: the code is the only credential.
 */
export async function spendHandoffCode(db: Db, codeHash: string): Promise<string | null> {
  const [row] = await db
    .update(loginHandoffs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginHandoffs.codeHash, codeHash),
        isNull(loginHandoffs.usedAt),
        gt(loginHandoffs.expiresAt, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(
              and(
                eq(sessions.userId, loginHandoffs.userId),
                eq(sessions.revokedReason, 'password'),
                gte(sessions.revokedAt, loginHandoffs.createdAt),
              ),
            ),
        ),
      ),
    )
    .returning({ userId: loginHandoffs.userId });
  return row?.userId ?? null;
}
