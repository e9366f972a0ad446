// The part of autocannon (which ships no type declarations) that the bench scripts use:
// scripts/bench/bench-load.ts, bench-login.ts and bench-events.ts.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'CONNECT' | 'OPTIONS' | 'TRACE' | 'PATCH';
    headers?: Record<string, string>;
    body?: string;
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Send this many requests (instead of a duration); every answer is awaited. */
    amount?: number;
  };

  /** Requests per second (average) and count (total). */
  export type RequestStats = { average: number; total: number };

  /** Milliseconds. */
  export type LatencyStats = { p50: number; p90: number; p99: number; max: number };

  export type Result = {
    requests: RequestStats;
    latency: LatencyStats;
    /** Responses with a status outside 2xx. */
    non2xx: number;
    /** Requests that failed on the wire (timeouts included). */
    errors: number;
    timeouts: number;
    /** Responses with a 2xx status. */
    '2xx': number;
  };

  export type Instance = EventEmitter;

  /** Called once, with an error (and no result) or with the result. */
  export type Callback = (
    ...args: [error: Error, result: undefined] | [error: null, result: Result]
  ) => void;

  export default function autocannon(options: Options, callback: Callback): Instance;
}
