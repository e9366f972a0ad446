import 'server-only';
import type { Db } from '@/server/db/client';
import { replaceHandoff, spendHandoffCode } from './queries';
import { hashToken, looksLikeToken, newSessionToken } from './tokens';

// Login hand-off (the Windows app's pay pages): an app that holds a session asks for a one-time
// code, opens the site with `?code=…`, and the page exchanges the code for a web session of its
// own. Session tokens never travel in URLs; a code in a URL (browser history, a proxy's log) is
// worthless after its one use or two minutes. Like session tokens, a code is 256 bits from the
// CSPRNG and only its SHA-256 is stored.

/** How long a code lives, in seconds. */
export const handoffLifetimeSeconds = 120;

/**
 * A new code for `userId`, valid for handoffLifetimeSeconds (database time, like the check that
 * spends it). The user's spent and expired codes are cleared on the way.
 */
export async function createHandoff(
  db: Db,
  userId: string,
): Promise<{ code: string; expiresIn: number }> {
  const code = newSessionToken();
  await replaceHandoff(db, {
    userId,
    codeHash: hashToken(code),
    lifetimeSeconds: handoffLifetimeSeconds,
  });
  return { code, expiresIn: handoffLifetimeSeconds };
}

/**
 * Spends a code: the user it was made for, or null when it is unknown, used, expired, or older
 * than a password change or reset of the account (which ends sessions, so it ends codes too).
 * One conditional UPDATE … RETURNING, so of any number of requests presenting the same code at
 * once exactly one gets the user.
 */
export async function spendHandoff(db: Db, code: string): Promise<string | null> {
  if (!looksLikeToken(code)) return null;
  return spendHandoffCode(db, hashToken(code));
}
