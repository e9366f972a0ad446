import type { AnalyticsEventRow } from './queries';

export interface EventWriterOptions {
  /** Writes one batch; a rejection keeps the rows for a retry. */
  insert: (rows: AnalyticsEventRow[]) => Promise<void>;
  /** A batch this large is written at once. */
  flushSize: number;
  /** No row waits longer than this before a write starts. */
  flushMs: number;
  /** Rows held in memory at most; beyond it add() refuses (the route answers 503). */
  maxBuffered?: number;
  /** Wait before retrying a failed write. */
  retryMs?: number;
  /** Where write failures are reported (they are retried, not dropped). */
  onError?: (error: unknown) => void;
}

/** The buffer is full (the database is slow or down): the caller should ask the client to retry. */
export class WriterFullError extends Error {
  override name = 'WriterFullError';
}

// Bounds the size of one statement (and of one JSON parameter) however large the buffer grows.
const maxRowsPerInsert = 1000;

/**
 * Collects rows from many requests and writes them in few multi-row inserts: by size (flushSize)
 * or by age (flushMs). Writes run one at a time, in order; a failed write keeps its rows.
 */
export class EventWriter {
  private buffer: AnalyticsEventRow[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private closing = false;
  private failures = 0;
  private readonly maxBuffered: number;
  private readonly retryMs: number;

  constructor(private readonly options: EventWriterOptions) {
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.retryMs = options.retryMs ?? 1000;
  }

  /** Rows accepted but not yet written. */
  get pending(): number {
    return this.buffer.length;
  }

  add(rows: readonly AnalyticsEventRow[]): void {
    if (this.buffer.length + rows.length > this.maxBuffered) {
      throw new WriterFullError(`analytics buffer full (${this.buffer.length} rows waiting)`);
    }
    this.buffer.push(...rows);
    // While closing, the timer is off: requests still finishing are written straight away.
    if (this.closing || this.buffer.length >= this.options.flushSize) void this.flush();
    else this.schedule(this.options.flushMs);
  }

  /** Writes everything buffered now; resolves when that is stored (or failed and kept). */
  flush(): Promise<void> {
    this.clearTimer();
    const previous = this.running ?? Promise.resolve();
    const next = previous.then(() => this.writeBuffered());
    this.running = next;
    void next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  /**
   * Stops the timer and writes until the buffer is empty, retrying failures until `deadline`
   * (ms from now). Rows that still cannot be written are reported through onError.
   */
  async close(deadlineMs = 10_000): Promise<void> {
    this.closing = true;
    this.clearTimer();
    const giveUpAt = Date.now() + deadlineMs;
    await this.flush();
    while (this.buffer.length > 0 && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.retryMs, 200)));
      await this.flush();
    }
    if (this.buffer.length > 0) {
      this.options.onError?.(new Error(`${this.buffer.length} analytics events were not stored`));
    }
  }

  private async writeBuffered(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, maxRowsPerInsert);
      try {
        await this.options.insert(batch);
        this.failures = 0;
      } catch (error: unknown) {
        this.options.onError?.(error);
        this.failures += 1;
        // Retried as a whole a few times (the database may be briefly away); then row by row,
        // so one row the database refuses cannot hold back every later event forever.
        const kept = this.failures >= 3 ? await this.isolate(batch) : batch;
        this.buffer.unshift(...kept);
        if (kept.length < batch.length) this.failures = 0;
        if (!this.closing && this.buffer.length > 0) this.schedule(this.retryMs);
        return;
      }
    }
  }

  // Writes rows one at a time. If every row fails, the database is the problem: all are kept.
  // Otherwise the failing rows are reported and dropped.
  private async isolate(batch: AnalyticsEventRow[]): Promise<AnalyticsEventRow[]> {
    const failed: AnalyticsEventRow[] = [];
    for (const row of batch) {
      try {
        await this.options.insert([row]);
      } catch {
        failed.push(row);
      }
    }
    if (failed.length === batch.length) return batch;
    if (failed.length > 0) {
      this.options.onError?.(new Error(`${failed.length} analytics events refused and dropped`));
    }
    return [];
  }

  private schedule(ms: number): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    // A pending flush must not keep a finished process (tests, scripts) alive; shutdown flushes.
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
