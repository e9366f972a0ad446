import 'server-only';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '@/server/api/errors';
import { rateLimitKey } from '@/server/rate-limit/ip-key';

/**
 * Events one client address may send to `POST /api/mms/analytics/v1/events` per minute
 * (ANALYTICS_IP_LIMIT_PER_MINUTE; 0 turns the limit off). The unit is events, not requests: one
 * request may carry up to 100 events, so a request count alone would let one address write
 * 100 times as many rows.
 *
 * Sized from what the site's own pages send (src/client/analytics, src/components/tracking):
 *   - one page_show per page shown (full load or client-side navigation), one download_click
 *     per download link clicked, plan_selected / checkout_started / checkout_finished / login
 *     per step, at most 10 js_error and one GET_GEO_* per page load;
 *   - the queue batches them (10 events, or 2 s after the first one waiting, or on page hide),
 *     so a visitor's requests never outnumber its events: counting events covers both.
 * A busy real visitor: 10 pages a minute (one every 6 s) + 10 other events (clicks, plan and
 * checkout steps, the odd error) = 20 events/min. A typical one sends 2–4.
 * Many visitors behind one address (a school, an office, a carrier-grade NAT): allow 300 of them
 * active in the same minute, all busy at once:
 *   300 visitors × 20 events/min = 6,000 events/min (100 events/s) per address.
 * That is 1% of the 10,000 events/s one instance is meant to ingest, so one abusing address can
 * take at most 1% of an instance, and no real crowd behind one NAT comes near the limit.
 */
export const defaultEventsPerMinute = 300 * 20;

const windowSeconds = 60;

export type LimitCheck =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; error: ApiError };

function refused(msBeforeNext: number): LimitCheck & { allowed: false } {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return {
    allowed: false,
    retryAfterSeconds,
    error: ApiError.tooManyRequests(
      retryAfterSeconds,
      'Too many analytics events from this address, please retry later',
    ),
  };
}

/**
 * The per-address limit of analytics ingestion, counted in this process's memory
 * (rate-limiter-flexible's RateLimiterMemory, a fixed 60 s window per key).
 *
 * Per instance on purpose: the other limits (login, codes, forms) keep their counters in the
 * database so that a fleet shares them, at one database round trip per check. Ingestion has to
 * stay near 10,000 events/s per instance and the limit guards no secret (it is abuse control:
 * it only bounds how many junk rows one address can make us write), so a round trip per request
 * would cost far more than it protects. With N instances behind a load balancer one address can
 * send up to N × the limit in total; that is fine, because each instance (its event loop and its
 * write buffer) still sees at most the limit from that address, the database is sized for the
 * whole fleet's ingestion anyway, and more junk rows are the worst an abuser gains. Counters
 * start again when a process restarts, which is harmless for the same reason.
 *
 * IPv6 clients count by their /64 prefix (rateLimitKey), since one subscriber usually holds a
 * whole /64; callers without a known address share the key 'unknown'.
 */
export class AnalyticsIpLimit {
  private readonly store: RateLimiterMemory;

  constructor(readonly eventsPerMinute: number) {
    this.store = new RateLimiterMemory({
      keyPrefix: 'analytics-ip',
      points: eventsPerMinute,
      duration: windowSeconds,
    });
  }

  /** The key an address counts under (an IPv6 address's /64 prefix). */
  static keyOf(ip: string | undefined): string {
    return rateLimitKey(ip || 'unknown');
  }

  /**
   * Before the body is read: refuses an address that has already used its minute, without
   * counting. Cheap (a map lookup), so a flood past the limit is answered without parsing.
   */
  async check(key: string): Promise<LimitCheck> {
    const state = await this.store.get(key);
    if (state && state.consumedPoints >= this.eventsPerMinute) return refused(state.msBeforeNext);
    return { allowed: true };
  }

  /**
   * Counts `events` for `key`. The whole request is refused when they do not all fit in what is
   * left of the minute (nothing of it is stored; the client keeps and resends the events), and
   * refused events count too, so a client that ignores Retry-After gains nothing.
   */
  async consume(key: string, events: number): Promise<LimitCheck> {
    try {
      await this.store.consume(key, events);
      return { allowed: true };
    } catch (error: unknown) {
      if (error instanceof RateLimiterRes) return refused(error.msBeforeNext);
      throw error;
    }
  }

  /** Gives back events that were counted but not accepted for reasons of ours (503). */
  async refund(key: string, events: number): Promise<void> {
    await this.store.reward(key, events);
  }
}

const limitsKey = Symbol.for('turbovpn.analytics.ip-limits');
const holder = globalThis as typeof globalThis & { [limitsKey]?: Map<number, AnalyticsIpLimit> };

/**
 * This process's limit for `eventsPerMinute` (undefined when 0: the limit is off). Kept on
 * globalThis like the event writers, so every bundle Next loads the route in shares one counter.
 */
export function analyticsIpLimit(eventsPerMinute: number): AnalyticsIpLimit | undefined {
  if (eventsPerMinute <= 0) return undefined;
  holder[limitsKey] ??= new Map();
  const limits = holder[limitsKey];
  let limit = limits.get(eventsPerMinute);
  if (!limit) {
    limit = new AnalyticsIpLimit(eventsPerMinute);
    limits.set(eventsPerMinute, limit);
  }
  return limit;
}
