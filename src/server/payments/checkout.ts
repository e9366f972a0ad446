import 'server-only';
import { type Locale, localizePath } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import type { Attribution } from '@/server/attribution';
import type { Db } from '@/server/db/client';
import type { OrderRow, User } from '@/server/db/schema';
import {
  type SessionClient,
  type SessionSettings,
  startWebSession,
} from '@/server/session/service';
import { hashToken, newSessionToken } from '@/server/session/tokens';
import { activateSubscription, type Payments, startSubscription } from './billing';
import { findPlan, orderDescription } from './catalog';
import { notifyFulfilled } from './emails';
import { paymentErrors } from './errors';
import { fulfilOrder, markOrder } from './fulfil';
import { formatGiftCode } from './gift-code';
import { type PaymentProvider, ProviderUnavailableError } from './provider';
import {
  findAccountById,
  findAccountWithoutPassword,
  findPasswordOfEmail,
} from './queries/accounts';
import { findGiftCardOfOrder } from './queries/gift-cards';
import {
  claimCheckoutSignIn,
  findOrderById,
  incrementCaptureAttempt,
  insertOrder,
  setProviderOrderId,
} from './queries/orders';
import { findLiveSubscriptionOfPlan, findSubscription } from './queries/subscriptions';

export type OrderKind = 'plan' | 'gift';

export interface CheckoutInput {
  planId: string;
  kind: OrderKind;
  /** The signed-in buyer, or undefined for a new buyer who gives `email`. */
  user?: User;
  email?: string;
  /** 'web' for the site; the Windows app's pay pages use 'windows'. */
  platform: string;
  locale: Locale;
  attribution: Attribution & { campaign?: string | null };
  /**
   * Origin of the return and cancel URLs: SITE_URL for PayPal; for the sandbox provider the
   * origin the buyer is using, where its approval page then is too (sandbox.ts).
   */
  siteUrl: string;
}

export interface StartedCheckout {
  order: OrderRow;
  approveUrl: string;
  /** Only for a buyer without a session: lets this browser follow the order (HttpOnly cookie). */
  checkoutToken?: string;
}

/** Where the provider sends the buyer back: the Windows app's own result page, else paystatus. */
function returnPath(platform: string, locale: Locale, orderId: string, cancelled: boolean) {
  const path = platform === 'windows' ? '/win-pay-result' : `/paystatus/${platform}`;
  const query = `?order=${orderId}${cancelled ? '&cancel=1' : ''}`;
  return `${localizePath(locale, path)}${query}`;
}

/**
 * The email of a buyer who is not signed in, normalised. No account is made here: fulfilment
 * makes it when the payment completes, so an abandoned checkout or a mistyped address leaves
 * nothing behind. An address whose account has a password must sign in first.
 */
export async function buyerEmailFor(db: Db, rawEmail: string): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const existing = await findPasswordOfEmail(db, { email });
  if (existing?.passwordHash) throw paymentErrors.accountHasPassword();
  return email;
}

/** How long a checkout cookie may follow its order (the cookie's own max-age). */
export const checkoutTokenSeconds = 2 * 24 * 3600;

/** True when the account exists and has no password yet. */
export async function accountWithoutPassword(db: Db, userId: string): Promise<boolean> {
  return Boolean(await findAccountWithoutPassword(db, { userId }));
}

/** A paid order whose account still has no password: its buyer has to choose one. */
export async function needsPassword(db: Db, order: OrderRow): Promise<boolean> {
  return order.userId !== null && (await accountWithoutPassword(db, order.userId));
}

/** True when the account already holds this plan and its time has not run out. */
async function holdsPlan(db: Db, userId: string, planId: string): Promise<boolean> {
  return Boolean(await findLiveSubscriptionOfPlan(db, { userId, planId, now: new Date() }));
}

/**
 * Starts a purchase: the order is stored first (status 'created'), then created at the
 * provider with the order id as idempotency key. When the provider cannot be reached the order
 * is marked failed and the buyer sees 'Network error, payment failed.'; nothing was charged.
 */
export async function startCheckout(
  db: Db,
  provider: Payments,
  input: CheckoutInput,
): Promise<StartedCheckout> {
  const plan = await findPlan(db, input.planId);
  if (!plan) throw paymentErrors.planNotFound();
  const checkoutToken = input.user ? undefined : newSessionToken();
  // A signed-in buyer learns whether their own account holds the plan (40902); a buyer who only
  // typed an email learns nothing about that address's account.
  if (input.user && input.kind === 'plan' && (await holdsPlan(db, input.user.id, plan.id))) {
    throw paymentErrors.alreadyPurchased();
  }
  const buyerEmail = input.user ? null : await buyerEmailFor(db, input.email ?? '');
  const order = await insertOrder(db, {
    userId: input.user?.id ?? null,
    buyerEmail,
    kind: input.kind,
    planId: plan.id,
    productId: plan.productId,
    amount: plan.price,
    currency: plan.currency,
    provider: provider.name,
    platform: input.platform,
    locale: input.locale,
    checkoutTokenHash: checkoutToken ? hashToken(checkoutToken) : null,
    checkoutTokenExpiresAt: checkoutToken
      ? new Date(Date.now() + checkoutTokenSeconds * 1000)
      : null,
    attribution: input.attribution,
  });
  if (!order) throw new Error('order vanished right after insert');
  const back = (cancelled: boolean) =>
    new URL(
      returnPath(input.platform, input.locale, order.id, cancelled),
      input.siteUrl,
    ).toString();
  try {
    // A plan renews: a subscription whose first payment is this order. A gift card is paid once.
    const made =
      input.kind === 'plan'
        ? await startSubscription(db, provider, {
            order,
            plan,
            returnUrl: back(false),
            cancelUrl: back(true),
          }).then((started) => ({
            providerOrderId: started.providerSubscriptionId,
            approveUrl: started.approveUrl,
            subscriptionId: started.subscriptionId,
          }))
        : await provider.createOrder({
            orderId: order.id,
            amount: plan.price,
            currency: plan.currency,
            description: orderDescription(plan, input.kind),
            returnUrl: back(false),
            cancelUrl: back(true),
            requestId: `create-${order.id}`,
            locale: input.locale,
          });
    const stored = await setProviderOrderId(db, { orderId: order.id, ...made });
    return { order: stored ?? order, approveUrl: made.approveUrl, checkoutToken };
  } catch (error: unknown) {
    await markOrder(db, order.id, 'failed', error instanceof Error ? error.name : 'error');
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
}

/** Who may follow an order: its account's session, or the browser holding its checkout token. */
export interface OrderAccess {
  userId?: string;
  checkoutToken?: string;
}

/** Our order ids are UUIDs; anything else is not worth a query (and may not reach one). */
export function isOrderId(value: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(value);
}

export async function orderFor(db: Db, orderId: string, access: OrderAccess): Promise<OrderRow> {
  if (!isOrderId(orderId)) throw paymentErrors.orderNotFound();
  const order = await findOrderById(db, { orderId });
  if (!order || !canFollow(order, access)) throw paymentErrors.orderNotFound();
  return order;
}

/** Whether `access` may follow `order`: its account's session, or its live checkout token. */
function canFollow(order: OrderRow, access: OrderAccess): boolean {
  if (order.userId && access.userId === order.userId) return true;
  return Boolean(
    order.checkoutTokenHash &&
      order.checkoutTokenExpiresAt &&
      order.checkoutTokenExpiresAt > new Date() &&
      access.checkoutToken &&
      hashToken(access.checkoutToken) === order.checkoutTokenHash,
  );
}

/**
 * Signs the buyer of a paid checkout in, once: the sign-in is marked and the session made in one
 * transaction, and only while the token is live, the order paid, the account made by this very
 * order and still without a password. A kept cookie never signs anyone in again (nor after the
 * owner chose a password, reset it or had the order refunded); until it expires it only lets its
 * browser see the order, so a tab whose sign-in answer was lost still sees it paid and is offered
 * the code step. Undefined when there is nothing to sign in to.
 */
export async function signInWithCheckout(
  db: Db,
  params: {
    orderId: string;
    checkoutToken: string;
    settings: SessionSettings;
    client?: SessionClient;
  },
): Promise<{ token: string; userId: string } | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await claimCheckoutSignIn(tx, {
      orderId: params.orderId,
      checkoutTokenHash: hashToken(params.checkoutToken),
    });
    if (!claimed?.userId) return undefined;
    const { token } = await startWebSession(tx, claimed.userId, params.settings, params.client);
    return { token, userId: claimed.userId };
  });
}

/**
 * The capture's idempotency key: reused while an attempt's outcome is unknown (timeout, 5xx),
 * so PayPal answers the first capture instead of charging again; a new one after a definite
 * answer, which PayPal would otherwise repeat.
 */
export function captureRequestId(order: Pick<OrderRow, 'id' | 'captureAttempt'>): string {
  return `capture-${order.id}-${order.captureAttempt}`;
}

export type CaptureOutcome =
  | { state: 'paid'; order: OrderRow }
  | { state: 'pending'; order: OrderRow }
  | { state: 'cancelled'; order: OrderRow };

/**
 * Completes a purchase after the buyer approved it (the Completed button, or the return page).
 * Safe to call any number of times and alongside the webhook: fulfilment happens once.
 */
export async function captureCheckout(
  db: Db,
  provider: Payments,
  order: OrderRow,
): Promise<CaptureOutcome> {
  if (order.status === 'paid' || order.status === 'refunded') return { state: 'paid', order };
  // The buyer gave up (here or at PayPal): nothing to take. A late approval at PayPal is still
  // captured by its webhook.
  if (order.status === 'cancelled') return { state: 'cancelled', order };
  if (order.status === 'failed')
    throw paymentErrors.paymentFailed(order.failureReason ?? undefined);
  if (!order.providerOrderId) throw paymentErrors.paymentFailed('not created at the provider');
  if (order.subscriptionId) return confirmSubscription(db, provider, order);
  let result: Awaited<ReturnType<PaymentProvider['captureOrder']>>;
  try {
    result = await provider.captureOrder(order.providerOrderId, captureRequestId(order));
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  if (result.outcome !== 'captured') await incrementCaptureAttempt(db, { orderId: order.id });
  if (result.outcome === 'not_approved') throw paymentErrors.notApproved();
  if (result.outcome === 'declined') {
    await markOrder(db, order.id, 'failed', result.reason);
    throw paymentErrors.paymentFailed(result.reason);
  }
  if (result.capture.status === 'PENDING') return { state: 'pending', order };
  const done = await fulfilOrder(db, order.id, result.capture);
  // The one call that fulfilled the order mails it (the gift code); the answer does not wait.
  if (done.granted) void notifyFulfilled(db, done.order);
  if (done.order.status !== 'paid' && done.order.status !== 'refunded') {
    throw paymentErrors.paymentFailed(done.order.failureReason ?? undefined);
  }
  return { state: 'paid', order: done.order };
}

/** captureCheckout for a plan: its subscription confirmed from the provider (billing.ts). */
async function confirmSubscription(
  db: Db,
  provider: Payments,
  order: OrderRow,
): Promise<CaptureOutcome> {
  let activation: Awaited<ReturnType<typeof activateSubscription>>;
  try {
    activation = await activateSubscription(db, provider, order);
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  if (activation.state === 'not_approved') throw paymentErrors.notApproved();
  if (activation.state === 'pending') return { state: 'pending', order };
  const done = activation.fulfilment;
  if (done.granted) void notifyFulfilled(db, done.order);
  if (done.order.status !== 'paid' && done.order.status !== 'refunded') {
    throw paymentErrors.paymentFailed(done.order.failureReason ?? undefined);
  }
  return { state: 'paid', order: done.order };
}

export async function cancelCheckout(db: Db, order: OrderRow): Promise<OrderRow> {
  await markOrder(db, order.id, 'cancelled', 'cancelled by the buyer');
  const row = await findOrderById(db, { orderId: order.id });
  return row ?? order;
}

/**
 * What the order pages show about an order. The account's premium date is shown to the
 * account's own session, or to the checkout that made the account; never to a browser that only
 * typed someone's email.
 */
export async function orderView(db: Db, order: OrderRow, viewer: { userId?: string }) {
  const gift =
    order.kind === 'gift' && order.status === 'paid'
      ? await findGiftCardOfOrder(db, { orderId: order.id })
      : undefined;
  const showsPremium =
    order.userId !== null && (viewer.userId === order.userId || order.createdAccount);
  const subscription =
    showsPremium && order.userId ? await findSubscription(db, { userId: order.userId }) : undefined;
  const owner = order.userId ? await findAccountById(db, { userId: order.userId }) : undefined;
  return {
    order_id: order.id,
    status: order.status,
    kind: order.kind,
    plan_id: order.planId,
    product_id: order.productId,
    amount: order.amount,
    currency: order.currency,
    platform: order.platform,
    paid_at: order.paidAt?.toISOString() ?? null,
    email: owner?.email ?? order.buyerEmail ?? '',
    premium_until: subscription?.premiumUntil.toISOString() ?? null,
    gift_code: gift ? formatGiftCode(gift.code) : null,
    gift_status: gift?.status ?? null,
  };
}
