import 'server-only';
import { ApiError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import { type LimitRule, limiterCache } from '@/server/rate-limit/limiter';

// Failed logins count per account (the normalised email, whether or not it has an account, so
// the limit itself reveals nothing) and per address; a successful login resets only the
// account's counter, so one good password cannot clear an address's record. Every guard is
// spent before the secret is compared (consume is one atomic upsert), so requests sent at the
// same moment cannot all pass a check made before any of them counted. Per-address keys are
// `CallerLocation.limitKey` (an IPv6 client's /64).
export const limitRules = {
  loginAccount: { name: 'login-account', points: 10, windowSeconds: 15 * 60 },
  loginIp: { name: 'login-ip', points: 10, windowSeconds: 15 * 60 },
  codeMinute: { name: 'code-minute', points: 1, windowSeconds: 60 },
  codeHour: { name: 'code-hour', points: 5, windowSeconds: 60 * 60 },
  // Many addresses from one IP would make the site a mail cannon.
  codeIp: { name: 'code-ip', points: 30, windowSeconds: 60 * 60 },
  changePassword: { name: 'change-password', points: 10, windowSeconds: 15 * 60 },
  // Codes typed into verification/validate and web/reset_password, right or wrong. Each code
  // takes five wrong tries; these bound the guessing across codes and addresses.
  codeCheckEmail: { name: 'code-check-email', points: 20, windowSeconds: 60 * 60 },
  codeCheckIp: { name: 'code-check-ip', points: 60, windowSeconds: 60 * 60 },
  // Two-factor and recovery codes typed at sign-in, re-authentication and disabling, right or
  // wrong, per account: a stolen password cannot buy fresh mfa_tokens to guess on, and one
  // sign-in's 5 tries are a subset of these.
  mfaAccount: { name: 'mfa-account', points: 10, windowSeconds: 15 * 60 },
  mfaIp: { name: 'mfa-ip', points: 30, windowSeconds: 15 * 60 },
  // Passkey ceremonies started (each stores a challenge) per address.
  passkeyIp: { name: 'passkey-ip', points: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof limitRules;

function waitText(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const messages: Record<LimitName, string> = {
  loginAccount: 'Too many failed sign-in attempts. Try again in',
  loginIp: 'Too many failed sign-in attempts. Try again in',
  codeMinute: 'A code was sent a moment ago. You can ask for another in',
  codeHour: 'Too many codes requested. You can ask for another in',
  codeIp: 'Too many codes requested. You can ask for another in',
  changePassword: 'Too many wrong passwords. Try again in',
  codeCheckEmail: 'Too many codes tried. Try again in',
  codeCheckIp: 'Too many codes tried. Try again in',
  mfaAccount: 'Too many codes tried. Try again in',
  mfaIp: 'Too many codes tried. Try again in',
  passkeyIp: 'Too many passkey attempts. Try again in',
};

// The limiter's 429 gets a sentence that names the wait, so the toast tells the user what to do.
function reword(name: LimitName, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 429) return error;
  const retryAfter = (error.data as { retry_after?: number } | undefined)?.retry_after ?? 60;
  return ApiError.tooManyRequests(retryAfter, `${messages[name]} ${waitText(retryAfter)}.`);
}

export interface AccountLimits {
  check(name: LimitName, key: string): Promise<void>;
  consume(name: LimitName, key: string): Promise<void>;
  reward(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
}

const limiterOf = limiterCache(limitRules);

export function accountLimits(db: Db): AccountLimits {
  const limiter = (name: LimitName) => limiterOf(db, name);
  return {
    async check(name, key) {
      await limiter(name)
        .check(key)
        .catch((error: unknown) => Promise.reject(reword(name, error)));
    },
    async consume(name, key) {
      await limiter(name)
        .consume(key)
        .catch((error: unknown) => Promise.reject(reword(name, error)));
    },
    async reward(name, key) {
      await limiter(name).reward(key);
    },
    async reset(name, key) {
      await limiter(name).reset(key);
    },
  };
}
