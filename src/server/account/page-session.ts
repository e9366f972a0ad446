import 'server-only';
import { cookies } from 'next/headers';
import { sessionCookieName } from '@/lib/session-cookie';
import { ApiError } from '@/server/api/errors';
import { getDb } from '@/server/db/client';
import { type Authenticated, authenticate } from '@/server/session/service';

/**
 * The session of the request rendering a page, or null when the cookie is missing, unknown,
 * ended or expired (the page then sends the visitor to /login). Reading cookies makes the page
 * dynamic, which only protected pages should be.
 */
export async function pageSession(): Promise<Authenticated | null> {
  const token = (await cookies()).get(sessionCookieName)?.value;
  if (!token) return null;
  try {
    return await authenticate(getDb().db, token);
  } catch (error: unknown) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
