import type { MiddlewareHandler } from 'hono';
import { passedBotCheck } from '@/server/recaptcha/pass-mark';
import { recaptchaSettings } from '@/server/recaptcha/verify';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { isAppClient } from './app-type';

/**
 * For endpoints the site sends through the bot-check wrapper (/ws/mm/reca/r3/...): when
 * reCAPTCHA is configured (a secret, not RECAPTCHA_DISABLED), a direct call from the website's
 * app types (501–512) or from a caller naming no app is refused exactly as the wrapper refuses
 * a missing or wrong `recasign` (403, code 20104). The wrapper's own inner request carries its
 * per-process mark and passes. Apps, which cannot run reCAPTCHA, are recognised by their
 * app-type and pass; the endpoint's own limits (login: per account and per address) hold them.
 * Without a secret nothing changes.
 */
export function requireBotCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (
      recaptchaSettings().secret &&
      !isAppClient(c.req.header('app-type')) &&
      !passedBotCheck(c.req.raw.headers)
    ) {
      throw ApiError.botCheckFailed();
    }
    await next();
  };
}
