import 'server-only';
import { asLocale } from '@/lib/locales';
import { renewalTerms } from '@/lib/plans/renewal';
import type { IntervalUnit } from '@/lib/plans/types';
import type { Db } from '@/server/db/client';
import type { BillingSubscriptionRow, OrderRow, PlanRow } from '@/server/db/schema';
import { logger } from '@/server/log';
import { findPlan } from './catalog';
import { autoRenewOffEmail, mailAccount, mailReceipts, renewalFailedEmail } from './emails';
import { paymentErrors } from './errors';
import {
  addPaidTime,
  type Fulfilment,
  firstCharge,
  fulfilOrder,
  isDeletedBuyer,
  recordRefund,
  sameAmount,
} from './fulfil';
import { grantOfPeriod } from './grant';
import { providerPlanFor } from './plan-sync';
import {
  type BillingProvider,
  type PaymentProvider,
  type ProviderSubscription,
  type ProviderTransaction,
  ProviderUnavailableError,
} from './provider';
import {
  type BillingStatus,
  findAccountBillingSubscription,
  findBillingSubscriptionById,
  findBillingSubscriptionOfProvider,
  insertBillingSubscription,
  isRenewing,
  listAccountRenewingSubscriptions,
  listOverdueBillingSubscriptions,
  markBillingCancelled,
  markBillingRenewed,
  renewingStatuses,
  setBillingStatus,
  setPendingPlan,
} from './queries/billing-subscriptions';
import { findOrderById, findOrderOfCapture, insertRenewalOrder } from './queries/orders';
import { findPlanById } from './queries/plans';
import { findPlanOfProviderPlan } from './queries/provider-plans';
import { capPremium, extendPremiumTo, findSubscription } from './queries/subscriptions';

/** A provider that takes one-time payments and runs subscriptions (PayPal, the sandbox). */
export type Payments = PaymentProvider & BillingProvider;

/** How long a failed renewal keeps premium while the provider retries it. */
export const gracePeriodDays = 7;

const day = 24 * 3600 * 1000;

export interface StartedSubscription {
  providerSubscriptionId: string;
  approveUrl: string;
  subscriptionId: string;
}

/**
 * The plan part of a checkout: a subscription at the provider on the plan's billing plan (made
 * now if the catalogue changed since the last sync), which the buyer approves at `approveUrl`;
 * its first payment is the order's. Recorded as 'pending' until that payment arrives.
 */
export async function startSubscription(
  db: Db,
  billing: Payments,
  input: { order: OrderRow; plan: PlanRow; returnUrl: string; cancelUrl: string },
): Promise<StartedSubscription> {
  const { order, plan } = input;
  const providerPlanId = await providerPlanFor(db, billing, plan);
  const made = await billing.createSubscription({
    providerPlanId,
    customId: order.id,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    requestId: `subscribe-${order.id}`,
    locale: order.locale,
  });
  const renewal = renewalTerms({ ...plan, intervalUnit: plan.intervalUnit as IntervalUnit });
  const row = await insertBillingSubscription(db, {
    userId: order.userId,
    firstOrderId: order.id,
    planId: plan.id,
    provider: billing.name,
    providerSubscriptionId: made.providerSubscriptionId,
    renewalPrice: renewal.price,
    currency: plan.currency,
    locale: order.locale,
  });
  return { ...made, subscriptionId: row.id };
}

/** The payments a subscription made since `since`, oldest first (a day's margin each side). */
function paymentsSince(billing: Payments, providerSubscriptionId: string, since: Date) {
  return billing.listTransactions(providerSubscriptionId, {
    from: new Date(since.getTime() - day),
    to: new Date(Date.now() + day),
  });
}

export type Activation =
  | { state: 'not_approved' }
  | { state: 'pending' }
  | { state: 'fulfilled'; fulfilment: Fulfilment };

/**
 * Confirms a plan order's subscription from the provider, never from the browser: once the
 * buyer approved and the first payment is in, the order is fulfilled with that payment and the
 * subscription starts (exactly once, however many callers: the return page, Completed, the
 * provider's events in any order).
 */
export async function activateSubscription(
  db: Db,
  billing: Payments,
  order: OrderRow,
): Promise<Activation> {
  if (!order.providerOrderId) throw paymentErrors.paymentFailed('not created at the provider');
  const subscription = await billing.getSubscription(order.providerOrderId);
  if (subscription.status === 'APPROVAL_PENDING' || subscription.status === 'APPROVED') {
    return { state: 'not_approved' };
  }
  const payments = await paymentsSince(billing, order.providerOrderId, order.createdAt);
  const first = payments.find((p) => p.status === 'COMPLETED');
  if (!first) return { state: 'pending' };
  const capture = { id: first.id, status: 'COMPLETED' as const, ...money(first) };
  const fulfilment = await fulfilOrder(
    db,
    order.id,
    capture,
    subscription.status === 'ACTIVE' ? (subscription.nextBillingTime ?? null) : null,
  );
  const { userId, subscriptionId } = fulfilment.order;
  if (fulfilment.granted && userId && subscriptionId) {
    await stopOtherRenewals(db, billing, userId, subscriptionId);
  }
  return { state: 'fulfilled', fulfilment };
}

/** Stops a subscription renewing: cancelled at the provider, then here. */
export async function cancelRenewal(
  db: Db,
  billing: Payments,
  subscription: BillingSubscriptionRow,
  reason: string,
): Promise<void> {
  await billing.cancelSubscription(subscription.providerSubscriptionId, reason);
  await markBillingCancelled(db, { id: subscription.id });
}

/**
 * A new plan was bought while another one renews: the older one stops renewing (its paid time is
 * kept), so an account is never charged by two subscriptions. A provider that cannot be reached
 * now is logged; the old subscription is then cancelled the next time it is reconciled.
 */
async function stopOtherRenewals(
  db: Db,
  billing: Payments,
  userId: string,
  keepId: string,
): Promise<void> {
  for (const other of await listAccountRenewingSubscriptions(db, { userId })) {
    if (other.id === keepId || other.provider !== billing.name) continue;
    try {
      await cancelRenewal(db, billing, other, 'Replaced by a new plan');
    } catch (error: unknown) {
      logger.error(
        { area: 'payments', subscription_id: other.id, err: error },
        'could not stop the renewal of a replaced plan',
      );
    }
  }
}

function money(payment: ProviderTransaction) {
  return { amount: payment.amount, currency: payment.currency };
}

/** The plan a renewal renews as: the change the buyer chose, else the subscription's own. */
async function renewingPlan(db: Db, subscription: BillingSubscriptionRow): Promise<PlanRow> {
  return planOf(db, subscription, subscription.pendingPlanId ?? subscription.planId);
}

async function planOf(db: Db, subscription: BillingSubscriptionRow, planId: string) {
  const plan = await findPlanById(db, { planId });
  if (!plan) throw new Error(`billing subscription ${subscription.id}: no plan ${planId}`);
  return plan;
}

/**
 * The plan a renewal was billed on: the catalogue row of the billing plan the provider shows the
 * subscription on (after a consented change, the new one), else the subscription's own. Never the
 * change recorded here, which only the subscriber's return from the provider reported.
 */
async function billedPlan(
  db: Db,
  provider: string,
  subscription: BillingSubscriptionRow,
  remote: ProviderSubscription,
): Promise<PlanRow> {
  const planId = await findPlanOfProviderPlan(db, {
    provider,
    providerPlanId: remote.providerPlanId,
  });
  return planOf(db, subscription, planId ?? subscription.planId);
}

/**
 * Records one renewal payment read from the provider: a paid order of kind 'renewal', premium
 * extended by the renewal period from its current end, the subscription active with its next
 * date. Once per payment: the order's unique provider payment id makes a replayed or concurrent
 * report a no-op. Answers the order, or undefined when the payment was recorded before.
 */
async function recordRenewal(
  db: Db,
  subscription: BillingSubscriptionRow & { userId: string },
  payment: ProviderTransaction,
  provider: string,
  plan: PlanRow,
  nextRenewalAt: Date | null,
): Promise<OrderRow | undefined> {
  const renewal = renewalTerms({ ...plan, intervalUnit: plan.intervalUnit as IntervalUnit });
  return db.transaction(async (tx) => {
    const order = await insertRenewalOrder(tx, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      planId: plan.id,
      productId: plan.productId,
      ...money(payment),
      provider,
      captureId: payment.id,
      locale: subscription.locale,
    });
    if (!order) return undefined;
    // A renewal paid late: its grace days were on the house, the new period runs from now.
    if (subscription.status === 'past_due' && subscription.nextRenewalAt) {
      await capPremium(tx, { userId: subscription.userId, until: subscription.nextRenewalAt });
    }
    if (!sameAmount(payment.amount, subscription.renewalPrice)) {
      logger.warn(
        { area: 'payments', subscription_id: subscription.id, payment_id: payment.id },
        'a renewal charged another amount than the subscription renews at',
      );
    }
    const premium = await addPaidTime(
      tx,
      { ...order, userId: subscription.userId },
      grantOfPeriod(renewal.period),
    );
    await markBillingRenewed(tx, {
      id: subscription.id,
      planId: plan.id,
      ...(plan.id === subscription.planId ? {} : { renewalPrice: renewal.price }),
      nextRenewalAt: firstCharge(nextRenewalAt, premium?.premiumUntil),
    });
    return order;
  });
}

/**
 * A checkout's subscription whose account was deleted before its first payment: stopped at the
 * provider once it can be (PayPal cancels only approved subscriptions; one still waiting for
 * approval cannot charge), and never activated here.
 */
async function stopDeletedBuyers(
  db: Db,
  billing: Payments,
  subscription: BillingSubscriptionRow,
): Promise<Reconciliation> {
  const result: Reconciliation = {
    renewals: [],
    refunded: [],
    status: subscription.status as BillingStatus,
  };
  if (subscription.status === 'cancelled' || subscription.status === 'expired') return result;
  const remote = await billing.getSubscription(subscription.providerSubscriptionId);
  if (remote.status === 'APPROVAL_PENDING') return result;
  if (remote.status !== 'CANCELLED' && remote.status !== 'EXPIRED')
    await billing.cancelSubscription(subscription.providerSubscriptionId, 'Account deleted');
  await markBillingCancelled(db, { id: subscription.id, from: ['pending', ...renewingStatuses] });
  result.status = 'cancelled';
  return result;
}

export interface Reconciliation {
  /** The first payment's fulfilment when this call made it. */
  activated?: Fulfilment;
  renewals: string[];
  refunded: string[];
  status: BillingStatus;
}

/**
 * Makes our record of a subscription equal to the provider's: its first payment fulfils the
 * checkout (if nothing did yet), every later completed payment is a renewal, every refunded
 * one takes its time back, and the status follows. Provider events only trigger this; their
 * contents are not trusted, and the order they arrive in does not matter (a renewal reported
 * before the activation fulfils the checkout first). Idempotent: safe on every event, on every
 * instance, and periodically for subscriptions whose events may have been lost.
 */
export async function reconcileSubscription(
  db: Db,
  billing: Payments,
  subscription: BillingSubscriptionRow,
): Promise<Reconciliation> {
  const result: Reconciliation = { renewals: [], refunded: [], status: 'pending' };
  let current = subscription;
  const firstOrderOf = () =>
    current.firstOrderId ? findOrderById(db, { orderId: current.firstOrderId }) : undefined;
  let firstOrder = await firstOrderOf();
  if (firstOrder && firstOrder.status !== 'paid' && firstOrder.status !== 'refunded') {
    const activation = await activateSubscription(db, billing, firstOrder);
    if (activation.state === 'fulfilled' && activation.fulfilment.granted) {
      result.activated = activation.fulfilment;
    }
    current = (await findBillingSubscriptionOfProvider(db, current)) ?? current;
    firstOrder = await firstOrderOf();
  }
  // Its first payment, if PayPal took one, is now recorded on the failed order (fulfil.ts).
  if (firstOrder && isDeletedBuyer(firstOrder)) return stopDeletedBuyers(db, billing, current);
  if (current.status === 'pending' && !current.firstOrderId) {
    current = await activateRenewalAgain(db, billing, current);
  }
  const { userId } = current;
  if (!userId || current.status === 'pending') return result;
  const remote = await billing.getSubscription(current.providerSubscriptionId);
  const payments = await paymentsSince(billing, current.providerSubscriptionId, current.createdAt);
  const first = firstOrder?.captureId;
  const plan = await billedPlan(db, billing.name, current, remote);
  for (const payment of payments) {
    if (payment.status === 'COMPLETED' && payment.id !== first) {
      const order = await recordRenewal(
        db,
        { ...current, userId },
        payment,
        billing.name,
        plan,
        remote.nextBillingTime ?? null,
      );
      if (order) result.renewals.push(order.id);
    }
    if (payment.status === 'REFUNDED') {
      const order = await findOrderOfCapture(db, { provider: billing.name, captureId: payment.id });
      if (order && (await recordRefund(db, order.id))) result.refunded.push(order.id);
    }
  }
  // Each renewal and refund recorded here mails its receipt or credit note (once: see
  // mailReceipts), without holding up the event.
  for (const orderId of result.renewals) void mailReceipts(db, { orderId });
  result.status = await syncSubscriptionStatus(db, current, remote);
  const [newest] = await listAccountRenewingSubscriptions(db, { userId });
  if (newest && newest.id !== current.id && result.status !== 'cancelled') {
    await stopOtherRenewals(db, billing, userId, newest.id);
  }
  return result;
}

/**
 * Brings the subscription's status to the provider's, as `remote` shows it (read back by the
 * reconciliation; the provider's events are not trusted themselves): cancelled there →
 * 'cancelled' (premium runs to the paid end), expired → 'expired', failed payments or suspended
 * → 'past_due' with a grace period, active again → 'active'. Answers the new status.
 */
async function syncSubscriptionStatus(
  db: Db,
  subscription: BillingSubscriptionRow,
  remote: ProviderSubscription,
): Promise<BillingStatus> {
  const current = subscription.status as BillingStatus;
  if (current === 'pending' || current === 'expired') return current;
  const move = (
    status: BillingStatus,
    fields: { nextRenewalAt?: Date | null; graceUntil?: Date | null },
  ) =>
    setBillingStatus(db, {
      id: subscription.id,
      from: ['active', 'past_due', 'cancelled'],
      status,
      ...fields,
    });
  if (remote.status === 'CANCELLED') {
    if (current !== 'cancelled') await move('cancelled', { nextRenewalAt: null, graceUntil: null });
    return 'cancelled';
  }
  if (remote.status === 'EXPIRED') {
    await move('expired', { nextRenewalAt: null, graceUntil: null });
    return 'expired';
  }
  if (remote.status === 'SUSPENDED' || remote.failedPayments > 0) {
    if (current !== 'past_due') {
      // Premium is kept through the grace period while the provider retries; then it ends.
      const graceUntil = new Date(Date.now() + gracePeriodDays * day);
      const moved = await db.transaction(async (tx) => {
        const row = await setBillingStatus(tx, {
          id: subscription.id,
          from: ['active'],
          status: 'past_due',
          graceUntil,
        });
        if (row?.userId) await extendPremiumTo(tx, { userId: row.userId, until: graceUntil });
        return row;
      });
      // The one call that moved it says so, once per failed renewal.
      if (moved?.userId) {
        await mailAccount(
          db,
          moved.userId,
          {
            kind: 'renewal-failed',
            dedupeKey: `renewal-failed:${moved.id}:${moved.nextRenewalAt?.toISOString()}`,
          },
          (to) =>
            renewalFailedEmail(to, asLocale(moved.locale), {
              amount: moved.renewalPrice,
              currency: moved.currency,
              graceUntil,
            }),
        );
      }
    }
    return 'past_due';
  }
  if (remote.status === 'ACTIVE' && current === 'past_due') {
    await move('active', { graceUntil: null, nextRenewalAt: remote.nextBillingTime ?? null });
    return 'active';
  }
  return current;
}

/**
 * Turns the account's auto-renewal off: the subscription is cancelled at the provider at once
 * (no further charge) and its paid time runs to its end. Nothing to do when it is off already.
 */
export async function turnOffAutoRenew(
  db: Db,
  billing: Payments,
  userId: string,
  /** `mail: false`: no "auto-renewal is off" mail (the account is being deleted). */
  options: { mail?: boolean } = {},
): Promise<void> {
  const subscription = await findAccountBillingSubscription(db, { userId });
  if (!subscription || subscription.status === 'cancelled') return;
  try {
    await billing.cancelSubscription(
      subscription.providerSubscriptionId,
      'Auto-renewal turned off by the subscriber',
    );
  } catch (error: unknown) {
    // Nothing changed here: the subscriber may try again.
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  const moved = await markBillingCancelled(db, { id: subscription.id });
  const premium =
    moved && options.mail !== false ? await findSubscription(db, { userId }) : undefined;
  if (moved && premium) {
    await mailAccount(
      db,
      userId,
      { kind: 'auto-renew-off', dedupeKey: `auto-renew-off:${moved.id}` },
      (to) => autoRenewOffEmail(to, asLocale(moved.locale), premium.premiumUntil),
    );
  }
}

/**
 * A subscription started again from the account (auto-renewal turned back on) is 'active' once
 * the subscriber approved it at the provider; it bills nothing before its start, the end of
 * the paid time. Answers the row as it is now.
 */
async function activateRenewalAgain(
  db: Db,
  billing: Payments,
  subscription: BillingSubscriptionRow,
): Promise<BillingSubscriptionRow> {
  const remote = await billing.getSubscription(subscription.providerSubscriptionId);
  if (remote.status !== 'ACTIVE') return subscription;
  const moved = await setBillingStatus(db, {
    id: subscription.id,
    from: ['pending'],
    status: 'active',
    nextRenewalAt: remote.nextBillingTime ?? null,
  });
  return moved ?? (await findBillingSubscriptionOfProvider(db, subscription)) ?? subscription;
}

export type TurnOn = { state: 'on' } | { state: 'approve'; approveUrl: string };

/**
 * Turns auto-renewal back on while a plan bought on the website still runs: a new subscription
 * at the provider on the plan's renewals-only billing plan, starting when the paid time ends (so
 * nothing is charged before then), which the subscriber approves at `approveUrl`. Asking again
 * answers the same subscription (the provider's idempotency key is the cancelled subscription
 * and the paid end); once approved, it is 'active' and the answer is 'on'. Without such a plan
 * (none bought here, or its time is over): 40012.
 */
export async function turnOnAutoRenew(
  db: Db,
  billing: Payments,
  params: { userId: string; returnUrl: string; cancelUrl: string },
): Promise<TurnOn> {
  const previous = await findAccountBillingSubscription(db, { userId: params.userId });
  if (isRenewing(previous)) return { state: 'on' };
  const premium = await findSubscription(db, { userId: params.userId });
  const endsAt = premium?.source === 'website' ? premium.premiumUntil : undefined;
  if (!previous || !endsAt || endsAt.getTime() <= Date.now() + 60_000) {
    throw paymentErrors.autoRenewOnlyByPurchase();
  }
  const plan = await renewingPlan(db, previous);
  const renewal = renewalTerms({ ...plan, intervalUnit: plan.intervalUnit as IntervalUnit });
  let made: Awaited<ReturnType<Payments['createSubscription']>>;
  try {
    made = await billing.createSubscription({
      providerPlanId: await providerPlanFor(db, billing, plan, 'renewal'),
      customId: `renew-${previous.id}`,
      startTime: endsAt,
      returnUrl: params.returnUrl,
      cancelUrl: params.cancelUrl,
      requestId: `renew-${previous.id}-${endsAt.getTime()}`,
      locale: previous.locale,
    });
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  const row = await insertBillingSubscription(db, {
    userId: params.userId,
    firstOrderId: null,
    planId: plan.id,
    provider: billing.name,
    providerSubscriptionId: made.providerSubscriptionId,
    renewalPrice: renewal.price,
    currency: plan.currency,
    locale: previous.locale,
  });
  const now = row.status === 'pending' ? await activateRenewalAgain(db, billing, row) : row;
  return now.status === 'active'
    ? { state: 'on' }
    : { state: 'approve', approveUrl: made.approveUrl };
}

/**
 * Asks the provider to renew the account's subscription as `planId` from its next renewal
 * (PayPal's revise, on the plan's renewals-only billing plan: nothing is charged now, and the new
 * plan's first term price does not apply). The subscriber approves at `approveUrl`; the provider
 * then sends them to `returnUrl`, where `approvePlanChange` records it. Choosing the plan it renews
 * as already: 40902; choosing its own plan while a change is pending undoes the change. Needs a
 * subscription that renews (40013); an unknown or retired plan: 40402.
 */
export async function changePlan(
  db: Db,
  billing: Payments,
  params: { userId: string; planId: string; returnUrl: string; cancelUrl: string; locale: string },
): Promise<{ approveUrl: string }> {
  const subscription = await findAccountBillingSubscription(db, { userId: params.userId });
  if (!isRenewing(subscription)) throw paymentErrors.planChangeNeedsRenewal();
  const plan = await findPlan(db, params.planId);
  if (!plan || plan.currency !== subscription.currency) throw paymentErrors.planNotFound();
  if (plan.id === (subscription.pendingPlanId ?? subscription.planId)) {
    throw paymentErrors.alreadyPurchased();
  }
  try {
    return await billing.reviseSubscription(subscription.providerSubscriptionId, {
      providerPlanId: await providerPlanFor(db, billing, plan, 'renewal'),
      returnUrl: params.returnUrl,
      cancelUrl: params.cancelUrl,
      locale: params.locale,
    });
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
}

/**
 * The subscriber is back from approving a change to `planId`: the account page shows it (and the
 * next renewal's price) until that renewal. What the renewal grants follows the plan the provider
 * bills (see billedPlan), so a change reported here without approval grants nothing. Nothing to
 * do when the subscription no longer renews or `planId` is not a plan it can change to.
 */
export async function approvePlanChange(
  db: Db,
  params: { userId: string; planId: string },
): Promise<void> {
  const subscription = await findAccountBillingSubscription(db, { userId: params.userId });
  if (!isRenewing(subscription)) return;
  const plan = await findPlan(db, params.planId);
  if (!plan || plan.currency !== subscription.currency) return;
  const renewal = renewalTerms({ ...plan, intervalUnit: plan.intervalUnit as IntervalUnit });
  await setPendingPlan(db, {
    id: subscription.id,
    pendingPlanId: plan.id === subscription.planId ? null : plan.id,
    renewalPrice: renewal.price,
  });
}

/**
 * Reconciles every subscription whose renewal was due over an hour ago and is not recorded, so
 * a lost event never loses a renewal (or a cancellation made at the provider). Answers how many
 * were read back; one that fails (the provider away) is tried again on the next run.
 */
export async function reconcileOverdue(db: Db, billing: Payments): Promise<number> {
  const overdue = await listOverdueBillingSubscriptions(db, {
    before: new Date(Date.now() - 3600 * 1000),
  });
  let read = 0;
  for (const subscription of overdue) {
    if (subscription.provider !== billing.name) continue;
    try {
      await reconcileSubscription(db, billing, subscription);
      read += 1;
    } catch (error: unknown) {
      logger.warn(
        { area: 'payments', subscription_id: subscription.id, err: error },
        'subscription reconciliation failed; the next run tries again',
      );
    }
  }
  return read;
}

/**
 * Ends a subscription for good (its first payment is being refunded): cancelled at the provider,
 * then 'expired' here. Throws when the provider cannot be reached, before anything changed.
 */
export async function endSubscriptionOf(
  db: Db,
  billing: Payments,
  subscriptionId: string,
): Promise<void> {
  const subscription = await findBillingSubscriptionById(db, { id: subscriptionId });
  if (!subscription || subscription.status === 'expired') return;
  try {
    await billing.cancelSubscription(subscription.providerSubscriptionId, 'Refunded');
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  await setBillingStatus(db, {
    id: subscription.id,
    from: ['pending', 'active', 'past_due', 'cancelled'],
    status: 'expired',
    nextRenewalAt: null,
    graceUntil: null,
  });
}
