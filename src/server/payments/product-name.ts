import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import type { Locale } from '@/lib/locales';
import { planName } from '@/lib/plans/name';
import { parseProductId } from '@/lib/plans/product-id';
import type { IntervalUnit } from '@/lib/plans/types';
import type { Db } from '@/server/db/client';
import type { OrderRow } from '@/server/db/schema';
import { findPlanById } from './queries/plans';

/** What an order sold, in words ("12 months +3 months free"), from its product id. */
export async function productName(
  db: Db,
  order: Pick<OrderRow, 'planId' | 'productId'>,
  locale: Locale,
): Promise<string> {
  const parsed = parseProductId(order.productId);
  let origin = parsed?.origin;
  if (!origin) {
    // A product id outside the v2 format: the plan's own period says what was sold.
    const row = await findPlanById(db, { planId: order.planId });
    origin = {
      count: row?.intervalCount ?? 1,
      unit: (row?.intervalUnit ?? 'MONTH') as IntervalUnit,
    };
  }
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Plans' });
  const name = planName(t, {
    originCount: origin.count,
    originUnit: origin.unit,
    addCount: parsed?.bonus?.count,
    addUnit: parsed?.bonus?.unit,
  });
  return name.bonus ? `${name.period} ${name.bonus}` : name.period;
}
