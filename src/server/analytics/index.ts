import 'server-only';
import { config } from '@/server/config';
import type { DbHandle } from '@/server/db/client';
import { logger } from '@/server/log';
import { addQueueDepthSource } from '@/server/metrics';
import type { EventsRequest } from './event-schema';
import { type AnalyticsEventRow, insertAnalyticsEvents } from './queries';
import { flushOnShutdown } from './shutdown';
import { EventWriter } from './writer';

export { eventLimits, eventsRequestSchema } from './event-schema';
export { AnalyticsIpLimit, analyticsIpLimit } from './ip-limit';
export { drainAll as flushAnalytics } from './shutdown';
export { EventWriter, WriterFullError } from './writer';

const writersKey = Symbol.for('turbovpn.analytics.writers');
const holder = globalThis as typeof globalThis & { [writersKey]?: WeakMap<DbHandle, EventWriter> };

/** The one buffered writer of a database in this process (created on first use). */
export function eventWriterFor(handle: DbHandle): EventWriter {
  holder[writersKey] ??= new WeakMap();
  const writers = holder[writersKey];
  let writer = writers.get(handle);
  if (!writer) {
    const settings = config();
    const created = new EventWriter({
      insert: (rows) => insertAnalyticsEvents(handle.db, rows),
      flushSize: settings.ANALYTICS_FLUSH_SIZE,
      flushMs: settings.ANALYTICS_FLUSH_MS,
      onError: (error) => {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error(
          { area: 'analytics', database: handle.label, reason },
          'writing analytics events failed',
        );
      },
    });
    flushOnShutdown(() => created.close());
    // The /metrics queue depth counts this writer's waiting rows while it exists.
    const ref = new WeakRef(created);
    addQueueDepthSource(() => ref.deref()?.pending ?? 0);
    writers.set(handle, created);
    writer = created;
  }
  return writer;
}

/** Turns a validated request into table rows; the request's user_id fills events without one. */
export function toRows(body: EventsRequest, sourceIp: string | undefined): AnalyticsEventRow[] {
  return body.events.map((event) => ({
    eventTime: new Date(event.event_timestamp),
    eventTimestamp: event.event_timestamp,
    eventDatetime: event.event_datetime ?? null,
    eventName: event.event_name,
    eventParams: event.event_params,
    userId: event.user_id ?? body.user_id ?? null,
    userProperties: event.user_properties ?? null,
    language: event.language ?? null,
    device: event.device ?? null,
    country: event.country ?? null,
    countryCode: event.country_code ? event.country_code.toUpperCase() : null,
    appName: event.app_name ?? null,
    ip: event.ip ?? null,
    sourceIp: sourceIp ?? null,
    appType: event.app_type ?? null,
    appInfo: event.app_info ?? null,
  }));
}
