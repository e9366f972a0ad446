// Application type map (spec 3): which client a numeric app_type stands for. The website itself
// is 502 ('Web Turbo', brand.webAppType in site.ts).

export type AppPlatform = 'ios' | 'mac' | 'android' | 'sdk-browser' | 'chrome' | 'windows' | 'web';

export interface AppTypeInfo {
  platform: AppPlatform;
  /** English label for logs and reports. */
  label: string;
}

const ranges: readonly { from: number; to: number; info: AppTypeInfo }[] = [
  { from: 1, to: 7, info: { platform: 'ios', label: 'iOS' } },
  { from: 12, to: 12, info: { platform: 'mac', label: 'Mac' } },
  { from: 15, to: 15, info: { platform: 'mac', label: 'Mac' } },
  { from: 101, to: 115, info: { platform: 'android', label: 'Android' } },
  { from: 201, to: 201, info: { platform: 'sdk-browser', label: 'SDK browser' } },
  { from: 301, to: 302, info: { platform: 'chrome', label: 'Chrome' } },
  { from: 401, to: 402, info: { platform: 'windows', label: 'Windows' } },
  { from: 501, to: 512, info: { platform: 'web', label: 'Web' } },
];

/** The Turbo VPN website. */
export const webTurboAppType = 502;

/** What an app_type is, or undefined for numbers outside the map (8–11, 13, 14, 0, ...). */
export function appTypeInfo(appType: number | string): AppTypeInfo | undefined {
  const value = typeof appType === 'string' ? Number(appType.trim()) : appType;
  if (!Number.isInteger(value)) return undefined;
  const found = ranges.find((range) => value >= range.from && value <= range.to)?.info;
  if (!found) return undefined;
  return value === webTurboAppType ? { platform: 'web', label: 'Web Turbo' } : found;
}

/** The platform of an app_type, or undefined when it is not in the map. */
export function appPlatform(appType: number | string): AppPlatform | undefined {
  return appTypeInfo(appType)?.platform;
}
