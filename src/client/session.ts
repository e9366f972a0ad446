// The signed-in state in the browser (spec 4: "set user", logout resets the state). The token
// itself is an HttpOnly cookie the page cannot read; a readable hint cookie says whether a
// session may exist, so pages ask for the profile only then.
import { sessionHintCookieName } from '@/lib/session-cookie';
import { hasSessionHint } from './session-hint';

export { hasSessionHint };

import { api } from './http';

export interface SessionUser {
  email: string;
  is_password_set: boolean;
  name: string;
  avatar: string;
}

export const accountApi = '/api/mms/account/v1';

type Listener = () => void;
let user: SessionUser | null = null;
const listeners = new Set<Listener>();

export function getUser(): SessionUser | null {
  return user;
}

export function setUser(next: SessionUser | null): void {
  user = next;
  for (const listener of listeners) listener();
}

export function subscribeUser(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the session in this tab: hint cookie, bearer token, user. */
export function clearSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the hint is the one cookie the page owns; the Cookie Store API is not in every supported browser.
  document.cookie = `${sessionHintCookieName}=; Max-Age=0; Path=/; SameSite=Lax`;
  api.setBearerToken(null);
  setUser(null);
}

/** Loads the profile when a session may exist; a failure is ignored silently (spec 8). */
export async function loadProfile(): Promise<SessionUser | null> {
  if (!hasSessionHint()) return null;
  try {
    const profile = await api.request<SessionUser>(`${accountApi}/web/profile`, { quiet: true });
    setUser(profile);
    return profile;
  } catch {
    // The server already cleared its cookie when the token was dead; forget the hint too.
    clearSession();
    return null;
  }
}

/** Ends the session on the server (which clears the cookie) and here. */
export async function logout(): Promise<void> {
  try {
    await api.request(`${accountApi}/web/logout`, { method: 'POST', quiet: true });
  } finally {
    clearSession();
  }
}
