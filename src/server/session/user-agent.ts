import 'server-only';
import Bowser from 'bowser';

// The browser and operating system a User-Agent header names, for the account's list of
// signed-in browsers. Parsed with Bowser (docs/architecture.md says why): hand-written patterns
// go stale with every browser release.

export interface BrowserInfo {
  /** 'Chrome 131', 'Firefox 133', 'Safari 17'; null when it cannot be told. */
  browser: string | null;
  /** 'Windows 10', 'macOS Sonoma', 'iOS 17.1', 'Android 14', 'Linux'; null when unknown. */
  os: string | null;
}

/** The longest User-Agent kept with a session. */
export const userAgentMaxLength = 512;

export function describeUserAgent(userAgent: string | null | undefined): BrowserInfo {
  const header = userAgent?.trim();
  if (!header) return { browser: null, os: null };
  const parsed = Bowser.parse(header);
  const name = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  return {
    browser: name ? [name, major].filter(Boolean).join(' ') : null,
    os: os ? [os, osVersion].filter(Boolean).join(' ') : null,
  };
}

/**
 * What tells one browser apart from another across its updates: its name and its operating
 * system's name ('Chrome|Windows'); null when the header names neither.
 */
export function browserFamily(userAgent: string | null | undefined): string | null {
  const header = userAgent?.trim();
  if (!header) return null;
  const parsed = Bowser.parse(header);
  if (!parsed.browser.name && !parsed.os.name) return null;
  return `${parsed.browser.name ?? ''}|${parsed.os.name ?? ''}`;
}
