import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './date-format';

describe('formatDisplayDate', () => {
  it.each([
    ['2024-03-25T03:04:05Z', '2024-03-25 AM 03:04:05'],
    ['2024-03-25T00:00:00Z', '2024-03-25 AM 12:00:00'],
    ['2024-03-25T12:00:00Z', '2024-03-25 PM 12:00:00'],
    ['2024-12-31T23:59:59Z', '2024-12-31 PM 11:59:59'],
    ['2024-01-01T13:07:09Z', '2024-01-01 PM 01:07:09'],
  ])('%s → %s (UTC)', (input, expected) => {
    expect(formatDisplayDate(input, { timeZone: 'UTC' })).toBe(expected);
  });

  it('shows the time of the given zone', () => {
    expect(formatDisplayDate('2024-03-25T03:00:00Z', { timeZone: 'Asia/Shanghai' })).toBe(
      '2024-03-25 AM 11:00:00',
    );
    expect(formatDisplayDate('2024-03-25T03:00:00Z', { timeZone: 'America/New_York' })).toBe(
      '2024-03-24 PM 11:00:00',
    );
  });

  it('takes milliseconds and uses the runtime zone by default', () => {
    const ms = Date.UTC(2024, 2, 25, 3, 4, 5);
    const local = new Date(ms);
    const hour = local.getHours() % 12 === 0 ? 12 : local.getHours() % 12;
    expect(formatDisplayDate(ms)).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} (AM|PM) ${String(hour).padStart(2, '0')}:04:05$`),
    );
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDisplayDate('not a date')).toBe('');
  });
});
