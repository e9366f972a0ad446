const pad = (value: number) => String(value).padStart(2, '0');

export interface DateDisplayOptions {
  /** IANA zone; default the runtime's own (the visitor's browser). */
  timeZone?: string;
}

function parts(date: Date, timeZone: string | undefined) {
  if (!timeZone) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    };
  }
  const formatted = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatted.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * 'YYYY-MM-DD AM/PM hh:mm:ss' (spec 9), a 12-hour clock: midnight is 'AM 12:00:00', noon
 * 'PM 12:00:00'. An invalid date gives ''.
 */
export function formatDisplayDate(
  value: Date | number | string,
  options: DateDisplayOptions = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, options.timeZone);
  const meridiem = p.hour < 12 ? 'AM' : 'PM';
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${meridiem} ${pad(hour12)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A calendar day (stored as a UTC day) in the reader's language, e.g. "2 March 2026". */
export function formatDay(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
