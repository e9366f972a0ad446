import { z } from 'zod';

/** Limits of `POST /api/mms/analytics/v1/events` (docs/api.md). */
export const eventLimits = {
  /** Events in one request; the browser sends at most 20 at a time. */
  maxEvents: 100,
  maxParams: 50,
  maxPropertyKeys: 30,
  maxValueLength: 1024,
  /** Whole body in bytes; larger bodies get 413 before they are parsed. */
  maxBodyBytes: 64 * 1024,
} as const;

const scalar = z.union([
  z.string().max(eventLimits.maxValueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

const scalarRecord = z
  .record(z.string().min(1).max(64), scalar)
  .refine((value) => Object.keys(value).length <= eventLimits.maxPropertyKeys, {
    message: `at most ${eventLimits.maxPropertyKeys} keys`,
  });

// The browser's clock can be off, but not by decades: a wrong unit (seconds) or garbage is refused.
const earliest = Date.UTC(2020, 0, 1);
const latestSkewMs = 24 * 60 * 60 * 1000;

export const eventSchema = z.object({
  event_name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
  event_timestamp: z
    .number()
    .int()
    .refine((ms) => ms >= earliest && ms <= Date.now() + latestSkewMs, {
      message: 'must be milliseconds since 1970 within the last years and not in the future',
    }),
  event_datetime: z.string().max(40).optional(),
  event_params: z
    .array(z.object({ key: z.string().min(1).max(64), value: scalar }))
    .max(eventLimits.maxParams)
    .default([]),
  user_id: z.string().max(128).nullish(),
  user_properties: scalarRecord.nullish(),
  language: z.string().max(16).nullish(),
  device: z.string().max(256).nullish(),
  country: z.string().max(64).nullish(),
  country_code: z
    .string()
    .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter country code')
    .nullish(),
  app_name: z.string().max(64).nullish(),
  ip: z.string().max(45).nullish(),
  app_type: z.number().int().min(0).max(100_000).nullish(),
  app_info: scalarRecord.nullish(),
});

export const eventsRequestSchema = z.object({
  user_id: z.string().max(128).nullish(),
  events: z
    .array(eventSchema)
    .min(1, 'must contain at least one event')
    .max(eventLimits.maxEvents, `at most ${eventLimits.maxEvents} events per request`),
});

export type AnalyticsEventInput = z.output<typeof eventSchema>;
export type EventsRequest = z.output<typeof eventsRequestSchema>;
