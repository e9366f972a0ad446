import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

// How long the site keeps what it stores, as the privacy policy says (content/legal/en/policy.md,
// "What we collect and why"): each rule deletes what has outlived its period. Every instance runs
// them once an hour (src/server/startup.ts); deleting old rows twice is harmless.

export const retention = {
  /** Website analytics (with consent): 14 months. */
  analyticsMonths: 14,
  /** Contact form entries and partner applications: 24 months. */
  messagesMonths: 24,
  /** A mail that could not be delivered keeps its address and reason (no body) this long. */
  failedMailDays: 30,
  /** The account's security events (GET web/activity). */
  accountEventDays: 90,
} as const;

/** Each rule: what it removes, as the WHERE clause of a DELETE on its table. */
function rules(now: Date): Record<string, SQL> {
  const at = now.toISOString();
  return {
    analytics: sql`delete from analytics_events
      where received_at < ${at}::timestamptz - make_interval(months => ${retention.analyticsMonths})`,
    contactMessages: sql`delete from contact_messages
      where created_at < ${at}::timestamptz - make_interval(months => ${retention.messagesMonths})`,
    partnerApplications: sql`delete from partner_applications
      where created_at < ${at}::timestamptz - make_interval(months => ${retention.messagesMonths})`,
    failedMail: sql`delete from mail_queue where status in ('failed', 'expired')
      and created_at < ${at}::timestamptz - make_interval(days => ${retention.failedMailDays})`,
    sessions: sql`delete from sessions where expires_at < ${at}::timestamptz`,
    accountEvents: sql`delete from account_events
      where created_at < ${at}::timestamptz - make_interval(days => ${retention.accountEventDays})`,
    codes: sql`delete from verification_codes where expires_at < ${at}::timestamptz`,
    handoffs: sql`delete from login_handoffs where expires_at < ${at}::timestamptz`,
    mfaChallenges: sql`delete from mfa_challenges where expires_at < ${at}::timestamptz`,
    webauthnChallenges: sql`delete from webauthn_challenges where expires_at < ${at}::timestamptz`,
    emailChanges: sql`delete from email_changes where expires_at < ${at}::timestamptz`,
    rateLimits: sql`delete from rate_limits where expire < ${at}::timestamptz`,
  };
}

/** Deletes every record past its period; answers how many rows each rule removed. */
export async function pruneExpiredRecords(db: Db, now = new Date()) {
  const removed: Record<string, number> = {};
  for (const [name, statement] of Object.entries(rules(now))) {
    const result = (await db.execute(
      sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
    )) as unknown as { rows: { n: number }[] };
    removed[name] = Number(result.rows[0]?.n ?? 0);
  }
  return removed;
}
