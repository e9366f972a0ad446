import 'server-only';
import { z } from 'zod';
import { config } from '@/server/config';

export type BotCheckVersion = 'r2' | 'r3';

export interface RecaptchaSettings {
  /** No secret: the bot check is off and every request passes. */
  secret?: string;
  verifyUrl: string;
  minScore: number;
}

export function recaptchaSettings(): RecaptchaSettings {
  const settings = config();
  return {
    // RECAPTCHA_DISABLED=1 turns the check off even with a secret (the start-up log says so).
    secret: settings.RECAPTCHA_DISABLED ? undefined : settings.RECAPTCHA_SECRET_KEY,
    verifyUrl: settings.RECAPTCHA_VERIFY_URL,
    minScore: settings.RECAPTCHA_MIN_SCORE,
  };
}

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

export class RecaptchaUnavailableError extends Error {
  override name = 'RecaptchaUnavailableError';
}

const timeoutMs = 5_000;

/**
 * Asks siteverify about a token. r2 (checkbox) needs success; r3 (score) needs success and a
 * score of at least minScore. An empty token fails without asking. Throws
 * RecaptchaUnavailableError when siteverify cannot be reached or answers nonsense.
 */
export async function verifyRecaptcha(
  params: { token: string; version: BotCheckVersion; ip?: string },
  settings: RecaptchaSettings = recaptchaSettings(),
): Promise<boolean> {
  if (!settings.secret) return true;
  if (!params.token) return false;
  const form = new URLSearchParams({ secret: settings.secret, response: params.token });
  if (params.ip && params.ip !== 'unknown') form.set('remoteip', params.ip);
  let answer: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = await response.json();
  } catch (error: unknown) {
    throw new RecaptchaUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const parsed = siteverifyAnswer.safeParse(answer);
  if (!parsed.success) throw new RecaptchaUnavailableError('siteverify answer has no success');
  if (!parsed.data.success) return false;
  if (params.version === 'r2') return true;
  return (parsed.data.score ?? 0) >= settings.minScore;
}
