import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { defaultLocale, type Locale, localizePath } from '@/lib/locales';
import { normalizeEmail, validationTexts } from '@/lib/password-rules';
import { channelOrder } from '@/lib/plans/channel';
import { checkoutCookieName } from '@/lib/session-cookie';
import {
  callerLocation,
  isBlockedCountry,
  requestClient,
  sessionClientOf,
} from '@/server/account/client-location';
import { accountErrors } from '@/server/account/errors';
import { campaignFrom, readAttribution } from '@/server/attribution';
import { config } from '@/server/config';
import type { User } from '@/server/db/schema';
import { recordPaymentOutcome } from '@/server/metrics';
import { subscriptionMy } from '@/server/payments/account-payments';
import {
  approvePlanChange,
  changePlan,
  turnOffAutoRenew,
  turnOnAutoRenew,
} from '@/server/payments/billing';
import { listPlans, planPayload } from '@/server/payments/catalog';
import {
  accountWithoutPassword,
  buyerEmailFor,
  cancelCheckout,
  captureCheckout,
  checkoutTokenSeconds,
  isOrderId,
  needsPassword,
  type OrderAccess,
  orderFor,
  orderView,
  signInWithCheckout,
  startCheckout,
} from '@/server/payments/checkout';
import { welcomeAccount } from '@/server/payments/emails';
import { paymentErrors } from '@/server/payments/errors';
import { redeemGift } from '@/server/payments/gifts';
import { consumePaymentLimit } from '@/server/payments/limits';
import { currentPromotion } from '@/server/payments/promotion';
import { accountReceiptFile } from '@/server/payments/receipts';
import { requestRefund } from '@/server/payments/refunds';
import {
  autoRenewSchema,
  checkoutSchema,
  planChangeSchema,
  receiptQuerySchema,
  redeemSchema,
  refundSchema,
} from '@/server/payments/schemas';
import { presentedToken, setSessionCookies } from '@/server/session/cookies';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { authenticate, sessionSettings, startWebSession } from '@/server/session/service';
import { recordSessionEvent } from '../account-event';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { ownOrigin } from '../request-origin';
import type { AppEnv } from '../types';
import { validate } from '../validate';

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

// GET /api/mms/payment/v1/providers/plans – plans of the caller's channel (query, cookie, X-From)
paymentRoutes.get('/providers/plans', async (c) => {
  const channels = channelOrder({
    query: c.req.query('channel'),
    cookie: readAttribution(c.req.raw).channel,
    from: c.req.header('X-From'),
  });
  const rows = await listPlans(c.var.db().db, channels);
  return ok(c, { plans: rows.map(planPayload) });
});

// POST /api/mms/payment/v1/web/checkout – start a purchase; answers the provider's approval URL
paymentRoutes.post('/web/checkout', validate('json', checkoutSchema), async (c) => {
  const body = c.req.valid('json');
  const where = await callerLocation(c.req.raw);
  if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
  const user = await optionalUser(c);
  if (!user && !body.email) throw ApiError.badRequest(validationTexts.emailRequired);
  const db = c.var.db().db;
  await consumePaymentLimit(db, 'checkoutIp', where.limitKey);
  await consumePaymentLimit(db, 'checkoutEmail', user?.email ?? normalizeEmail(body.email ?? ''));
  const started = await startCheckout(db, c.var.payments(), {
    planId: body.plan_id,
    kind: body.kind,
    user,
    email: body.email,
    platform: body.platform,
    locale: body.language ?? defaultLocale,
    attribution: { ...readAttribution(c.req.raw), campaign: campaignFrom(c.req.raw) },
    // PayPal sends the buyer back to the public origin; the sandbox (development only) keeps the
    // buyer on the origin this browser is using, whatever the port or name (request-origin.ts).
    siteUrl: returnOrigin(c),
  });
  // Stored and accepted by the provider (a provider failure was counted as failed).
  recordPaymentOutcome('created');
  if (started.checkoutToken) {
    setCookie(c, checkoutCookieName, started.checkoutToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: config().APP_ENV === 'production',
      maxAge: checkoutTokenSeconds,
    });
  }
  return ok(
    c,
    {
      ...(await orderView(db, started.order, { userId: user?.id })),
      approve_url: started.approveUrl,
      provider: c.var.payments().name,
    },
    201,
  );
});

// GET /api/mms/payment/v1/web/checkout/{id} – an order's state (by session or checkout cookie)
paymentRoutes.get('/web/checkout/:id', async (c) => {
  const db = c.var.db().db;
  const who = await access(c);
  const order = await orderFor(db, c.req.param('id'), who);
  return ok(c, await orderView(db, order, who));
});

// POST /api/mms/payment/v1/web/checkout/{id}/capture – complete an approved payment (idempotent)
paymentRoutes.post('/web/checkout/:id/capture', async (c) => {
  const db = c.var.db().db;
  const who = await access(c);
  const order = await orderFor(db, c.req.param('id'), who);
  const outcome = await captureCheckout(db, c.var.payments(), order);
  // The buyer whose account this checkout made is signed in once, to choose a password (paySuc).
  let setPassword = false;
  if (outcome.state === 'paid' && !who.userId && who.checkoutToken) {
    const settings = sessionSettings();
    const signedIn = await signInWithCheckout(db, {
      orderId: order.id,
      checkoutToken: who.checkoutToken,
      settings,
      client: await requestClient(c.req.raw),
    });
    if (signedIn) {
      setSessionCookies(c, signedIn.token, settings.maxAgeSeconds, signedIn.userId);
      deleteCookie(c, checkoutCookieName, { path: '/' });
      setPassword = true;
    }
  }
  const view = await orderView(db, outcome.order, who);
  return ok(c, {
    ...view,
    state: outcome.state,
    set_password: setPassword,
    // Paid for an account that has no password and this browser cannot sign in to: the page
    // offers a code by email to choose one (the account's own email proves the person).
    verify_email:
      outcome.state === 'paid' && !setPassword && (await needsPassword(db, outcome.order)),
  });
});

// POST /api/mms/payment/v1/web/checkout/{id}/cancel – the buyer gave up (Cancel, or PayPal's link)
paymentRoutes.post('/web/checkout/:id/cancel', async (c) => {
  const db = c.var.db().db;
  const who = await access(c);
  const order = await orderFor(db, c.req.param('id'), who);
  return ok(c, await orderView(db, await cancelCheckout(db, order), who));
});

/**
 * The origin the provider sends a buyer back to: the one they use for the sandbox (its approval
 * page is on it too), else SITE_URL.
 */
function returnOrigin<E extends AppEnv>(c: Context<E>): string {
  return c.var.payments().name === 'sandbox' ? ownOrigin(c) : config().SITE_URL;
}

/** The account page in `language` with `query`, where the provider sends a subscriber back. */
function accountPageUrl(origin: string, language: Locale | undefined, query: string): string {
  return new URL(
    `${localizePath(language ?? defaultLocale, '/myAccount')}?${query}`,
    origin,
  ).toString();
}

// GET /api/mms/payment/v1/web/subscription_my – the signed-in account's premium and payments
paymentRoutes.get('/web/subscription_my', requireSession(), async (c) =>
  ok(c, await subscriptionMy(c.var.db().db, c.var.auth.user.id)),
);

// POST /api/mms/payment/v1/web/subscription/auto_renew – turn the account's auto-renewal off or on
paymentRoutes.post(
  '/web/subscription/auto_renew',
  requireSession(),
  validate('json', autoRenewSchema),
  async (c) => {
    const db = c.var.db().db;
    const userId = c.var.auth.user.id;
    const { enabled, language } = c.req.valid('json');
    if (enabled) {
      const origin = returnOrigin(c);
      const back = (outcome: string) => accountPageUrl(origin, language, `auto_renew=${outcome}`);
      const outcome = await turnOnAutoRenew(db, c.var.payments(), {
        userId,
        returnUrl: back('approved'),
        cancelUrl: back('cancelled'),
      });
      const now = await subscriptionMy(db, userId);
      return ok(c, outcome.state === 'approve' ? { ...now, approve_url: outcome.approveUrl } : now);
    }
    await turnOffAutoRenew(db, c.var.payments(), userId);
    return ok(c, await subscriptionMy(db, userId));
  },
);

// POST /api/mms/payment/v1/web/subscription/plan – renew as another plan from the next renewal
paymentRoutes.post(
  '/web/subscription/plan',
  requireSession(),
  validate('json', planChangeSchema),
  async (c) => {
    const db = c.var.db().db;
    const userId = c.var.auth.user.id;
    const { plan_id: planId, approved, language } = c.req.valid('json');
    if (approved) {
      await approvePlanChange(db, { userId, planId });
      return ok(c, await subscriptionMy(db, userId));
    }
    const plan = encodeURIComponent(planId);
    const origin = returnOrigin(c);
    const back = (outcome: string) =>
      accountPageUrl(origin, language, `plan_change=${outcome}&plan=${plan}`);
    const { approveUrl } = await changePlan(db, c.var.payments(), {
      userId,
      planId,
      returnUrl: back('approved'),
      cancelUrl: back('cancelled'),
      locale: language ?? defaultLocale,
    });
    return ok(c, { ...(await subscriptionMy(db, userId)), approve_url: approveUrl });
  },
);

// GET /api/mms/payment/v1/web/receipts/{id} – the receipt of one of the account's payments (or,
// with type=credit_note, of its refund) as a PDF, in `language` or the purchase's
paymentRoutes.get(
  '/web/receipts/:id',
  requireSession(),
  validate('query', receiptQuerySchema),
  async (c) => {
    const orderId = c.req.param('id');
    const { type, language } = c.req.valid('query');
    if (!isOrderId(orderId)) throw paymentErrors.orderNotFound();
    const file = await accountReceiptFile(c.var.db().db, {
      userId: c.var.auth.user.id,
      orderId,
      kind: type,
      locale: language,
    });
    if (!file) throw paymentErrors.orderNotFound();
    return c.body(new Uint8Array(file.pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Content-Length': String(file.pdf.length),
    });
  },
);

// POST /api/mms/payment/v1/web/refund – money-back request for one of the account's purchases
paymentRoutes.post('/web/refund', requireSession(), validate('json', refundSchema), async (c) => {
  const { order_id, reason } = c.req.valid('json');
  const db = c.var.db().db;
  const result = await requestRefund(db, c.var.payments(), {
    userId: c.var.auth.user.id,
    orderId: order_id,
    reason,
  });
  await recordSessionEvent(c, 'refund_requested');
  return ok(c, result);
});

// POST /api/mms/payment/v1/gift/redeem – redeem a gift card for the signed-in account or an email
paymentRoutes.post('/gift/redeem', validate('json', redeemSchema), async (c) => {
  const { code, email, language } = c.req.valid('json');
  const db = c.var.db().db;
  const where = await callerLocation(c.req.raw);
  if (isBlockedCountry(where.country)) throw accountErrors.blockedRegion();
  await consumePaymentLimit(db, 'redeemIp', where.limitKey);
  const user = await optionalUser(c);
  if (!user && !email) throw ApiError.badRequest(validationTexts.emailRequired);
  const result = await redeemGift(db, {
    code,
    // An address whose account has a password must sign in first (checked before the card).
    redeemer: user ? { userId: user.id } : { email: await buyerEmailFor(db, email ?? '') },
  });
  if (result.created) {
    const settings = sessionSettings();
    const { token } = await startWebSession(
      db,
      result.userId,
      settings,
      sessionClientOf(c.req.raw, where),
    );
    setSessionCookies(c, token, settings.maxAgeSeconds, result.userId);
    void welcomeAccount(db, result.userId, { locale: language ?? defaultLocale, madeBy: 'gift' });
  }
  const signedIn = Boolean(user) || result.created;
  return ok(c, {
    plan_id: result.planId,
    // Another account's premium date is not told to a browser that only typed its email.
    premium_until: signedIn ? (result.premiumUntil?.toISOString() ?? null) : null,
    email: user?.email ?? normalizeEmail(email ?? ''),
    signed_in: signedIn,
    set_password: result.created,
    verify_email: !signedIn && (await accountWithoutPassword(db, result.userId)),
  });
});

// GET /api/mms/payment/v1/promotion – the running promotion, else the last one (active: false)
paymentRoutes.get('/promotion', async (c) =>
  ok(c, { promotion: await currentPromotion(c.var.db().db) }),
);
