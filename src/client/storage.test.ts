import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage';
import { getTimed, readItem, type StorageLike, setTimed, writeItem } from './storage';

describe('time-limited values', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the value until it expires, then removes it', () => {
    const storage = memoryStorage();
    setTimed('plans', { n: 1 }, 900_000, storage);
    vi.advanceTimersByTime(899_999);
    expect(getTimed('plans', storage)).toEqual({ n: 1 });
    vi.advanceTimersByTime(1);
    expect(getTimed('plans', storage)).toBeUndefined();
    expect(storage.data.has('plans')).toBe(false);
  });

  it('treats malformed entries as missing', () => {
    const storage = memoryStorage();
    storage.setItem('a', 'not json');
    storage.setItem('b', JSON.stringify({ value: 1 }));
    expect(getTimed('a', storage)).toBeUndefined();
    expect(getTimed('b', storage)).toBeUndefined();
  });
});

describe('safe storage access', () => {
  it('never throws when storage does', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readItem(broken, 'x')).toBeNull();
    expect(writeItem(broken, 'x', 'y')).toBe(false);
    expect(setTimed('x', 1, 1000, broken)).toBe(false);
    expect(getTimed('x', broken)).toBeUndefined();
    expect(writeItem(undefined, 'x', 'y')).toBe(false);
  });
});
