import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdown, startCountdown } from './countdown';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('countdown', () => {
  it('splits the time left into zero-padded days, hours, min and sec', () => {
    expect(countdown(2 * day + 3 * hour + 4 * minute + 5 * second, 0)).toEqual({
      days: '02',
      hours: '03',
      min: '04',
      sec: '05',
      done: false,
    });
  });

  it('keeps more than 99 days whole and drops partial seconds', () => {
    expect(countdown(123 * day + 999, 0)).toMatchObject({ days: '123', sec: '00' });
  });

  it('is all zeros and done at or after the end', () => {
    const zero = { days: '00', hours: '00', min: '00', sec: '00', done: true };
    expect(countdown(1000, 1000)).toEqual(zero);
    expect(countdown(1000, 5000)).toEqual(zero);
  });

  it('takes Dates', () => {
    expect(countdown(new Date('2024-04-07T03:00:00Z'), new Date('2024-04-07T02:59:01Z'))).toEqual({
      days: '00',
      hours: '00',
      min: '00',
      sec: '59',
      done: false,
    });
  });
});

describe('startCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-04-07T02:59:57Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and stops after reporting done', () => {
    const seen: string[] = [];
    startCountdown(new Date('2024-04-07T03:00:00Z'), (value) => seen.push(value.sec));
    expect(seen).toEqual(['03']);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['03', '02']);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['03', '02', '01', '00']);
  });

  it('stops early when asked', () => {
    const onTick = vi.fn();
    const stop = startCountdown(new Date('2024-04-07T03:00:00Z'), onTick);
    stop();
    vi.advanceTimersByTime(5000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });
});
