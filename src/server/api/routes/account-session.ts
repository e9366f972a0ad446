import { Hono } from 'hono';
import { loginSchema } from '@/server/account/schemas';
import { login, profileOf } from '@/server/account/service';
import { recordLoginFailure } from '@/server/metrics';
import { clearSessionCookies, presentedToken } from '@/server/session/cookies';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { authenticate, endSession, sessionSettings } from '@/server/session/service';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { requireBotCheck } from '../middleware/bot-check-guard';
import { signedIn, signInRequest } from '../sign-in';
import { validate } from '../validate';

export const accountSessionRoutes = new Hono<AuthEnv>();

// POST /api/mms/account/v1/web/login – email + password → session cookie and data.token. The
// site sends it through /ws/mm/reca/r3/ (reCAPTCHA); a direct call passes only from an app.
accountSessionRoutes.post(
  '/web/login',
  requireBotCheck(),
  validate('json', loginSchema),
  async (c) => {
    const request = await signInRequest(c).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 451) recordLoginFailure('blocked_region');
      throw error;
    });
    const { username, password } = c.req.valid('json');
    const settings = sessionSettings();
    const result = await login(c.var.db().db, { username, password, ...request }, settings);
    // Two-factor on: no session yet, the second step's token (web/login/mfa).
    if ('mfa_required' in result) return ok(c, result);
    return signedIn(c, result, settings);
  },
);

// GET /api/mms/account/v1/web/profile – the signed-in account's email, name, avatar
accountSessionRoutes.get('/web/profile', requireSession(), (c) =>
  ok(c, profileOf(c.var.auth.user)),
);

// POST /api/mms/account/v1/web/logout – ends this session on the server; always clears cookies
accountSessionRoutes.post('/web/logout', async (c) => {
  const presented = presentedToken(c);
  if (presented) {
    const db = c.var.db().db;
    try {
      const { session } = await authenticate(db, presented.token);
      await endSession(db, session.id, 'logout');
    } catch (error: unknown) {
      // An already dead token is logged out as far as the caller is concerned.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  clearSessionCookies(c);
  return ok(c, { logged_out: true });
});
