import { formatDisplayDate } from '@/lib/date-format';
import { brand } from '@/lib/site';

export type ParamValue = string | number | boolean | null;
export type EventParams = Record<string, ParamValue | undefined>;

/** One analytics event with the fields of spec 3. */
export interface AnalyticsEvent {
  event_datetime: string;
  event_timestamp: number;
  event_name: string;
  event_params: { key: string; value: ParamValue }[];
  user_id: string | null;
  user_properties: Record<string, ParamValue>;
  language: string | null;
  device: string | null;
  country: string | null;
  country_code: string | null;
  app_name: string;
  ip: string | null;
  app_type: number;
  app_info: Record<string, ParamValue>;
}

/** What the page knows about the visitor when an event happens. */
export interface EventContext {
  userId: string | null;
  language: string | null;
  device: string | null;
  country: string | null;
  countryCode: string | null;
  ip: string | null;
  path: string;
}

const maxValueLength = 1000;

/** Builds the event; undefined params are left out, long strings cut to what the API accepts. */
export function buildEvent(
  name: string,
  params: EventParams,
  context: EventContext,
  now = Date.now(),
): AnalyticsEvent {
  const list = Object.entries(params)
    .filter((entry): entry is [string, ParamValue] => entry[1] !== undefined)
    .slice(0, 50)
    .map(([key, value]) => ({
      key: key.slice(0, 64),
      value: typeof value === 'string' ? value.slice(0, maxValueLength) : value,
    }));
  return {
    event_datetime: formatDisplayDate(now),
    event_timestamp: now,
    event_name: name,
    event_params: list,
    user_id: context.userId,
    user_properties: { logged_in: context.userId !== null },
    language: context.language,
    device: context.device,
    country: context.country,
    country_code: context.countryCode,
    app_name: brand.analyticsAppName,
    ip: context.ip,
    app_type: brand.webAppType,
    app_info: { path: context.path.slice(0, 512) },
  };
}

/** 'mobile/Android', 'desktop/Windows', ...: enough to tell platforms apart, nothing more. */
export function describeDevice(userAgent: string): string {
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'other';
  const type = /Mobi|iPhone|iPod|Android.*Mobile/.test(userAgent)
    ? 'mobile'
    : /iPad|Tablet|Android/.test(userAgent)
      ? 'tablet'
      : 'desktop';
  return `${type}/${os}`;
}
