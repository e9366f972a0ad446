import 'server-only';
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum profile (m=19 MiB, t=2, p=1): the house standard (ARCHITECTURE.md).
// The parameters travel inside each hash, so raising them later keeps old hashes verifiable.
const argon2id: Algorithm = 2;

export const passwordHashOptions = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** True when the password matches; false for a wrong password or an unreadable stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch (error: unknown) {
    // A malformed hash means "no match" for the caller; anything else is a real fault.
    if (error instanceof Error && /invalid|decod|hash/i.test(error.message)) return false;
    throw error;
  }
}

// Unknown emails and accounts without a password still pay for one argon2 verification, so a
// failed login takes as long whether or not the address has an account (no enumeration).
let dummyHash: Promise<string> | undefined;

/** Runs a real verification against a hash nobody knows the password of; always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('hex'), passwordHashOptions);
  await verifyPassword(await dummyHash, password);
  return false;
}
