// Which plan the pricing page opens with: the one the URL names (`?plan=`), else the
// recommended one, else the first.
import type { Plan } from './types';

type Selectable = Pick<Plan, 'id' | 'product_id' | 'is_recommend'>;

/**
 * The preselected plan: the plan whose id or product_id equals `query` (the `plan` query
 * value), else the first recommended plan, else the first plan; undefined for an empty list.
 */
export function selectPlan<T extends Selectable>(
  plans: readonly T[],
  query?: string | null,
): T | undefined {
  const wanted = query?.trim();
  const named = wanted
    ? plans.find((plan) => plan.id === wanted || plan.product_id === wanted)
    : undefined;
  return named ?? plans.find((plan) => plan.is_recommend) ?? plans[0];
}
