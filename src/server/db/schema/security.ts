import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// Two-factor and passkeys, email changes, and the second step of a sign-in (issue 17).

// TOTP two-factor, one row per account: made by setup (enabledAt null), switched on by the
// first right code. `lastStep` is the 30-second step of the last code accepted: a code is taken
// only for a later step, in one conditional update, so no code works twice.
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Base32, as in the otpauth:// address the authenticator app scanned.
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Ten single-use recovery codes per account with two-factor on; only their SHA-256 is stored.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

// A sign-in whose password was right on an account with two-factor: the mfa_token (only its
// SHA-256 kept) lives 5 minutes and allows 5 codes; the session is made when a code is right.
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId)],
);

// Passkeys (WebAuthn credentials): the public key and what the authenticator reported, never a
// secret. `counter` is the signature counter (0 for authenticators that keep none).
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // base64url, as browsers send it.
    credentialId: text('credential_id').notNull().unique(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    // Comma-separated AuthenticatorTransport values ('internal,hybrid').
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    // 'singleDevice' | 'multiDevice' (synced passkey), and whether it is backed up now.
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

// WebAuthn challenges: made by an options call, spent once by its verify call within 5 minutes.
// `userId` is null for a passkey sign-in (the passkey names its account).
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // 'register' | 'login' | 'reauth'
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

// An email change waiting for the code mailed to the new address (same rules as a reset code).
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_changes_user_idx').on(table.userId, table.createdAt)],
);

export type TotpFactor = typeof totpFactors.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type EmailChange = typeof emailChanges.$inferSelect;
