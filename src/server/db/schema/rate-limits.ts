import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Counters of rate-limiter-flexible's Drizzle store: in the database, so several instances
// share one limit per key.
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
