import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** One key/value pair of an event's `event_params` (spec 3: a list of key and value). */
export interface EventParam {
  key: string;
  value: string | number | boolean | null;
}

export type ScalarRecord = Record<string, string | number | boolean | null>;

// The site's analytics events (spec 3), written in batches by the buffered writer. Queries go by
// time range and by event name within a time range, hence the two indexes.
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // When the event happened in the browser (event_timestamp, ms since the epoch).
    eventTime: timestamp('event_time', { withTimezone: true, mode: 'date' }).notNull(),
    eventTimestamp: bigint('event_timestamp', { mode: 'number' }).notNull(),
    // The browser's own display of the time (spec 3 event_datetime), kept as sent.
    eventDatetime: varchar('event_datetime', { length: 40 }),
    eventName: varchar('event_name', { length: 64 }).notNull(),
    eventParams: jsonb('event_params').$type<EventParam[]>().notNull(),
    userId: varchar('user_id', { length: 128 }),
    userProperties: jsonb('user_properties').$type<ScalarRecord>(),
    language: varchar('language', { length: 16 }),
    device: varchar('device', { length: 256 }),
    country: varchar('country', { length: 64 }),
    countryCode: varchar('country_code', { length: 2 }),
    appName: varchar('app_name', { length: 64 }),
    // The address the browser reported (from geo_info) and the one the server saw.
    ip: varchar('ip', { length: 45 }),
    sourceIp: varchar('source_ip', { length: 45 }),
    appType: integer('app_type'),
    appInfo: jsonb('app_info').$type<ScalarRecord>(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('analytics_events_time_idx').on(table.eventTime),
    index('analytics_events_name_time_idx').on(table.eventName, table.eventTime),
  ],
);
