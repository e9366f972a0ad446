import 'server-only';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { channelOrder } from '@/lib/plans/channel';
import { planName } from '@/lib/plans/name';
import { type PlanOption, toPlanOptions } from '@/lib/plans/plan-option';
import { parseProductId } from '@/lib/plans/product-id';
import { selectPlan } from '@/lib/plans/select';
import type { IntervalUnit, ServerPlans } from '@/lib/plans/types';
import { readAttribution } from '@/server/attribution';
import { getDb } from '@/server/db/client';
import { findPlan, listPlans, planPayload } from '@/server/payments/catalog';

/** One `searchParams` value as a single string (the first of repeated values). */
export function queryValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The plans of one request: as the pages show them, and as the browser's plans cache keeps them. */
export interface LoadedPlans {
  /** The plans that can be shown, ready for the page's locale. */
  options: PlanOption[];
  /** What GET providers/plans answers this request (all the catalogue's plans). */
  source: ServerPlans;
}

/**
 * The plans offered to this request, ready to show in `locale`: the catalogue of the `channel`
 * query value, else of the channel cookie, else of X-From, else the default one (the same
 * choice as GET providers/plans). Plans whose prices cannot be shown are left out of
 * `options`; `source` keeps the API's list and the X-From it was chosen with, for the
 * checkout island to seed the browser's plans cache (src/components/pricing/island-plans.ts).
 */
export async function loadPlans(
  locale: Locale,
  channelQuery: string | undefined,
): Promise<LoadedPlans> {
  const [headerList, t] = await Promise.all([
    headers(),
    getTranslations({ locale, namespace: 'Plans' }),
  ]);
  const from = headerList.get('x-from');
  const channels = channelOrder({
    query: channelQuery,
    cookie: readAttribution(headerList.get('cookie')).channel,
    from,
  });
  const plans = (await listPlans(getDb().db, channels)).map(planPayload);
  return {
    options: toPlanOptions(plans, locale, t),
    source: from ? { plans, from } : { plans },
  };
}

/** The plans offered to this request, ready to show in `locale` (loadPlans' `options`). */
export async function loadPlanOptions(
  locale: Locale,
  channelQuery: string | undefined,
): Promise<PlanOption[]> {
  return (await loadPlans(locale, channelQuery)).options;
}

/** The preselected plan's id (`plan` query, else the recommended one, else the first). */
export function preselectedId(
  options: PlanOption[],
  query: string | undefined,
): string | undefined {
  const selectable = options.map((option) => ({
    id: option.id,
    product_id: option.productId,
    is_recommend: option.recommended,
  }));
  return selectPlan(selectable, query)?.id;
}

/**
 * The name of what an order bought ("24 months", "+3 months free"), from its product id, else
 * from its plan's own period; the bare product id when neither is known.
 */
export async function orderPlanName(
  locale: Locale,
  order: { plan_id: string; product_id: string },
): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Plans' });
  const parsed = parseProductId(order.product_id);
  const row = parsed ? undefined : await findPlan(getDb().db, order.plan_id);
  if (!parsed && !row) return order.product_id;
  const name = planName(t, {
    originCount: parsed?.origin.count ?? row?.intervalCount ?? 0,
    originUnit: parsed?.origin.unit ?? (row?.intervalUnit as IntervalUnit),
    addCount: parsed?.bonus?.count,
    addUnit: parsed?.bonus?.unit,
    tryCount: parsed?.trial?.count,
    tryUnit: parsed?.trial?.unit,
  });
  return [name.period, name.bonus, name.trial].filter(Boolean).join(' · ');
}
