import 'server-only';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema';

export interface LimitRule {
  /** Namespaces the counters, e.g. 'login-ip'. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  windowSeconds: number;
  /** What the 429 says; the wait is added as data.retry_after and Retry-After. */
  message?: string;
}

export interface Limiter {
  /** Counts attempts for `key`; past the limit it throws a 429 ApiError and counts nothing more. */
  consume(key: string, points?: number): Promise<void>;
  /** Throws the 429 when `key` is already at its limit, without counting. */
  check(key: string): Promise<void>;
  /** Gives back points counted by consume (an attempt that turned out to be legitimate). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

function tooMany(rule: LimitRule, msBeforeNext: number): ApiError {
  return ApiError.tooManyRequests(Math.max(1, Math.ceil(msBeforeNext / 1000)), rule.message);
}

/**
 * The limiters of a set of rules, made once per database and rule (their store is built once);
 * they hold the rules, never counters.
 */
export function limiterCache<Name extends string>(rules: Record<Name, LimitRule>) {
  const cache = new WeakMap<Db, Map<Name, Limiter>>();
  return (db: Db, name: Name): Limiter => {
    let forDb = cache.get(db);
    if (!forDb) {
      forDb = new Map();
      cache.set(db, forDb);
    }
    let found = forDb.get(name);
    if (!found) {
      found = createLimiter(db, rules[name]);
      forDb.set(name, found);
    }
    return found;
  };
}

/** A limiter whose counters live in the database (PGlite or PostgreSQL alike). */
export function createLimiter(db: Db, rule: LimitRule): Limiter {
  const store = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
    clearExpiredByTimeout: false,
  });
  return {
    async consume(key, points = 1) {
      try {
        await store.consume(key, points);
      } catch (error: unknown) {
        if (error instanceof RateLimiterRes) throw tooMany(rule, error.msBeforeNext);
        throw error;
      }
    },
    async check(key) {
      const state = await store.get(key);
      if (state && state.consumedPoints >= rule.points) throw tooMany(rule, state.msBeforeNext);
    },
    async reward(key, points = 1) {
      await store.reward(key, points);
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}
