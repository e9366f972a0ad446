import Bowser from 'bowser';

/** The apps /download can lead with (spec 9: macOS, iOS, Android, Windows, Chrome extension). */
export const downloadPlatforms = ['windows', 'macos', 'ios', 'android', 'chrome'] as const;
export type DownloadPlatform = (typeof downloadPlatforms)[number];

export interface PlatformSignals {
  /** navigator.userAgent or the User-Agent header. */
  userAgent: string;
  /** The platform client hint (navigator.userAgentData.platform or Sec-CH-UA-Platform), if any. */
  platformHint?: string;
  /** navigator.maxTouchPoints: tells an iPad that presents itself as a Mac from a real Mac. */
  maxTouchPoints?: number;
}

const chromiumBrowsers = new Set([
  'chrome',
  'chromium',
  'microsoft edge',
  'opera',
  'brave',
  'vivaldi',
  'yandex browser',
]);

function fromHint(hint: string | undefined): string | undefined {
  const value = hint?.replace(/"/g, '').trim().toLowerCase();
  if (!value || value === 'unknown') return undefined;
  if (value === 'chrome os' || value === 'chromeos') return 'chrome os';
  return value; // 'windows', 'macos', 'android', 'ios', 'linux'
}

/**
 * Which app suits the visitor's device, or null when none of ours does (e.g. Firefox on Linux).
 * The client hint wins over the User-Agent when present, because Chromium freezes parts of the
 * User-Agent string. A desktop without a native app but with a Chromium browser gets the
 * Chrome extension.
 */
export function detectPlatform({
  userAgent,
  platformHint,
  maxTouchPoints = 0,
}: PlatformSignals): DownloadPlatform | null {
  const parser = Bowser.getParser(userAgent || ' ');
  const os = fromHint(platformHint) ?? parser.getOSName(true);
  const browser = parser.getBrowserName(true);
  switch (os) {
    case 'ios':
      return 'ios';
    case 'android':
      return 'android';
    case 'windows':
      return 'windows';
    case 'macos':
      // iPadOS asks for desktop sites with a Mac User-Agent; only a touch screen tells them apart.
      return maxTouchPoints > 1 ? 'ios' : 'macos';
    case 'chrome os':
    case 'linux':
      return chromiumBrowsers.has(browser) ? 'chrome' : null;
    default:
      return null;
  }
}
