import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 256 bits from the CSPRNG, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token. A plain SHA-256 is enough: the token has 256 bits of
 * entropy, so there is nothing to brute-force, and lookups stay one indexed equality.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue have exactly this shape; anything else is invalid without a lookup. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
