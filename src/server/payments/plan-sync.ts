import 'server-only';
import { createHash } from 'node:crypto';
import { brand } from '@/lib/site';
import type { Db } from '@/server/db/client';
import type { PlanRow, ProviderPlanRow } from '@/server/db/schema';
import { billingCycles, UnbillablePlanError } from './billing-cycles';
import { orderDescription } from './catalog';
import type { BillingProvider } from './provider';
import {
  findProviderPlan,
  listActiveCatalogue,
  listProviderPlans,
  type ProviderPlanKind,
  saveProviderPlan,
} from './queries/provider-plans';

/** The one catalogue product every billing plan belongs to at the provider. */
export const premiumProduct = {
  id: 'TURBOVPN-PREMIUM',
  name: `${brand.name} Premium`,
  description: `${brand.name} Premium: every premium feature in every app`,
};

type Billing = BillingProvider & { readonly name: string };

export interface PlanSyncReport {
  created: string[];
  unchanged: string[];
  /** Provider plans replaced by a new one (they take no new subscriptions). */
  deactivated: string[];
  /** Catalogue rows the provider cannot bill as sold, with the reason. */
  skipped: { planId: string; reason: string }[];
}

/**
 * What the provider's plan of `kind` for `plan` must charge, as stored with it (throws if
 * unbillable): a purchase plan its first term and renewals, a renewal plan the renewals alone.
 */
function termsOf(plan: PlanRow, kind: ProviderPlanKind) {
  const all = billingCycles(plan);
  const cycles = kind === 'renewal' ? all.filter((cycle) => cycle.kind === 'regular') : all;
  const described = { product: premiumProduct.id, currency: plan.currency, cycles };
  return {
    cycles,
    // A purchase plan's terms read as they did before renewal plans existed.
    terms: JSON.stringify(kind === 'renewal' ? { ...described, kind } : described),
  };
}

/**
 * Makes the provider's plan for one catalogue row unless the one it has charges its terms;
 * answers the provider plan's id and what happened. A plan's creation carries an idempotency
 * key made of the row, its terms and the plan it replaces, so simultaneous runs (a fleet
 * starting, a checkout racing the sync) get the same plan from the provider and record the same
 * row.
 */
async function syncPlan(
  db: Db,
  billing: Billing,
  plan: PlanRow,
  current: ProviderPlanRow | undefined,
  kind: ProviderPlanKind = 'purchase',
): Promise<{ providerPlanId: string; created: boolean; deactivated?: string }> {
  const { cycles, terms } = termsOf(plan, kind);
  if (current?.terms === terms) return { providerPlanId: current.providerPlanId, created: false };
  // The row's creation time keeps another database (a reset, a second deployment on the same
  // PayPal account) from being answered with a plan this one never made, which may have been
  // deactivated since; the replaced plan's id keeps terms that come back from reusing it.
  const key = createHash('sha256')
    .update(`${terms}\n${plan.createdAt.toISOString()}\n${current?.providerPlanId ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  const { providerPlanId } = await billing.createPlan({
    productId: premiumProduct.id,
    name: `${orderDescription(plan, 'plan')}${kind === 'renewal' ? ' (renewal)' : ''}`,
    currency: plan.currency,
    cycles,
    requestId: `plan-${plan.id}-${key}`,
  });
  await saveProviderPlan(db, {
    provider: billing.name,
    planId: plan.id,
    kind,
    providerProductId: premiumProduct.id,
    providerPlanId,
    terms,
  });
  if (!current || current.providerPlanId === providerPlanId)
    return { providerPlanId, created: true };
  await billing.deactivatePlan(current.providerPlanId);
  return { providerPlanId, created: true, deactivated: current.providerPlanId };
}

/**
 * Makes the provider's billing plans equal to the catalogue: a plan for every active row whose
 * terms (first term, renewal, currency) have none yet, the replaced one deactivated. Idempotent,
 * and safe when several instances run it at once (plan-sync.test.ts runs 12 at once).
 */
export async function syncProviderPlans(db: Db, billing: Billing): Promise<PlanSyncReport> {
  const report: PlanSyncReport = { created: [], unchanged: [], deactivated: [], skipped: [] };
  await billing.ensureProduct(premiumProduct);
  const known = new Map(
    (await listProviderPlans(db, { provider: billing.name })).map((row) => [row.planId, row]),
  );
  for (const plan of await listActiveCatalogue(db)) {
    let result: Awaited<ReturnType<typeof syncPlan>>;
    try {
      result = await syncPlan(db, billing, plan, known.get(plan.id));
    } catch (error: unknown) {
      if (!(error instanceof UnbillablePlanError)) throw error;
      report.skipped.push({ planId: plan.id, reason: error.message });
      continue;
    }
    (result.created ? report.created : report.unchanged).push(plan.id);
    if (result.deactivated) report.deactivated.push(result.deactivated);
  }
  return report;
}

/**
 * The provider plan a checkout of `plan` (or, `kind` 'renewal', a subscription turned back on)
 * subscribes to, charging exactly the terms the buyer was shown: made now when the sync has not
 * caught up with the catalogue yet, or, for renewals alone, on first use.
 */
export async function providerPlanFor(
  db: Db,
  billing: Billing,
  plan: PlanRow,
  kind: ProviderPlanKind = 'purchase',
): Promise<string> {
  const current = await findProviderPlan(db, { provider: billing.name, planId: plan.id, kind });
  if (!current || current.terms !== termsOf(plan, kind).terms) {
    await billing.ensureProduct(premiumProduct);
  }
  return (await syncPlan(db, billing, plan, current, kind)).providerPlanId;
}
