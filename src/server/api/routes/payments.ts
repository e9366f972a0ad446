import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { defaultLocale } from '@/lib/locales';
import { validationTexts } from '@/lib/password-rules';
import { checkoutCookieName } from '@/lib/session-cookie';
import { callerLocation, isBlockedCountry } from '@/server/account/client-location';
import { accountErrors } from '@/server/account/errors';
import { campaignFrom, readAttribution } from '@/server/attribution';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import { recordPaymentOutcome } from '@/server/metrics';
import { subscriptionMy } from '@/server/payments/account-payments';
import { listPlans, planPayload } from '@/server/payments/catalog';
import {
  accountForEmail,
  cancelCheckout,
  captureCheckout,
  type OrderAccess,
  orderFor,
  orderView,
  startCheckout,
} from '@/server/payments/checkout';
import { redeemGift } from '@/server/payments/gifts';
import { currentPromotion } from '@/server/payments/promotion';
import { requestRefund } from '@/server/payments/refunds';
import { checkoutSchema, redeemSchema, refundSchema } from '@/server/payments/schemas';
import { createLimiter, type Limiter } from '@/server/rate-limit/limiter';
import { presentedToken, setSessionCookies } from '@/server/session/cookies';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { authenticate, sessionSettings, startWebSession } from '@/server/session/service';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { validate } from '../validate';

const base = '/api/mms/payment/v1';

type Env = AuthEnv;
export const paymentRoutes = new Hono<Env>();

/** The caller's account when a session token is presented (a dead one answers 5001x). */
async function optionalUser(c: Context<Env>): Promise<User | undefined> {
  const presented = presentedToken(c);
  if (!presented) return undefined;
  return (await authenticate(c.var.db().db, presented.token)).user;
}

async function access(c: Context<Env>): Promise<OrderAccess> {
  const user = await optionalUser(c);
  return { userId: user?.id, checkoutToken: getCookie(c, checkoutCookieName) };
}

// GET …/providers/plans – the plan catalogue of the caller's channel (query, cookie, X-From)
paymentRoutes.get(`${base}/providers/plans`, async (c) => {
  const channels = [
    c.req.query('channel'),
    readAttribution(c.req.raw).channel,
    c.req.header('X-From'),
  ];
  const rows = await listPlans(c.var.db().db, channels);
  return ok(c, { plans: rows.map(planPayload) });
});

// POST …/web/checkout – start a purchase; answers the provider's approval URL
paymentRoutes.post(`${base}/web/checkout`, validate('json', checkoutSchema), async (c) => {
  const body = c.req.valid('json');
  const where = await callerLocation(c.req.raw);
  if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
  const user = await optionalUser(c);
  if (!user && !body.email) throw ApiError.badRequest(validationTexts.emailRequired);
  const db = c.var.db().db;
  const started = await startCheckout(db, c.var.payments(), {
    planId: body.plan_id,
    kind: body.kind,
    user,
    email: body.email,
    platform: body.platform,
    locale: body.language ?? defaultLocale,
    attribution: { ...readAttribution(c.req.raw), campaign: campaignFrom(c.req.raw) },
    siteUrl: config().SITE_URL,
  });
  // Stored and accepted by the provider (a provider failure was counted as failed).
  recordPaymentOutcome('created');
  if (started.checkoutToken) {
    setCookie(c, checkoutCookieName, started.checkoutToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: config().APP_ENV === 'production',
      maxAge: 2 * 24 * 3600,
    });
  }
  return ok(
    c,
    {
      ...(await orderView(db, started.order)),
      approve_url: started.approveUrl,
      provider: c.var.payments().name,
    },
    201,
  );
});

// GET …/web/checkout/:id – an order's state (its account's session or its checkout cookie)
paymentRoutes.get(`${base}/web/checkout/:id`, async (c) => {
  const db = c.var.db().db;
  const order = await orderFor(db, c.req.param('id'), await access(c));
  return ok(c, await orderView(db, order));
});

// POST …/web/checkout/:id/capture – complete an approved payment (idempotent)
paymentRoutes.post(`${base}/web/checkout/:id/capture`, async (c) => {
  const db = c.var.db().db;
  const user = await optionalUser(c);
  const order = await orderFor(db, c.req.param('id'), {
    userId: user?.id,
    checkoutToken: getCookie(c, checkoutCookieName),
  });
  const outcome = await captureCheckout(db, c.var.payments(), order);
  const view = await orderView(db, outcome.order);
  // A buyer whose account this checkout created is signed in to choose a password (paySuc).
  let setPassword = false;
  if (outcome.state === 'paid' && !user && outcome.order.createdAccount) {
    const settings = sessionSettings();
    const { token } = await startWebSession(db, outcome.order.userId, settings);
    setSessionCookies(c, token, settings.maxAgeSeconds);
    deleteCookie(c, checkoutCookieName, { path: '/' });
    setPassword = true;
  }
  return ok(c, { ...view, state: outcome.state, set_password: setPassword });
});

// POST …/web/checkout/:id/cancel – the buyer gave up (the Cancel button or PayPal's cancel link)
paymentRoutes.post(`${base}/web/checkout/:id/cancel`, async (c) => {
  const db = c.var.db().db;
  const order = await orderFor(db, c.req.param('id'), await access(c));
  return ok(c, await orderView(db, await cancelCheckout(db, order)));
});

// GET …/web/subscription_my – premium status and payment history of the signed-in account
paymentRoutes.get(`${base}/web/subscription_my`, requireSession(), async (c) =>
  ok(c, await subscriptionMy(c.var.db().db, c.var.auth.user.id)),
);

// POST …/web/refund – money-back request for one of the account's purchases
paymentRoutes.post(
  `${base}/web/refund`,
  requireSession(),
  validate('json', refundSchema),
  async (c) => {
    const { order_id, reason } = c.req.valid('json');
    const result = await requestRefund(c.var.db().db, c.var.payments(), {
      userId: c.var.auth.user.id,
      orderId: order_id,
      reason,
    });
    return ok(c, result);
  },
);

const redeemLimit = {
  name: 'gift-redeem-ip',
  points: 10,
  windowSeconds: 3600,
  message: 'Too many gift card attempts. Please try again later.',
};

// One limiter per database (its store is built once), as accountLimits does for the accounts.
const redeemLimiters = new WeakMap<Db, Limiter>();
function redeemLimiter(db: Db): Limiter {
  let limiter = redeemLimiters.get(db);
  if (!limiter) {
    limiter = createLimiter(db, redeemLimit);
    redeemLimiters.set(db, limiter);
  }
  return limiter;
}

// POST …/gift/redeem – redeem a gift card code for the signed-in account or for an email
paymentRoutes.post(`${base}/gift/redeem`, validate('json', redeemSchema), async (c) => {
  const { code, email } = c.req.valid('json');
  const db = c.var.db().db;
  const where = await callerLocation(c.req.raw);
  if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
  // Every attempt counts, so codes cannot be guessed from one address.
  await redeemLimiter(db).consume(where.ip);
  let user = await optionalUser(c);
  let created = false;
  if (!user) {
    if (!email) throw ApiError.badRequest(validationTexts.emailRequired);
    const found = await accountForEmail(db, email);
    user = found.user;
    created = found.created;
  }
  const result = await redeemGift(db, { code, userId: user.id });
  if (created) {
    const settings = sessionSettings();
    const { token } = await startWebSession(db, user.id, settings);
    setSessionCookies(c, token, settings.maxAgeSeconds);
  }
  return ok(c, {
    plan_id: result.planId,
    premium_until: result.premiumUntil?.toISOString() ?? null,
    email: user.email,
    signed_in: created || Boolean(presentedToken(c)),
    set_password: created,
  });
});

// GET …/promotion – the running promotion, or the last one (then active is false)
paymentRoutes.get(`${base}/promotion`, async (c) =>
  ok(c, { promotion: await currentPromotion(c.var.db().db) }),
);
