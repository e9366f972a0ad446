import 'server-only';
import type { AccountEventKind } from '@/lib/account-events';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/log';
import { retention } from '@/server/retention/queries';
import type { SessionClient } from '@/server/session/service';
import { describeUserAgent, userAgentMaxLength } from '@/server/session/user-agent';
import { insertAccountEvent, listAccountEvents } from './queries';

// The account's security events (GET web/activity), kept 90 days (retention/queries.ts).

/** How long the events are kept and shown. */
export const activityDays = retention.accountEventDays;

/** The most events GET web/activity answers. */
const activityLimit = 200;

/**
 * Records one event of the account, with the browser and country it came from. Recording never
 * fails the action it describes: a database error is logged instead.
 */
export async function recordAccountEvent(
  db: Db,
  userId: string,
  kind: AccountEventKind,
  client?: SessionClient,
): Promise<void> {
  try {
    await insertAccountEvent(db, {
      userId,
      kind,
      userAgent: client?.userAgent.slice(0, userAgentMaxLength) || null,
      country: client?.country || null,
    });
  } catch (error: unknown) {
    logger.error({ area: 'account', kind, err: error }, 'could not record an account event');
  }
}

/** GET web/activity: the last 90 days of the account's events, newest first. */
export async function accountActivity(db: Db, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - activityDays * 24 * 3600 * 1000);
  const rows = await listAccountEvents(db, { userId, since, limit: activityLimit });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.createdAt.toISOString(),
    ...describeUserAgent(row.userAgent),
    country: row.country || null,
  }));
}
