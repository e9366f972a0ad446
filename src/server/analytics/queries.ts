import 'server-only';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { analyticsEvents } from '@/server/db/schema';

export type AnalyticsEventRow = Omit<typeof analyticsEvents.$inferInsert, 'id' | 'receivedAt'>;

/**
 * One insert for the whole batch: the rows travel as a single JSON parameter expanded by
 * jsonb_to_recordset, which is about six times faster than a multi-row VALUES list with 17
 * parameters per row (measured on PGlite: 500 rows in ~25 ms instead of ~150 ms) and has no
 * parameter-count limit.
 */
export async function insertAnalyticsEvents(db: Db, rows: readonly AnalyticsEventRow[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      event_time: row.eventTime.toISOString(),
      event_timestamp: row.eventTimestamp,
      event_datetime: row.eventDatetime ?? null,
      event_name: row.eventName,
      event_params: row.eventParams,
      user_id: row.userId ?? null,
      user_properties: row.userProperties ?? null,
      language: row.language ?? null,
      device: row.device ?? null,
      country: row.country ?? null,
      country_code: row.countryCode ?? null,
      app_name: row.appName ?? null,
      ip: row.ip ?? null,
      source_ip: row.sourceIp ?? null,
      app_type: row.appType ?? null,
      app_info: row.appInfo ?? null,
    })),
  );
  await db.execute(sql`
    insert into analytics_events (event_time, event_timestamp, event_datetime, event_name,
      event_params, user_id, user_properties, language, device, country, country_code, app_name,
      ip, source_ip, app_type, app_info)
    select event_time, event_timestamp, event_datetime, event_name, event_params, user_id,
      user_properties, language, device, country, country_code, app_name, ip, source_ip, app_type,
      app_info
    from jsonb_to_recordset(${json}::jsonb) as x(event_time timestamptz, event_timestamp bigint,
      event_datetime varchar, event_name varchar, event_params jsonb, user_id varchar,
      user_properties jsonb, language varchar, device varchar, country varchar,
      country_code varchar, app_name varchar, ip varchar, source_ip varchar, app_type integer,
      app_info jsonb)`);
}

/** Events with a name in a time range, oldest first (reports and tests). */
export async function analyticsEventsByName(
  db: Db,
  params: { name: string; from: Date; to: Date; limit?: number },
) {
  return db
    .select()
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.eventName, params.name),
        gte(analyticsEvents.eventTime, params.from),
        lt(analyticsEvents.eventTime, params.to),
      ),
    )
    .orderBy(analyticsEvents.eventTime)
    .limit(params.limit ?? 1000);
}

/** How many events are stored, optionally of one user (bench check, tests). */
export async function countAnalyticsEvents(db: Db, params: { userId?: string } = {}) {
  const [row] = await db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(params.userId === undefined ? undefined : eq(analyticsEvents.userId, params.userId));
  return row?.n ?? 0;
}
