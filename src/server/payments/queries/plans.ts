import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type PlanRow, plans } from '@/server/db/schema';

// The plan catalogue. Plans belong to no account: every query here is global by design.

export interface ListActivePlansParams {
  /** '' for the default catalogue, else a partner channel's own. */
  channel: string;
}

/** The active plans of one catalogue in display order (sort, then id); empty when it has none. */
export async function listActivePlans(db: Db, params: ListActivePlansParams): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.channel, params.channel), eq(plans.active, true)))
    .orderBy(asc(plans.sort), asc(plans.id));
}

export interface FindPlanParams {
  planId: string;
}

/** The plan with this id when it is active (in any catalogue), else undefined. */
export async function findActivePlan(db: Db, params: FindPlanParams): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, params.planId), eq(plans.active, true)));
  return row;
}

/** The plan with this id, active or retired (what an old order sold), else undefined. */
export async function findPlanById(db: Db, params: FindPlanParams): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, params.planId));
  return row;
}

/** The plan's own interval (count and unit), or undefined when there is no such plan. */
export async function findPlanInterval(db: Db, params: FindPlanParams) {
  const [row] = await db
    .select({ count: plans.intervalCount, unit: plans.intervalUnit })
    .from(plans)
    .where(eq(plans.id, params.planId));
  return row;
}
