import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// App installs bound to an account (through the device/bind endpoint). They count against the
// account's device limit; web browsers are sessions without a device and have their own limit.
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Application type of spec 3 (1–7 iOS, 12/15 Mac, 101–115 Android, …, 501–512 Web).
    appType: integer('app_type').notNull(),
    // The install's own id (the spec's unbind_user_id).
    deviceUserId: text('device_user_id').notNull(),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_user_app_device_idx').on(table.userId, table.appType, table.deviceUserId),
  ],
);

// Sessions: only the SHA-256 of the 256-bit token is stored, so a database leak gives no session.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    // Absolute end; the idle end is lastUsedAt + the configured idle time.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // 'logout' | 'password' | 'unbound' | 'elsewhere' | 'ended' (ended from another session);
    // 'elsewhere' answers 50012, the others 50008.
    revokedReason: text('revoked_reason'),
    // What the account's list of signed-in browsers shows: the User-Agent header it signed in
    // with (at most 512 characters) and the country its address was in (ISO 3166-1 alpha-2 code,
    // '' unknown).
    userAgent: text('user_agent'),
    country: text('country'),
    // When its holder last proved who they are (the password at sign-in, or a password, passkey
    // or two-factor code since): changing the email, two-factor or passkeys, exporting and
    // deleting need it within 5 minutes. Null for sessions made without (hand-off, checkout).
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
    // SHA-256 of the one-time token in the new-browser mail's "sign that browser out" link
    // (null when no mail was sent, or once used): it ends this session and nothing else.
    endTokenHash: text('end_token_hash').unique(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

// One-time codes sent by email. Rows exist for unknown emails too (nothing is mailed then), so
// a code request does the same work whether or not the address has an account.
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_email_idx').on(table.email, table.createdAt)],
);

// One-time sign-in codes: an app with a session asks for one and opens a site page with it in
// the address; the page exchanges it for a session of its own. The code lives two minutes and
// works once, so no session token ever travels in a URL (only its SHA-256 is stored).
export const loginHandoffs = pgTable(
  'login_handoffs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('login_handoffs_user_idx').on(table.userId)],
);

// The account's security events (GET web/activity): sign-ins and failed ones, password changes,
// browsers signed out, apps added and removed, refund requests; with the browser (User-Agent)
// and the ISO country code of the address they came from. Kept 90 days (retention).
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // AccountEventKind (src/server/account/activity.ts)
    kind: text('kind').notNull(),
    userAgent: text('user_agent'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_events_user_idx').on(table.userId, table.createdAt)],
);

export type Device = typeof devices.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type AccountEvent = typeof accountEvents.$inferSelect;
export type VerificationCode = typeof verificationCodes.$inferSelect;
