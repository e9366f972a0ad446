import 'server-only';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Contact, PartnerApplication, Survey } from '@/lib/form-rules';
import type { Db } from '@/server/db/client';
import {
  contactMessages,
  newsletterSubscribers,
  partnerApplications,
  surveyResponses,
} from '@/server/db/schema';

export async function insertContactMessage(db: Db, message: Contact) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      email: message.email,
      name: message.name,
      topic: message.topic ?? null,
      inquiry: message.inquiry,
      locale: message.locale,
    })
    .returning();
  if (!row) throw new Error('contact message was not stored');
  return row;
}

export async function markContactNotified(db: Db, id: string) {
  await db
    .update(contactMessages)
    .set({ notifiedAt: new Date() })
    .where(eq(contactMessages.id, id));
}

export async function insertPartnerApplication(db: Db, application: PartnerApplication) {
  const [row] = await db
    .insert(partnerApplications)
    .values({
      programme: application.programme,
      name: application.name,
      email: application.email,
      channels: application.channels,
      audience: application.audience,
      country: application.country,
      campaign: application.campaign,
      locale: application.locale,
    })
    .returning();
  if (!row) throw new Error('partner application was not stored');
  return row;
}

export async function markApplicationNotified(db: Db, id: string) {
  await db
    .update(partnerApplications)
    .set({ notifiedAt: new Date() })
    .where(eq(partnerApplications.id, id));
}

export async function insertSurveyResponse(db: Db, survey: Survey) {
  const [row] = await db
    .insert(surveyResponses)
    .values({
      reasons: survey.reasons,
      comment: survey.comment,
      version: survey.version ?? null,
      locale: survey.locale,
    })
    .returning();
  if (!row) throw new Error('survey response was not stored');
  return row;
}

export interface PendingSubscription {
  email: string;
  locale: string;
  confirmTokenHash: string;
  confirmExpiresAt: Date;
  unsubscribeToken: string;
}

/**
 * Creates the subscriber, or puts an existing pending or unsubscribed one back to pending with a
 * new confirmation token. A confirmed subscriber is left alone (null).
 */
export async function upsertPendingSubscriber(db: Db, pending: PendingSubscription) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ ...pending, status: 'pending' })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        locale: pending.locale,
        status: 'pending',
        confirmTokenHash: pending.confirmTokenHash,
        confirmExpiresAt: pending.confirmExpiresAt,
        updatedAt: new Date(),
      },
      // A confirmed address stays as it is.
      setWhere: ne(newsletterSubscribers.status, 'confirmed'),
    })
    .returning();
  return row ?? null;
}

/** Uses a confirmation token (once): the subscriber it belonged to, now confirmed, or null. */
export async function confirmByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        eq(newsletterSubscribers.status, 'pending'),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Unsubscribes the holder of the token; null when no subscriber has it. Repeating is harmless. */
export async function unsubscribeByToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning();
  return row ?? null;
}

export async function findSubscriberByUnsubscribeToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .limit(1);
  return row;
}
