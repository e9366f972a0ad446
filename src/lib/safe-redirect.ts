// Redirect targets must stay on this site: a path, never a URL or a protocol-relative path.
const MAX_LENGTH = 2048;

export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return false;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  // Control characters and backslashes can be normalised by browsers into another origin.
  for (const char of target) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export function safeRedirect(target: unknown, fallback = '/'): string {
  return isSafeRedirect(target) ? target : fallback;
}
