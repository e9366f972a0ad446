import { type PlansTranslator, planName } from '@/lib/plans/name';
import { parseProductId } from '@/lib/plans/product-id';

/**
 * What a product gives, in words ("12 months +3 months free"), from its product id alone;
 * `fallback` (e.g. "Premium") when the id does not say.
 */
export function productLabel(t: PlansTranslator, productId: string, fallback: string): string {
  const parsed = parseProductId(productId);
  if (!parsed) return fallback;
  const name = planName(t, {
    originCount: parsed.origin.count,
    originUnit: parsed.origin.unit,
    addCount: parsed.bonus?.count,
    addUnit: parsed.bonus?.unit,
  });
  return name.bonus ? `${name.period} ${name.bonus}` : name.period;
}
