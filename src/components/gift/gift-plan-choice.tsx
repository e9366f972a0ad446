'use client';

import { useLocale, useTranslations } from 'next-intl';
import { planName } from '@/lib/plans/name';
import { derivePlan } from '@/lib/plans/product-id';
import type { Plan } from '@/lib/plans/types';
import { Badge } from '../ui/badge';

/** The gift card's plan: one radio per plan with its period, bonus, saving and prices. */
export function GiftPlanChoice({
  plans,
  planId,
  error,
  onChoose,
}: {
  plans: Plan[];
  /** The plan chosen. */
  planId: string;
  /** Why the choice is refused (no plan chosen). */
  error: string | undefined;
  onChoose: (planId: string) => void;
}) {
  const t = useTranslations('GiftCard');
  const tp = useTranslations('Plans');
  const locale = useLocale();
  return (
    <fieldset aria-describedby={error ? 'gift-plan-error' : undefined}>
      <legend className="font-medium">{t('planLegend')}</legend>
      <div className="mt-2 grid gap-2">
        {plans.map((plan) => {
          const view = derivePlan(plan, locale);
          const name = planName(tp, view);
          return (
            <label
              key={plan.id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-accent-700 has-checked:bg-accent-50"
            >
              <input
                type="radio"
                name="gift-plan"
                value={plan.id}
                checked={planId === plan.id}
                onChange={() => onChoose(plan.id)}
                className="mt-1 size-5 shrink-0 accent-accent-700"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold">{name.period}</span>
                  {name.bonus ? <span className="text-sm">{name.bonus}</span> : null}
                  {view.savingsPercent > 0 ? (
                    <Badge tone="success">{t('save', { percent: view.savingsPercent })}</Badge>
                  ) : null}
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  {view.money}
                  {view.monthly && !(view.originUnit === 'MONTH' && view.originCount === 1)
                    ? ` · ${t('perMonth', { price: view.monthly })}`
                    : null}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="gift-plan-error" role="alert" className="mt-1 text-sm font-medium text-error-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
