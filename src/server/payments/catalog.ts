import 'server-only';
import type { IntervalUnit, Plan } from '@/lib/plans/types';
import type { Db } from '@/server/db/client';
import type { PlanRow } from '@/server/db/schema';
import { findActivePlan, listActivePlans } from './queries/plans';

/** A catalogue row as the API sends it (the spec's fields plus price and currency). */
export function planPayload(row: PlanRow): Plan {
  return {
    id: row.id,
    product_id: row.productId,
    interval_count: row.intervalCount,
    interval_unit: row.intervalUnit as IntervalUnit,
    price: row.price,
    price_unit: row.priceUnit,
    currency: row.currency,
    discount_percent: row.discountPercent,
    is_recommend: row.isRecommend,
  };
}

const channelShape = /^[\w.-]{1,64}$/;

/**
 * The plans a visitor is offered: the first of `channels` (the `channel` query, the channel
 * cookie, the X-From header) that has a catalogue of its own, else the default one.
 */
export async function listPlans(db: Db, channels: (string | null | undefined)[] = []) {
  for (const channel of channels) {
    if (!channel || !channelShape.test(channel)) continue;
    const rows = await listActivePlans(db, { channel });
    if (rows.length > 0) return rows;
  }
  return listActivePlans(db, { channel: '' });
}

/** An active plan of any catalogue by its id. */
export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return findActivePlan(db, { planId: id });
}
