import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Accounts.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // Stored trimmed and lower-case so the unique index also means "one account per address".
    email: text('email').notNull().unique(),
    // Null for an account made at checkout that has not chosen a password yet.
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // A second guard behind the services: a mixed-case copy would slip past the unique index.
    check('users_email_normalized', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
