// How the account's pages and mails name a browser and the country it signed in from.

/** The country's name in `locale` ('Deutschland' for DE in German); the code if unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'Chrome 131 on Windows 10' (`on` words it), either part alone, or `unknown`. */
export function browserLabel(
  item: { browser: string | null; os: string | null },
  on: (browser: string, os: string) => string,
  unknown: string,
): string {
  if (item.browser && item.os) return on(item.browser, item.os);
  return item.browser ?? item.os ?? unknown;
}
