import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../../tests/support/test-db';
import {
  accountEvents,
  analyticsEvents,
  contactMessages,
  mailQueue,
  sessions,
  users,
  verificationCodes,
} from '../db/schema';
import { pruneExpiredRecords } from './queries';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('pruneExpiredRecords', () => {
  const testDb = useTestDb();
  const db = () => testDb().handle.db;

  it('deletes what outlived the privacy policy’s periods and keeps the rest', async () => {
    const event = (receivedAt: Date, eventName: string) => ({
      eventTime: receivedAt,
      eventTimestamp: receivedAt.getTime(),
      eventName,
      eventParams: [],
      receivedAt,
    });
    await db()
      .insert(analyticsEvents)
      .values([event(ago(14 * 31), 'old'), event(ago(13 * 30), 'recent')]);
    const message = (createdAt: Date, name: string) => ({
      email: 'reader@example.com',
      name,
      inquiry: 'Hello',
      locale: 'en',
      createdAt,
    });
    await db()
      .insert(contactMessages)
      .values([message(ago(25 * 31), 'old'), message(ago(23 * 30), 'recent')]);
    const mail = (createdAt: Date, status: string, subject: string) => ({
      kind: 'reset-code',
      to: 'reader@example.com',
      subject,
      status,
      createdAt,
    });
    await db()
      .insert(mailQueue)
      .values([
        mail(ago(31), 'failed', 'old failure'),
        mail(ago(29), 'failed', 'recent failure'),
        mail(ago(40), 'queued', 'still queued'),
      ]);
    const [user] = await db()
      .insert(users)
      .values({ email: `retention-${Date.now()}@example.com`, passwordHash: 'x' })
      .returning();
    if (!user) throw new Error('no user');
    await db()
      .insert(sessions)
      .values([
        { userId: user.id, tokenHash: `ended-${Date.now()}`, expiresAt: ago(1) },
        { userId: user.id, tokenHash: `live-${Date.now()}`, expiresAt: ago(-1) },
      ]);
    await db()
      .insert(verificationCodes)
      .values([{ email: 'reader@example.com', codeHash: 'x', expiresAt: ago(1) }]);
    await db()
      .insert(accountEvents)
      .values([
        { userId: user.id, kind: 'login', createdAt: ago(91) },
        { userId: user.id, kind: 'login_failed', createdAt: ago(89) },
      ]);

    const removed = await pruneExpiredRecords(db(), now);
    expect(removed).toMatchObject({
      analytics: 1,
      contactMessages: 1,
      failedMail: 1,
      sessions: 1,
      codes: 1,
      accountEvents: 1,
    });
    const kept = await db().select().from(accountEvents);
    expect(kept.filter((row) => row.userId === user.id).map((row) => row.kind)).toEqual([
      'login_failed',
    ]);

    const events = await db().select().from(analyticsEvents);
    expect(events.map((row) => row.eventName)).toEqual(['recent']);
    const messages = await db().select().from(contactMessages);
    expect(messages.map((row) => row.name)).toEqual(['recent']);
    const mails = await db()
      .select()
      .from(mailQueue)
      .where(inArray(mailQueue.subject, ['old failure', 'recent failure', 'still queued']));
    expect(mails.map((row) => row.subject).sort()).toEqual(['recent failure', 'still queued']);
    expect(await db().select().from(sessions)).toHaveLength(1);

    // A second run finds nothing more to do.
    expect(Object.values(await pruneExpiredRecords(db(), now)).every((n) => n === 0)).toBe(true);
  });
});
