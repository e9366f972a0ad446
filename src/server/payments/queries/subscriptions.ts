import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type SubscriptionRow, subscriptions } from '@/server/db/schema';
import type { Grant } from '../grant';

// An account's premium time (one row per account), extended by paid plans and redeemed gift
// cards and shortened by refunds. Every query filters by the account.

function interval(grant: Grant) {
  return sql`make_interval(months => ${grant.months}::int, days => ${grant.days}::int)`;
}

export interface SubscriptionParams {
  userId: string;
}

/** The account's premium time, or undefined when it never had any. */
export async function findSubscription(
  db: Db,
  params: SubscriptionParams,
): Promise<SubscriptionRow | undefined> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, params.userId));
  return subscription;
}

/**
 * The account's premium end, locking its row until the transaction ends (the period a payment
 * buys starts there, and no other payment may move it meanwhile). Undefined: never premium.
 */
export async function lockPremiumUntil(
  db: Db,
  params: SubscriptionParams,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ premiumUntil: subscriptions.premiumUntil })
    .from(subscriptions)
    .where(eq(subscriptions.userId, params.userId))
    .for('update');
  return row?.premiumUntil;
}

export interface LivePlanParams {
  userId: string;
  planId: string;
  now: Date;
}

/** The account's premium time when it is of this plan and runs past `now`, else undefined. */
export async function findLiveSubscriptionOfPlan(db: Db, params: LivePlanParams) {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, params.userId),
        eq(subscriptions.planId, params.planId),
        gt(subscriptions.premiumUntil, params.now),
      ),
    );
  return row;
}

export interface ExtendPremiumParams {
  userId: string;
  planId: string;
  productId: string;
  grant: Grant;
}

/** The account's premium time after adding `grant`, from its end when still ahead, else now. */
export async function extendPremium(
  db: Db,
  params: ExtendPremiumParams,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: params.userId,
      planId: params.planId,
      productId: params.productId,
      source: 'website',
      premiumUntil: sql`now() + ${interval(params.grant)}`,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        planId: params.planId,
        productId: params.productId,
        source: 'website',
        premiumUntil: sql`greatest(${subscriptions.premiumUntil}, now()) + ${interval(params.grant)}`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row;
}

export interface ShortenPremiumParams {
  userId: string;
  grant: Grant;
}

/** Takes refunded time back from the account, never ending its premium before now. */
export async function shortenPremium(db: Db, params: ShortenPremiumParams): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      premiumUntil: sql`greatest(now(), ${subscriptions.premiumUntil} - ${interval(params.grant)})`,
    })
    .where(eq(subscriptions.userId, params.userId));
}

export interface PremiumUntilParams {
  userId: string;
  until: Date;
}

/** Keeps the account's premium running at least until `until` (a failed renewal's grace). */
export async function extendPremiumTo(db: Db, params: PremiumUntilParams): Promise<void> {
  await db
    .update(subscriptions)
    .set({ premiumUntil: sql`greatest(${subscriptions.premiumUntil}, ${params.until})` })
    .where(eq(subscriptions.userId, params.userId));
}

/** Ends the account's premium no later than `until` (a grace ended by the late payment). */
export async function capPremium(db: Db, params: PremiumUntilParams): Promise<void> {
  await db
    .update(subscriptions)
    .set({ premiumUntil: sql`least(${subscriptions.premiumUntil}, ${params.until})` })
    .where(eq(subscriptions.userId, params.userId));
}
