import 'server-only';
import type { Db } from '@/server/db/client';
import { planPayload } from './catalog';
import { findLatestPromotion, listPromotionsEndingAfter } from './queries/promotions';

/**
 * The promotion `/promotion` shows: the one running now, else the latest that ended (so the
 * page can say the offer has ended). Active means starts_at <= now < ends_at.
 */
export async function currentPromotion(db: Db, now = new Date()) {
  const running = await listPromotionsEndingAfter(db, { now });
  const live = running.find((row) => row.promotions.startsAt <= now);
  const latest = live ?? (await findLatestPromotion(db));
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
