import 'server-only';
import { ApiError } from '@/server/api/errors';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { Session, User } from '@/server/db/schema';
import {
  findSessionByTokenHash,
  insertSession,
  type RevokeReason,
  revokeSession,
  touchDevice,
  touchSession,
  trimWebSessions,
} from './queries';
import { hashToken, looksLikeToken, newSessionToken } from './tokens';
import { userAgentMaxLength } from './user-agent';

export interface SessionSettings {
  idleSeconds: number;
  maxAgeSeconds: number;
  webSessionLimit: number;
  deviceLimit: number;
}

export function sessionSettings(): SessionSettings {
  const settings = config();
  return {
    idleSeconds: settings.SESSION_IDLE_SECONDS,
    maxAgeSeconds: settings.SESSION_MAX_AGE_SECONDS,
    webSessionLimit: settings.ACCOUNT_WEB_SESSION_LIMIT,
    deviceLimit: settings.ACCOUNT_DEVICE_LIMIT,
  };
}

export interface Authenticated {
  session: Session;
  user: User;
  /** The token the caller presented (kept so logout can revoke exactly it). */
  token: string;
}

// Writing last_used_at on every request would turn each read into a write; a minute of
// precision is plenty for an idle timeout measured in days.
const touchEveryMs = 60_000;

/** Where a session signs in from, as the account's list of browsers shows it. */
export interface SessionClient {
  /** The User-Agent header. */
  userAgent: string;
  /** The ISO 3166-1 alpha-2 code of the caller's address's country, '' when unknown. */
  country: string;
}

/**
 * Signs the user in on the web: a new session (with the browser and country it signed in from,
 * when known), and the oldest ones beyond the limit end.
 */
export async function startWebSession(
  db: Db,
  userId: string,
  settings: SessionSettings = sessionSettings(),
  client?: SessionClient,
  /** `proven`: the user just gave a password or passkey (starts the re-authentication window). */
  options: { proven?: boolean } = {},
): Promise<{ token: string; session: Session }> {
  const token = newSessionToken();
  const now = new Date();
  // One transaction: a database failing in between never leaves more sessions than the limit.
  const session = await db.transaction(async (tx) => {
    const inserted = await insertSession(tx, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + settings.maxAgeSeconds * 1000),
      userAgent: client?.userAgent.slice(0, userAgentMaxLength),
      country: client?.country,
      reauthAt: options.proven ? now : undefined,
    });
    await trimWebSessions(tx, { userId, keep: settings.webSessionLimit, now });
    return inserted;
  });
  return { token, session };
}

/**
 * The session of a token, or the ApiError its holder should see: 50008 unknown or ended,
 * 50012 ended because the account signed in elsewhere beyond its limit, 50014 expired.
 */
export async function authenticate(
  db: Db,
  token: string,
  settings: SessionSettings = sessionSettings(),
): Promise<Authenticated> {
  if (!looksLikeToken(token)) throw ApiError.invalidToken();
  const row = await findSessionByTokenHash(db, hashToken(token));
  if (!row) throw ApiError.invalidToken();
  const { session, user } = row;
  if (session.revokedAt) {
    throw session.revokedReason === 'elsewhere'
      ? ApiError.signedInElsewhere()
      : ApiError.invalidToken();
  }
  const now = new Date();
  const idleEnd = session.lastUsedAt.getTime() + settings.idleSeconds * 1000;
  if (now >= session.expiresAt || now.getTime() >= idleEnd) throw ApiError.expiredToken();
  if (now.getTime() - session.lastUsedAt.getTime() >= touchEveryMs) {
    await touchSession(db, { sessionId: session.id, now });
    if (session.deviceId) await touchDevice(db, { deviceId: session.deviceId, now });
  }
  return { session, user, token };
}

export async function endSession(db: Db, sessionId: string, reason: RevokeReason = 'logout') {
  await revokeSession(db, { sessionId, reason, now: new Date() });
}
