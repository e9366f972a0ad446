import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type PlanRow, type ProviderPlanRow, plans, providerPlans } from '@/server/db/schema';

// The catalogue's billing plans at a payment provider. Global like the catalogue: no account's
// data is touched here.

/** Every catalogue row that can be sold (active, in any channel), in id order. */
export async function listActiveCatalogue(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(plans.id);
}

export interface ProviderParams {
  provider: string;
}

/** 'purchase': first term then renewals; 'renewal': renewals only (auto-renewal turned on). */
export type ProviderPlanKind = 'purchase' | 'renewal';

/** The provider's purchase plans made for the catalogue so far. */
export async function listProviderPlans(
  db: Db,
  params: ProviderParams,
): Promise<ProviderPlanRow[]> {
  return db
    .select()
    .from(providerPlans)
    .where(and(eq(providerPlans.provider, params.provider), eq(providerPlans.kind, 'purchase')));
}

export interface FindProviderPlanParams extends ProviderParams {
  planId: string;
  kind: ProviderPlanKind;
}

/** The provider's billing plan of a kind for one catalogue row, if one was made. */
export async function findProviderPlan(
  db: Db,
  params: FindProviderPlanParams,
): Promise<ProviderPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(providerPlans)
    .where(
      and(
        eq(providerPlans.provider, params.provider),
        eq(providerPlans.planId, params.planId),
        eq(providerPlans.kind, params.kind),
      ),
    );
  return row;
}

export interface SaveProviderPlanParams extends FindProviderPlanParams {
  providerProductId: string;
  providerPlanId: string;
  terms: string;
}

/** Records the provider's plan for a catalogue row, replacing the one it had. */
export async function saveProviderPlan(db: Db, params: SaveProviderPlanParams): Promise<void> {
  const values = {
    providerProductId: params.providerProductId,
    providerPlanId: params.providerPlanId,
    terms: params.terms,
    syncedAt: new Date(),
  };
  await db
    .insert(providerPlans)
    .values({ provider: params.provider, planId: params.planId, kind: params.kind, ...values })
    .onConflictDoUpdate({
      target: [providerPlans.provider, providerPlans.planId, providerPlans.kind],
      set: values,
    });
}

export interface PlanOfProviderPlanParams extends ProviderParams {
  providerPlanId: string;
}

/** The catalogue row a provider's billing plan (of either kind) was made for, if it is ours. */
export async function findPlanOfProviderPlan(
  db: Db,
  params: PlanOfProviderPlanParams,
): Promise<string | undefined> {
  const [row] = await db
    .select({ planId: providerPlans.planId })
    .from(providerPlans)
    .where(
      and(
        eq(providerPlans.provider, params.provider),
        eq(providerPlans.providerPlanId, params.providerPlanId),
      ),
    );
  return row?.planId;
}
