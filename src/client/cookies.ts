// Cookies the browser sets itself (tracking tags, consent). Not HttpOnly by nature, so the
// server-side reader (src/server/attribution.ts) treats every value as untrusted input.

export interface CookieOptions {
  /** Lifetime in seconds. */
  maxAge: number;
}

export function readCookie(
  name: string,
  source = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(options.maxAge)}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', { maxAge: 0 });
}
