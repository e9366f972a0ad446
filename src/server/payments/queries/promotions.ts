import 'server-only';
import { desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { plans, promotions } from '@/server/db/schema';

// Promotions (`/promotion`) and the plan each one offers. Global by design: no account's data.

export interface PromotionsEndingAfterParams {
  now: Date;
}

/** The promotions that end after `now` with their plans, earliest start first. */
export async function listPromotionsEndingAfter(db: Db, params: PromotionsEndingAfterParams) {
  return db
    .select()
    .from(promotions)
    .innerJoin(plans, eq(plans.id, promotions.planId))
    .where(gt(promotions.endsAt, params.now))
    .orderBy(promotions.startsAt);
}

/** The promotion that ends last, with its plan, or undefined when there is none. */
export async function findLatestPromotion(db: Db) {
  const [latest] = await db
    .select()
    .from(promotions)
    .innerJoin(plans, eq(plans.id, promotions.planId))
    .orderBy(desc(promotions.endsAt))
    .limit(1);
  return latest;
}
