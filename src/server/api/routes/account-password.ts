import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isLocale, type Locale, localeCookieName } from '@/lib/locales';
import { recordAccountEvent } from '@/server/account/activity';
import { callerLocation, sessionClientOf } from '@/server/account/client-location';
import { requestCode, resetPassword, validateCode } from '@/server/account/reset';
import {
  changePasswordSchema,
  codeRequestSchema,
  codeValidateSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from '@/server/account/schemas';
import { changePassword, setFirstPassword } from '@/server/account/service';
import { mailDelayed } from '@/server/mail/errors';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { recordSessionEvent } from '../account-event';
import { ok } from '../envelope';
import { validate } from '../validate';

export const accountPasswordRoutes = new Hono<AuthEnv>();

// POST /api/mms/account/v1/verification/request – email a 6-digit reset code (same answer for
// every email); 503 with code 50302 while the mail server is away (the mail is queued)
accountPasswordRoutes.post(
  '/verification/request',
  validate('json', codeRequestSchema),
  async (c) => {
    const { email, language } = c.req.valid('json');
    const cookie = getCookie(c, localeCookieName);
    const locale: Locale = language ?? (isLocale(cookie) ? cookie : 'en');
    const { limitKey } = await callerLocation(c.req.raw);
    const { mailAvailable } = await requestCode(c.var.db().db, {
      email,
      ipKey: limitKey,
      locale,
    });
    // The code exists and its mail waits in the queue: tell the user it will come later.
    if (!mailAvailable) throw mailDelayed();
    return ok(c, { sent: true });
  },
);

// POST /api/mms/account/v1/verification/validate – check a code without using it up
accountPasswordRoutes.post(
  '/verification/validate',
  validate('json', codeValidateSchema),
  async (c) => {
    const { limitKey } = await callerLocation(c.req.raw);
    await validateCode(c.var.db().db, { ...c.req.valid('json'), ipKey: limitKey });
    return ok(c, { valid: true });
  },
);

// POST /api/mms/account/v1/web/reset_password – new password with a valid code; ends all sessions
accountPasswordRoutes.post(
  '/web/reset_password',
  validate('json', resetPasswordSchema),
  async (c) => {
    const where = await callerLocation(c.req.raw);
    const db = c.var.db().db;
    const userId = await resetPassword(db, { ...c.req.valid('json'), ipKey: where.limitKey });
    await recordAccountEvent(db, userId, 'password_reset', sessionClientOf(c.req.raw, where));
    return ok(c, { reset: true });
  },
);

// POST /api/mms/account/v1/web/change_password – current + new password; ends other sessions
accountPasswordRoutes.post(
  '/web/change_password',
  requireSession(),
  validate('json', changePasswordSchema),
  async (c) => {
    const { current_password, new_password } = c.req.valid('json');
    const { user, session } = c.var.auth;
    const db = c.var.db().db;
    await changePassword(db, {
      user,
      sessionId: session.id,
      current: current_password,
      next: new_password,
    });
    await recordSessionEvent(c, 'password_changed');
    return ok(c, { changed: true });
  },
);

// POST /api/mms/account/v1/web/set_password – first password of an account made without one
accountPasswordRoutes.post(
  '/web/set_password',
  requireSession(),
  validate('json', setPasswordSchema),
  async (c) => {
    const { user, session } = c.var.auth;
    const db = c.var.db().db;
    await setFirstPassword(db, {
      user,
      sessionId: session.id,
      password: c.req.valid('json').password,
    });
    await recordSessionEvent(c, 'password_set');
    return ok(c, { is_password_set: true });
  },
);
