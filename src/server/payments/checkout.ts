import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Locale, localizePath } from '@/lib/locales';
import { normalizeEmail } from '@/lib/password-rules';
import { parseProductId } from '@/lib/plans/product-id';
import { brand } from '@/lib/site';
import type { Attribution } from '@/server/attribution';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import {
  giftCards,
  type OrderRow,
  orders,
  type PlanRow,
  subscriptions,
  users,
} from '@/server/db/schema';
import { hashToken, newSessionToken } from '@/server/session/tokens';
import { findPlan } from './catalog';
import { notifyFulfilled } from './emails';
import { paymentErrors } from './errors';
import { fulfilOrder, markOrder } from './fulfil';
import { formatGiftCode } from './gift-code';
import { type PaymentProvider, ProviderUnavailableError } from './provider';

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
  siteUrl: string;
}

export interface StartedCheckout {
  order: OrderRow;
  approveUrl: string;
  /** Only for a buyer without a session: lets this browser follow the order (HttpOnly cookie). */
  checkoutToken?: string;
}

function orderDescription(plan: PlanRow, kind: OrderKind): string {
  const period = parseProductId(plan.productId)?.origin ?? {
    count: plan.intervalCount,
    unit: plan.intervalUnit,
  };
  const unit = period.unit.toLowerCase();
  const length = `${period.count} ${unit}${period.count === 1 ? '' : 's'}`;
  return kind === 'gift'
    ? `${brand.name} Premium gift card, ${length}`
    : `${brand.name} Premium, ${length}`;
}

/** Where the provider sends the buyer back: the Windows app's own result page, else paystatus. */
function returnPath(platform: string, locale: Locale, orderId: string, cancelled: boolean) {
  const path = platform === 'windows' ? '/win-pay-result' : `/paystatus/${platform}`;
  const query = `?order=${orderId}${cancelled ? '&cancel=1' : ''}`;
  return `${localizePath(locale, path)}${query}`;
}

/**
 * The account of a buyer who is not signed in: made from the email (without a password), or an
 * earlier such account. An account with a password must sign in first.
 */
export async function accountForEmail(
  db: Db,
  rawEmail: string,
): Promise<{ user: User; created: boolean }> {
  const email = normalizeEmail(rawEmail);
  const [created] = await db.insert(users).values({ email }).onConflictDoNothing().returning();
  if (created) return { user: created, created: true };
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) throw new Error('account vanished right after insert');
  if (existing.passwordHash) throw paymentErrors.accountHasPassword();
  return { user: existing, created: false };
}

/** True when the account already holds this plan and its time has not run out. */
async function holdsPlan(db: Db, userId: string, planId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.planId, planId),
        gt(subscriptions.premiumUntil, new Date()),
      ),
    );
  return Boolean(row);
}

/**
 * Starts a purchase: the order is stored first (status 'created'), then created at the
 * provider with the order id as idempotency key. When the provider cannot be reached the order
 * is marked failed and the buyer sees 'Network error, payment failed.'; nothing was charged.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutInput,
): Promise<StartedCheckout> {
  const plan = await findPlan(db, input.planId);
  if (!plan) throw paymentErrors.planNotFound();
  const checkoutToken = input.user ? undefined : newSessionToken();
  // The account made from the email and its order are stored together or not at all: a
  // database that fails in between leaves neither behind.
  const order = await db.transaction(async (tx) => {
    const { user, created } = input.user
      ? { user: input.user, created: false }
      : await accountForEmail(tx, input.email ?? '');
    if (input.kind === 'plan' && (await holdsPlan(tx, user.id, plan.id))) {
      throw paymentErrors.alreadyPurchased();
    }
    const [inserted] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        kind: input.kind,
        planId: plan.id,
        productId: plan.productId,
        amount: plan.price,
        currency: plan.currency,
        provider: provider.name,
        platform: input.platform,
        locale: input.locale,
        createdAccount: created,
        checkoutTokenHash: checkoutToken ? hashToken(checkoutToken) : null,
        attribution: input.attribution,
      })
      .returning();
    if (!inserted) throw new Error('order vanished right after insert');
    return inserted;
  });
  try {
    const made = await provider.createOrder({
      orderId: order.id,
      amount: plan.price,
      currency: plan.currency,
      description: orderDescription(plan, input.kind),
      returnUrl: new URL(
        returnPath(input.platform, input.locale, order.id, false),
        input.siteUrl,
      ).toString(),
      cancelUrl: new URL(
        returnPath(input.platform, input.locale, order.id, true),
        input.siteUrl,
      ).toString(),
      requestId: `create-${order.id}`,
      locale: input.locale,
    });
    const [stored] = await db
      .update(orders)
      .set({ providerOrderId: made.providerOrderId })
      .where(eq(orders.id, order.id))
      .returning();
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
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const byUser = order && access.userId === order.userId;
  const byToken =
    order?.checkoutTokenHash &&
    access.checkoutToken &&
    hashToken(access.checkoutToken) === order.checkoutTokenHash;
  if (!order || !(byUser || byToken)) throw paymentErrors.orderNotFound();
  return order;
}

/**
 * The capture's idempotency key: reused while an attempt's outcome is unknown (timeout, 5xx),
 * so PayPal answers the first capture instead of charging again; a new one after a definite
 * answer, which PayPal would otherwise repeat.
 */
export function captureRequestId(order: Pick<OrderRow, 'id' | 'captureAttempt'>): string {
  return `capture-${order.id}-${order.captureAttempt}`;
}

export async function nextCaptureAttempt(db: Db, orderId: string) {
  await db
    .update(orders)
    .set({ captureAttempt: sql`${orders.captureAttempt} + 1` })
    .where(eq(orders.id, orderId));
}

export type CaptureOutcome =
  | { state: 'paid'; order: OrderRow }
  | { state: 'pending'; order: OrderRow };

/**
 * Completes a purchase after the buyer approved it (the Completed button, or the return page).
 * Safe to call any number of times and alongside the webhook: fulfilment happens once.
 */
export async function captureCheckout(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<CaptureOutcome> {
  if (order.status === 'paid' || order.status === 'refunded') return { state: 'paid', order };
  if (!order.providerOrderId) throw paymentErrors.paymentFailed('not created at the provider');
  let result: Awaited<ReturnType<PaymentProvider['captureOrder']>>;
  try {
    result = await provider.captureOrder(order.providerOrderId, captureRequestId(order));
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  if (result.outcome !== 'captured') await nextCaptureAttempt(db, order.id);
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

export async function cancelCheckout(db: Db, order: OrderRow): Promise<OrderRow> {
  await markOrder(db, order.id, 'cancelled', 'cancelled by the buyer');
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  return row ?? order;
}

/** What the order pages show about an order. */
export async function orderView(db: Db, order: OrderRow) {
  const [gift] =
    order.kind === 'gift' && order.status === 'paid'
      ? await db.select().from(giftCards).where(eq(giftCards.orderId, order.id))
      : [];
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, order.userId));
  const [owner] = await db.select().from(users).where(eq(users.id, order.userId));
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
    email: owner?.email ?? '',
    premium_until: subscription?.premiumUntil.toISOString() ?? null,
    gift_code: gift ? formatGiftCode(gift.code) : null,
    gift_status: gift?.status ?? null,
  };
}
