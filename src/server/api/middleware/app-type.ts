import type { MiddlewareHandler } from 'hono';
import { appPlatform, webTurboAppType } from '@/lib/app-types';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';

const stateChanging: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether an `app-type` header names one of the apps of the application type map (spec 3:
 * iOS, Mac, Android, SDK browser, Chrome, Windows): clients that cannot run reCAPTCHA. Exactly
 * the number, nothing around it ('0x65' and ' 101' are not 101).
 */
export function isAppClient(appType: string | undefined): boolean {
  if (appType === undefined || !/^[1-9]\d{0,2}$/.test(appType)) return false;
  const platform = appPlatform(appType);
  return platform !== undefined && platform !== 'web';
}

/** The values the CSRF guard accepts: the site's own 502, or an app's type. */
export function isAcceptedAppType(appType: string | undefined): boolean {
  return appType === String(webTurboAppType) || isAppClient(appType);
}

/**
 * The site sends `app-type: 502` on every call; the apps send their own type (e.g. 401 for
 * Windows). A cross-site form or plain link cannot set a custom header, so requiring it on
 * state-changing methods is the API's CSRF guard (with SameSite cookies). The website's other
 * types (501, 503–512) are refused: only 502 is this site.
 */
export function requireAppType(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (stateChanging.has(c.req.method) && !isAcceptedAppType(c.req.header('app-type'))) {
      throw ApiError.forbidden('Requests must carry the app-type header');
    }
    await next();
  };
}
