import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  eventLimits,
  eventsRequestSchema,
  eventWriterFor,
  toRows,
  WriterFullError,
} from '@/server/analytics';
import { requestIp } from '@/server/geo';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { errorResponse } from '../middleware/error-handler';
import { socketAddress } from '../socket-address';
import type { AppEnv } from '../types';
import { invalidRequest, parseJsonText } from '../validate';

/**
 * Mounted in app.ts *before* the app-type check: `navigator.sendBeacon` (page hide) cannot set
 * headers, and this endpoint reads no cookie and changes nothing a forged request could abuse,
 * so the CSRF guard has nothing to protect here. JSON is accepted as application/json or
 * text/plain (what a beacon sends without a CORS preflight).
 */
export const analyticsRoutes = new Hono<AppEnv>();

const acceptedTypes = /^(application\/([\w.-]+\+)?json|text\/plain)$/i;

// POST /api/mms/analytics/v1/events – store a batch of the site's analytics events
analyticsRoutes.post(
  '/api/mms/analytics/v1/events',
  bodyLimit({
    maxSize: eventLimits.maxBodyBytes,
    onError: (c) => errorResponse(c, ApiError.payloadTooLarge(eventLimits.maxBodyBytes)),
  }),
  async (c) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!acceptedTypes.test(mediaType)) {
      throw ApiError.badRequest('Request body must be JSON (Content-Type: application/json)');
    }
    const body = parseJsonText(await c.req.text());
    const parsed = eventsRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const rows = toRows(parsed.data, requestIp(c.req.raw, socketAddress(c.env)));
    try {
      eventWriterFor(c.var.db()).add(rows);
    } catch (error: unknown) {
      if (error instanceof WriterFullError) {
        throw ApiError.unavailable('Analytics are busy, please retry later', { retry_after: 5 });
      }
      throw error;
    }
    return ok(c, { accepted: rows.length });
  },
);
