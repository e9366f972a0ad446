import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// What visitors send through the public forms (contact, partner applications, newsletter,
// uninstall survey). No IP addresses are kept: limits count them in rate_limits for an hour at
// most, and a privacy product should not hold more than it needs.

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    name: text('name').notNull(),
    topic: text('topic'),
    inquiry: text('inquiry').notNull(),
    locale: text('locale').notNull(),
    // Set once the team's notification mail went out; null rows are the ones to re-send.
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    programme: text('programme').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    channels: text('channels').array().notNull(),
    audience: text('audience').notNull(),
    country: text('country').notNull(),
    // The influencer link (?campaign=) the applicant arrived through, if any.
    campaign: text('campaign'),
    locale: text('locale').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('partner_applications_programme_created_idx').on(table.programme, table.createdAt),
    check('partner_applications_programme', sql`${table.programme} in ('affiliate', 'influencer')`),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // Trimmed and lower-case: one row per address.
    email: text('email').notNull().unique(),
    locale: text('locale').notNull(),
    status: text('status').notNull().default('pending'),
    // SHA-256 of the single-use confirmation token; null once used.
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    // Kept as issued: every newsletter mail carries it in its unsubscribe link and header, and
    // all it can do is unsubscribe this one address.
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check(
      'newsletter_subscribers_status',
      sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`,
    ),
    check(
      'newsletter_subscribers_email_normalized',
      sql`${table.email} = lower(btrim(${table.email}))`,
    ),
  ],
);

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    reasons: text('reasons').array().notNull(),
    comment: text('comment').notNull().default(''),
    // The extension's version, when its uninstall URL carries one (?version=).
    version: text('version'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('survey_responses_created_idx').on(table.createdAt)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type PartnerApplicationRow = typeof partnerApplications.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type SurveyResponse = typeof surveyResponses.$inferSelect;
