import type { AnalyticsEvent } from './event';
import type { EventsBody } from './transport';

export type Permission = 'yes' | 'no' | 'wait';

export interface QueueOptions {
  send: (body: EventsBody, options: { beacon: boolean }) => Promise<boolean> | boolean;
  /** Consent: 'wait' keeps events until the visitor decides, 'no' drops them. */
  permission: () => Permission;
  userId: () => string | null;
  /** A batch this large is sent at once; smaller ones wait flushMs. */
  batchSize?: number;
  flushMs?: number;
  /** Held at most (oldest dropped): a page left open for days must not grow without bound. */
  maxQueued?: number;
}

// keepalive requests share a 64 KiB budget per page; stay well below it.
const maxBatchBytes = 48 * 1024;
const maxBatchEvents = 20;

/** Collects events and sends them in batches (spec 3 analytics event). */
export class AnalyticsQueue {
  private events: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  constructor(private readonly options: QueueOptions) {}

  get size(): number {
    return this.events.length;
  }

  push(event: AnalyticsEvent): void {
    if (this.options.permission() === 'no') return;
    this.events.push(event);
    const max = this.options.maxQueued ?? 200;
    if (this.events.length > max) this.events.splice(0, this.events.length - max);
    if (this.events.length >= (this.options.batchSize ?? 10)) void this.flush();
    else this.schedule();
  }

  /** Consent changed: drop everything on 'no', send what waited on 'yes'. */
  permissionChanged(): void {
    const permission = this.options.permission();
    if (permission === 'no') this.events = [];
    if (permission === 'yes' && this.events.length > 0) void this.flush();
  }

  /** Sends all queued events now; on page hide with `beacon`. */
  async flush(options: { beacon?: boolean } = {}): Promise<void> {
    this.clearTimer();
    if (this.options.permission() !== 'yes' || this.events.length === 0) return;
    if (this.sending && !options.beacon) {
      this.schedule();
      return;
    }
    this.sending = true;
    try {
      while (this.events.length > 0) {
        const batch = this.takeBatch();
        const sent = await this.options.send(
          { user_id: this.options.userId(), events: batch },
          { beacon: options.beacon ?? false },
        );
        if (!sent) {
          // Back in front, tried again with the next flush.
          this.events.unshift(...batch);
          this.schedule(10_000);
          return;
        }
      }
    } finally {
      this.sending = false;
    }
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
