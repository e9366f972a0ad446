import 'server-only';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const codeLifetimeMinutes = 10;
export const codeMaxAttempts = 5;

/** A 6-digit one-time code from the CSPRNG (leading zeros kept). */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

// Bound to the email so one stored hash cannot be replayed for another address.
export function hashCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

export function codeMatches(storedHash: string, email: string, code: string): boolean {
  const given = Buffer.from(hashCode(email, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
