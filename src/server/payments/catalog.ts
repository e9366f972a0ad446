import 'server-only';
import { parseProductId } from '@/lib/plans/product-id';
import { renewalTerms } from '@/lib/plans/renewal';
import type { IntervalUnit, Plan } from '@/lib/plans/types';
import { brand } from '@/lib/site';
import type { Db } from '@/server/db/client';
import type { PlanRow } from '@/server/db/schema';
import { findActivePlan, listActivePlans } from './queries/plans';

/** A catalogue row as the API sends it (the spec's fields plus price and currency). */
export function planPayload(row: PlanRow): Plan {
  const renewal = renewalTerms({ ...row, intervalUnit: row.intervalUnit as IntervalUnit });
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
    renewal_price: renewal.price,
    renewal_interval_count: renewal.period.count,
    renewal_interval_unit: renewal.period.unit,
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

/**
 * What the buyer sees at the provider for a purchase of `plan` ('Turbo VPN Premium, 24 months'),
 * or for a gift card of it; also the name of the plan's billing plan there.
 */
export function orderDescription(plan: PlanRow, kind: 'plan' | 'gift'): string {
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
