import { type Context, Hono } from 'hono';
import {
  AnalyticsIpLimit,
  analyticsIpLimit,
  eventLimits,
  eventsRequestSchema,
  eventWriterFor,
  toRows,
  WriterFullError,
} from '@/server/analytics';
import { config } from '@/server/config';
import { requestIp } from '@/server/geo';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { bodyLimit } from '../middleware/body-limit';
import { socketAddress } from '../socket-address';
import type { AppEnv } from '../types';
import { invalidRequest, parseJsonText } from '../validate';

/**
 * Mounted in app.ts *before* the app-type check: `navigator.sendBeacon` (page hide) cannot set
 * headers, and this endpoint reads no cookie and changes nothing a forged request could abuse,
 * so the CSRF guard has nothing to protect here. JSON is accepted as application/json or
 * text/plain (what a beacon sends without a CORS preflight).
 *
 * Each client address (an IPv6 client's /64) may send ANALYTICS_IP_LIMIT_PER_MINUTE events a
 * minute to this instance (src/server/analytics/ip-limit.ts has the sizing); past it the answer
 * is 429 with Retry-After and nothing of the request is stored. The site's queue keeps the events
 * and sends them after the wait (src/client/analytics/queue.ts).
 */
export const analyticsRoutes = new Hono<AppEnv>();

const acceptedTypes = /^(application\/([\w.-]+\+)?json|text\/plain)$/i;

interface Caller {
  sourceIp: string | undefined;
  /** This process's per-address limit; undefined when ANALYTICS_IP_LIMIT_PER_MINUTE is 0. */
  limit: AnalyticsIpLimit | undefined;
  limitKey: string;
}

// Worked out once per request (by the limit check before the body, used again after it).
const callers = new WeakMap<Context<AppEnv>, Caller>();

/**
 * The address the geo module determines (the socket, or X-Forwarded-For only from
 * TRUSTED_PROXIES): what the events are stored with, and what the per-address limit counts.
 */
function caller(c: Context<AppEnv>): Caller {
  let found = callers.get(c);
  if (!found) {
    const sourceIp = requestIp(c.req.raw, socketAddress(c.env));
    found = {
      sourceIp,
      limit: analyticsIpLimit(config().ANALYTICS_IP_LIMIT_PER_MINUTE),
      limitKey: AnalyticsIpLimit.keyOf(sourceIp),
    };
    callers.set(c, found);
  }
  return found;
}

// POST /api/mms/analytics/v1/events – store a batch of the site's analytics events
analyticsRoutes.post(
  '/events',
  // An address already at its limit is refused before its body is read or parsed.
  async (c, next) => {
    const { limit, limitKey } = caller(c);
    if (limit) {
      const state = await limit.check(limitKey);
      if (!state.allowed) throw state.error;
    }
    await next();
  },
  bodyLimit(eventLimits.maxBodyBytes),
  async (c) => {
    const { sourceIp, limit, limitKey } = caller(c);
    let rows: ReturnType<typeof toRows>;
    try {
      const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
      if (!acceptedTypes.test(mediaType)) {
        throw ApiError.badRequest('Request body must be JSON (Content-Type: application/json)');
      }
      const parsed = eventsRequestSchema.safeParse(parseJsonText(await c.req.text()));
      if (!parsed.success) throw invalidRequest(parsed.error);
      rows = toRows(parsed.data, sourceIp);
    } catch (error: unknown) {
      // A refused request counts as one event, so a flood of malformed ones is limited too.
      if (error instanceof ApiError) await limit?.consume(limitKey, 1);
      throw error;
    }
    if (limit) {
      const state = await limit.consume(limitKey, rows.length);
      if (!state.allowed) throw state.error;
    }
    try {
      eventWriterFor(c.var.db()).add(rows);
    } catch (error: unknown) {
      if (error instanceof WriterFullError) {
        // Our fault, not the client's: these events do not count against its address.
        await limit?.refund(limitKey, rows.length);
        throw ApiError.unavailable('Analytics are busy, please retry later', { retry_after: 5 });
      }
      throw error;
    }
    return ok(c, { accepted: rows.length });
  },
);
