import 'server-only';
import { desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { plans, promotions } from '@/server/db/schema';
import { planPayload } from './catalog';

/**
 * The promotion `/promotion` shows: the one running now, else the latest that ended (so the
 * page can say the offer has ended). Active means starts_at <= now < ends_at.
 */
export async function currentPromotion(db: Db, now = new Date()) {
  const running = await db
    .select()
    .from(promotions)
    .innerJoin(plans, eq(plans.id, promotions.planId))
    .where(gt(promotions.endsAt, now))
    .orderBy(promotions.startsAt);
  const live = running.find((row) => row.promotions.startsAt <= now);
  const [latest] = live
    ? [live]
    : await db
        .select()
        .from(promotions)
        .innerJoin(plans, eq(plans.id, promotions.planId))
        .orderBy(desc(promotions.endsAt))
        .limit(1);
  if (!latest) return null;
  return {
    id: latest.promotions.id,
    active: Boolean(live),
    starts_at: latest.promotions.startsAt.toISOString(),
    ends_at: latest.promotions.endsAt.toISOString(),
    money_back_days: latest.promotions.moneyBackDays,
    plan: planPayload(latest.plans),
  };
}
