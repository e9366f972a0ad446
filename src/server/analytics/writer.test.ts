import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEventRow } from './queries';
import { EventWriter, WriterFullError } from './writer';

function rows(n: number, name = 'page_show'): AnalyticsEventRow[] {
  return Array.from({ length: n }, (_, i) => ({
    eventTime: new Date(1_700_000_000_000 + i),
    eventTimestamp: 1_700_000_000_000 + i,
    eventName: name,
    eventParams: [],
  }));
}

describe('EventWriter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes by time: nothing before flushMs, one batch after it', async () => {
    const insert = vi.fn(async (_rows: AnalyticsEventRow[]) => {});
    const writer = new EventWriter({ insert, flushSize: 100, flushMs: 1000 });
    writer.add(rows(3));
    writer.add(rows(2));
    await vi.advanceTimersByTimeAsync(999);
    expect(insert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert.mock.calls[0]?.[0]).toHaveLength(5);
    expect(writer.pending).toBe(0);
  });

  it('writes by size at once, without waiting for the timer', async () => {
    const insert = vi.fn(async (_rows: AnalyticsEventRow[]) => {});
    const writer = new EventWriter({ insert, flushSize: 10, flushMs: 60_000 });
    writer.add(rows(4));
    writer.add(rows(6));
    await vi.advanceTimersByTimeAsync(0);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert.mock.calls[0]?.[0]).toHaveLength(10);
  });

  it('splits very large buffers into inserts of at most 1000 rows', async () => {
    const sizes: number[] = [];
    const writer = new EventWriter({
      insert: async (batch) => void sizes.push(batch.length),
      flushSize: 5000,
      flushMs: 10,
    });
    writer.add(rows(2500));
    await writer.flush();
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it('keeps rows of a failed write and retries them', async () => {
    const stored: AnalyticsEventRow[] = [];
    const onError = vi.fn();
    let fail = true;
    const writer = new EventWriter({
      insert: async (batch) => {
        if (fail) throw new Error('database down');
        stored.push(...batch);
      },
      flushSize: 100,
      flushMs: 100,
      retryMs: 500,
      onError,
    });
    writer.add(rows(3));
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(writer.pending).toBe(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(stored).toHaveLength(3);
    expect(writer.pending).toBe(0);
  });

  it('refuses rows beyond maxBuffered instead of growing without bound', () => {
    const writer = new EventWriter({
      insert: () => new Promise(() => {}),
      flushSize: 1000,
      flushMs: 1000,
      maxBuffered: 5,
    });
    writer.add(rows(5));
    expect(() => writer.add(rows(1))).toThrow(WriterFullError);
  });

  it('close() writes everything, including rows added while closing', async () => {
    const stored: AnalyticsEventRow[] = [];
    const writer = new EventWriter({
      insert: async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        stored.push(...batch);
      },
      flushSize: 1000,
      flushMs: 60_000,
    });
    writer.add(rows(7));
    const closing = writer.close();
    writer.add(rows(2, 'late'));
    await vi.advanceTimersByTimeAsync(50);
    await closing;
    await vi.advanceTimersByTimeAsync(50);
    expect(stored).toHaveLength(9);
  });
});

describe('EventWriter with a row the database refuses', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after three failed attempts drops only the refused row and stores the rest', async () => {
    const stored: AnalyticsEventRow[] = [];
    const onError = vi.fn();
    const writer = new EventWriter({
      insert: async (batch) => {
        if (batch.some((row) => row.eventName === 'poison')) throw new Error('value too long');
        stored.push(...batch);
      },
      flushSize: 100,
      flushMs: 10,
      retryMs: 100,
      onError,
    });
    writer.add([...rows(2), ...rows(1, 'poison'), ...rows(2)]);
    await vi.advanceTimersByTimeAsync(10 + 100 + 100);
    expect(stored.map((row) => row.eventName)).toEqual(Array(4).fill('page_show'));
    expect(writer.pending).toBe(0);
    expect(onError).toHaveBeenLastCalledWith(new Error('1 analytics events refused and dropped'));
  });

  it('keeps every row while the whole database is failing', async () => {
    const writer = new EventWriter({
      insert: async () => {
        throw new Error('connection refused');
      },
      flushSize: 100,
      flushMs: 10,
      retryMs: 100,
    });
    writer.add(rows(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(writer.pending).toBe(3);
  });
});
