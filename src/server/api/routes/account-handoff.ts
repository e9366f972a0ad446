import { Hono } from 'hono';
import { z } from 'zod';
import {
  callerLocation,
  isBlockedCountry,
  sessionClientOf,
} from '@/server/account/client-location';
import { accountErrors } from '@/server/account/errors';
import { createLimiter, type LimitRule } from '@/server/rate-limit/limiter';
import { presentedToken, setSessionCookies } from '@/server/session/cookies';
import { createHandoff, spendHandoff } from '@/server/session/handoff';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { sessionSettings, startWebSession } from '@/server/session/service';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { validate } from '../validate';

// Login hand-off for the apps (src/server/session/handoff.ts): the Windows app opens its pay
// pages with a one-time code instead of its session token (docs/api.md, "Login hand-off").

/** Codes made per account: far above an app opening its pay page, far below a flood. */
export const handoffCreateLimit: LimitRule = {
  name: 'handoff-create',
  points: 30,
  windowSeconds: 10 * 60,
  message: 'Too many sign-in links requested. Please try again later.',
};

/** Exchanges tried per caller address (IPv6: per /64), right or wrong. */
export const handoffExchangeLimit: LimitRule = {
  name: 'handoff-exchange-ip',
  points: 30,
  windowSeconds: 15 * 60,
  message: 'Too many sign-in links tried. Please try again later.',
};

// A code is 43 base64url characters; anything else is simply a wrong code (one answer for all).
const exchangeSchema = z.object({ code: z.string().max(256) });

export const accountHandoffRoutes = new Hono<AuthEnv>();

// POST /api/mms/account/v1/web/login/handoff – the app's session (Bearer) → a one-time code
accountHandoffRoutes.post('/web/login/handoff', requireSession(), async (c) => {
  // Only the bearer token an app holds: a page script cannot turn the HttpOnly cookie into a
  // code that signs in somewhere else.
  if (presentedToken(c)?.from !== 'bearer') {
    throw ApiError.unauthorized('Sign in required');
  }
  const db = c.var.db().db;
  const { user } = c.var.auth;
  await createLimiter(db, handoffCreateLimit).consume(user.id);
  const { code, expiresIn } = await createHandoff(db, user.id);
  return ok(c, { code, expires_in: expiresIn });
});

// POST /api/mms/account/v1/web/login/handoff/exchange – { code } → a web session, once
accountHandoffRoutes.post(
  '/web/login/handoff/exchange',
  validate('json', exchangeSchema),
  async (c) => {
    const where = await callerLocation(c.req.raw);
    if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
    const db = c.var.db().db;
    // Counted before the code is looked at, so parallel guesses cannot all pass the limit.
    await createLimiter(db, handoffExchangeLimit).consume(where.limitKey);
    const userId = await spendHandoff(db, c.req.valid('json').code);
    // Unknown, used and expired codes get one answer: the app must make a new one.
    if (!userId) throw accountErrors.codeExpired();
    const settings = sessionSettings();
    const { token } = await startWebSession(
      db,
      userId,
      settings,
      sessionClientOf(c.req.raw, where),
    );
    setSessionCookies(c, token, settings.maxAgeSeconds, userId);
    return ok(c, { token });
  },
);
