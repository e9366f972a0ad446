// Small on purpose: the browser's language switcher imports it.

/** Other spellings the spec lists for a page: served as that page, with a canonical link to it. */
export const aliases: Readonly<Record<string, string>> = {
  '/home': '/',
  '/home/preview': '/',
  '/forgetpassword': '/forgetPassword',
  '/myaccount': '/myAccount',
  '/paypalsuc': '/paySuc',
  '/paysuc': '/paySuc',
  '/downloadProduct': '/download',
  '/download/product': '/download',
};

/** Resolves a site path (no locale) to the page that serves it, following aliases. */
export function canonicalPath(path: string): string {
  return aliases[path] ?? path;
}
