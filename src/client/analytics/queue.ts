import type { AnalyticsEvent } from './event';
import type { EventsBody, SendResult } from './transport';

export type Permission = 'yes' | 'no' | 'wait';

export interface QueueOptions {
  /** Sends one batch; see SendResult (true: done, false: retry later, retryAfterMs: wait). */
  send: (body: EventsBody, options: { beacon: boolean }) => Promise<SendResult> | SendResult;
  /** Consent: 'wait' keeps events until the visitor decides, 'no' drops them. */
  permission: () => Permission;
  userId: () => string | null;
  /** A batch this large is sent at once; smaller ones wait flushMs. */
  batchSize?: number;
  flushMs?: number;
  /** Held at most (oldest dropped): a page left open for days must not grow without bound. */
  maxQueued?: number;
  /** First wait after a failed send without Retry-After (default 10 s); doubles per failure. */
  retryMs?: number;
  /** Longest wait after a failure, whatever Retry-After says (default 5 minutes). */
  maxBackoffMs?: number;
  /** Source of randomness in [0, 1) that spreads retries (tests fix it). */
  random?: () => number;
}

// keepalive requests share a 64 KiB budget per page; stay well below it.
const maxBatchBytes = 48 * 1024;
const maxBatchEvents = 20;

// A server's Retry-After is honoured up to this; a longer one (a misconfigured proxy) would
// otherwise stop analytics for the rest of the visit.
const defaultMaxBackoffMs = 5 * 60_000;
const minRetryAfterMs = 1000;

/**
 * Collects events and sends them in batches (spec 3 analytics event).
 *
 * When a batch is not delivered its events go back to the front of the queue and the queue
 * backs off: after a 429 (or 503) with Retry-After it waits that long (capped at maxBackoffMs,
 * plus up to a fifth more at random, so that the visitors behind one address do not all come
 * back in the same second); after a network error or a 5xx without it, 10 s, 20 s, 40 s …
 * up to the cap (up to a fifth less at random). Until the wait is over nothing is sent, page-hide
 * beacons included: a beacon's 429 could not be seen and its events would be lost, whereas
 * queued ones go out when the wait ends (if the page is closed first, they are lost with it,
 * as the queue lives in memory only). The queue keeps at most maxQueued events (oldest dropped).
 */
export class AnalyticsQueue {
  private events: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  /** Nothing is sent before this time (ms since 1970) after a failed send. */
  private retryAt = 0;
  /** Failed sends in a row, for the doubling wait. */
  private failures = 0;

  constructor(private readonly options: QueueOptions) {}

  get size(): number {
    return this.events.length;
  }

  push(event: AnalyticsEvent): void {
    if (this.options.permission() === 'no') return;
    this.events.push(event);
    this.trim();
    if (this.events.length >= (this.options.batchSize ?? 10)) void this.flush();
    else this.schedule();
  }

  /** Consent changed: drop everything on 'no', send what waited on 'yes'. */
  permissionChanged(): void {
    const permission = this.options.permission();
    if (permission === 'no') this.events = [];
    if (permission === 'yes' && this.events.length > 0) void this.flush();
  }

  /** Sends all queued events now (after a backoff: once it is over); on page hide with `beacon`. */
  async flush(options: { beacon?: boolean } = {}): Promise<void> {
    this.clearTimer();
    if (this.options.permission() !== 'yes' || this.events.length === 0) return;
    if (this.waitLeft() > 0) {
      this.schedule(this.waitLeft());
      return;
    }
    if (this.sending && !options.beacon) {
      this.schedule();
      return;
    }
    this.sending = true;
    try {
      while (this.events.length > 0) {
        // Another send (a page-hide flush running alongside) may have been told to wait.
        if (this.waitLeft() > 0) {
          this.schedule(this.waitLeft());
          return;
        }
        const batch = this.takeBatch();
        const result = await this.options.send(
          { user_id: this.options.userId(), events: batch },
          { beacon: options.beacon ?? false },
        );
        if (result === true) {
          this.failures = 0;
          continue;
        }
        // Back in front, sent again when the wait is over.
        this.events.unshift(...batch);
        this.trim();
        this.backOff(result);
        return;
      }
    } finally {
      this.sending = false;
    }
  }

  private get cap(): number {
    return this.options.maxBackoffMs ?? defaultMaxBackoffMs;
  }

  private waitLeft(): number {
    const left = this.retryAt - Date.now();
    // More than the cap left: the device clock was set back. Wait the cap from now, no longer.
    if (left > this.cap) this.retryAt = Date.now() + this.cap;
    return Math.min(left, this.cap);
  }

  private backOff(result: false | { retryAfterMs: number }): void {
    this.failures += 1;
    const cap = this.cap;
    const random = (this.options.random ?? Math.random)();
    let wait: number;
    if (result === false) {
      const doubled = (this.options.retryMs ?? 10_000) * 2 ** Math.min(this.failures - 1, 20);
      wait = Math.min(cap, doubled) * (1 - random / 5);
    } else {
      wait = Math.min(cap, Math.max(minRetryAfterMs, result.retryAfterMs) * (1 + random / 5));
    }
    this.retryAt = Date.now() + wait;
    this.clearTimer();
    this.schedule(wait);
  }

  private trim(): void {
    const max = this.options.maxQueued ?? 200;
    if (this.events.length > max) this.events.splice(0, this.events.length - max);
  }

  private takeBatch(): AnalyticsEvent[] {
    const batch: AnalyticsEvent[] = [];
    let bytes = 64;
    while (this.events.length > 0 && batch.length < maxBatchEvents) {
      const next = this.events[0] as AnalyticsEvent;
      const size = JSON.stringify(next).length + 1;
      if (batch.length > 0 && bytes + size > maxBatchBytes) break;
      batch.push(next);
      this.events.shift();
      bytes += size;
    }
    return batch;
  }

  private schedule(ms = this.options.flushMs ?? 2000): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Resolves with the visitor's IP once `getIp` knows it: checks now, then up to `retries` more
 * times `intervalMs` apart (spec 9: 10 retries at 1 s), then resolves undefined.
 */
export function waitForIp(
  getIp: () => string | null | undefined,
  retries = 10,
  intervalMs = 1000,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let tries = 0;
    const check = () => {
      const ip = getIp();
      if (ip) return resolve(ip);
      if (tries >= retries) return resolve(undefined);
      tries += 1;
      setTimeout(check, intervalMs);
    };
    check();
  });
}
