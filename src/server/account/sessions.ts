import 'server-only';
import type { Db } from '@/server/db/client';
import type { Session } from '@/server/db/schema';
import {
  endOtherWebSessions,
  endSessionByToken,
  endWebSession,
  listWebSessions,
  type WebSessionsParams,
} from '@/server/session/queries';
import { type SessionSettings, sessionSettings } from '@/server/session/service';
import { hashToken, looksLikeToken } from '@/server/session/tokens';
import { describeUserAgent } from '@/server/session/user-agent';
import { accountErrors } from './errors';
import { isUuid } from './ids';

// The account's signed-in browsers (GET web/sessions) and ending them from another one. Only
// web sessions: apps are devices, listed and removed through device/list and device/unbind.

function window(current: Session, settings: SessionSettings): WebSessionsParams {
  const now = new Date();
  return {
    userId: current.userId,
    now,
    idleSince: new Date(now.getTime() - settings.idleSeconds * 1000),
  };
}

/** GET web/sessions: each live web session, the caller's marked `current`. */
export async function webSessionList(
  db: Db,
  current: Session,
  settings: SessionSettings = sessionSettings(),
) {
  const rows = await listWebSessions(db, window(current, settings));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === current.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    ...describeUserAgent(row.userAgent),
    country: row.country || null,
  }));
}

/**
 * POST web/sessions/revoke: ends another live web session of the account; its holder is then
 * signed out (50008). The caller's own: 40007 (log out instead); anything else, another
 * account's session included: 40404.
 */
export async function revokeWebSession(
  db: Db,
  current: Session,
  sessionId: string,
  settings: SessionSettings = sessionSettings(),
): Promise<void> {
  if (sessionId === current.id) throw accountErrors.currentSession();
  if (!isUuid(sessionId)) throw accountErrors.sessionNotFound();
  const ended = await endWebSession(db, {
    ...window(current, settings),
    sessionId,
    keepSessionId: current.id,
  });
  if (!ended) throw accountErrors.sessionNotFound();
}

/** POST web/sessions/revoke_others: ends every other web session (apps stay); answers how many. */
export async function revokeOtherWebSessions(
  db: Db,
  current: Session,
  settings: SessionSettings = sessionSettings(),
): Promise<number> {
  return endOtherWebSessions(db, { ...window(current, settings), keepSessionId: current.id });
}

/**
 * POST web/sessions/end: the link in the new-browser mail ends that one session, without
 * signing in (whoever reads the account's mail may); once. Answers the account's id.
 */
export async function endSessionFromMail(db: Db, token: string): Promise<string> {
  if (!looksLikeToken(token)) throw accountErrors.endLinkExpired();
  const userId = await endSessionByToken(db, { tokenHash: hashToken(token), now: new Date() });
  if (!userId) throw accountErrors.endLinkExpired();
  return userId;
}
