// The session hint cookie as the page's scripts read it (a module of its own, so analytics can
// read the user id without the API client).
import { sessionHintCookieName } from '@/lib/session-cookie';

/** The user id the session hint carries; null without a session (or with an older hint). */
export function sessionUserId(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === sessionHintCookieName && /^[0-9a-f-]{36}$/i.test(value)) return value;
  }
  return null;
}

export function hasSessionHint(): boolean {
  // "1": a hint set before it carried the user id; still a session.
  return (
    sessionUserId() !== null ||
    document.cookie.split(';').some((part) => part.trim() === `${sessionHintCookieName}=1`)
  );
}
