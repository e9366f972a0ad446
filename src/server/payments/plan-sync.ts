import 'server-only';
import { createHash } from 'node:crypto';
import { brand } from '@/lib/site';
import type { Db } from '@/server/db/client';
import { billingCycles, UnbillablePlanError } from './billing-cycles';
import { orderDescription } from './catalog';
import type { BillingProvider } from './provider';
import { listActiveCatalogue, listProviderPlans, saveProviderPlan } from './queries/provider-plans';

/** The one catalogue product every billing plan belongs to at the provider. */
export const premiumProduct = {
  id: 'TURBOVPN-PREMIUM',
  name: `${brand.name} Premium`,
  description: `${brand.name} Premium: every premium feature in every app`,
};

export interface PlanSyncReport {
  created: string[];
  unchanged: string[];
  /** Provider plans replaced by a new one (they take no new subscriptions). */
  deactivated: string[];
  /** Catalogue rows the provider cannot bill as sold, with the reason. */
  skipped: { planId: string; reason: string }[];
}

/**
 * Makes the provider's billing plans equal to the catalogue: a plan for every active row whose
 * terms (first term, renewal, currency) have none yet, the replaced one deactivated. Idempotent,
 * and safe when several instances run it at once: a plan's creation carries an idempotency key
 * made of the row, its terms and the plan it replaces, so simultaneous runs get the same plan
 * from the provider and record the same row (plan-sync.test.ts runs 12 at once).
 */
export async function syncProviderPlans(
  db: Db,
  billing: BillingProvider & { readonly name: string },
): Promise<PlanSyncReport> {
  const report: PlanSyncReport = { created: [], unchanged: [], deactivated: [], skipped: [] };
  await billing.ensureProduct(premiumProduct);
  const known = new Map(
    (await listProviderPlans(db, { provider: billing.name })).map((row) => [row.planId, row]),
  );
  for (const plan of await listActiveCatalogue(db)) {
    let cycles: ReturnType<typeof billingCycles>;
    try {
      cycles = billingCycles(plan);
    } catch (error: unknown) {
      if (!(error instanceof UnbillablePlanError)) throw error;
      report.skipped.push({ planId: plan.id, reason: error.message });
      continue;
    }
    const terms = JSON.stringify({ product: premiumProduct.id, currency: plan.currency, cycles });
    const current = known.get(plan.id);
    if (current?.terms === terms) {
      report.unchanged.push(plan.id);
      continue;
    }
    // The row's creation time keeps another database (a reset, a second deployment on the same
    // PayPal account) from being answered with a plan this one never made, which may have been
    // deactivated since; the replaced plan's id keeps terms that come back from reusing it.
    const key = createHash('sha256')
      .update(`${terms}\n${plan.createdAt.toISOString()}\n${current?.providerPlanId ?? ''}`)
      .digest('hex')
      .slice(0, 32);
    const { providerPlanId } = await billing.createPlan({
      productId: premiumProduct.id,
      name: orderDescription(plan, 'plan'),
      currency: plan.currency,
      cycles,
      requestId: `plan-${plan.id}-${key}`,
    });
    await saveProviderPlan(db, {
      provider: billing.name,
      planId: plan.id,
      providerProductId: premiumProduct.id,
      providerPlanId,
      terms,
    });
    report.created.push(plan.id);
    if (current && current.providerPlanId !== providerPlanId) {
      await billing.deactivatePlan(current.providerPlanId);
      report.deactivated.push(current.providerPlanId);
    }
  }
  return report;
}
