'use client';

import { useTranslations } from 'next-intl';
import type { PlanOption } from '@/lib/plans/plan-option';
import { Badge } from '../ui/badge';

/** One plan of the checkout's choice: a radio with its period, badges and prices. */
export function PlanRadio({
  option,
  checked,
  disabled,
  onSelect,
}: {
  option: PlanOption;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const t = useTranslations('Checkout');
  const id = `plan-${option.id}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-4 has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-700 has-[:focus-visible]:ring-offset-2"
    >
      <input
        id={id}
        type="radio"
        name="plan"
        value={option.id}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1 size-5 shrink-0 accent-accent-700"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{option.period}</span>
          {option.recommended ? <Badge tone="accent">{t('recommended')}</Badge> : null}
          {option.savingsPercent > 0 ? (
            <Badge tone="success">{t('save', { percent: option.savingsPercent })}</Badge>
          ) : null}
        </span>
        {option.bonus || option.trial ? (
          <span className="mt-1 block text-sm font-medium text-success-700">
            {[option.bonus, option.trial].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        <span className="mt-1 block text-sm text-slate-600">
          {t('planPrices', { monthly: option.monthly, money: option.money })}
        </span>
      </span>
    </label>
  );
}

/** The plan being paid for, while PayPal is open. */
export function PlanSummary({ plan }: { plan: PlanOption }) {
  const t = useTranslations('Checkout');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl bg-slate-100 px-4 py-3">
      <dt className="font-medium text-slate-700">{t('plan')}</dt>
      <dd className="text-end">{plan.period}</dd>
      <dt className="font-medium text-slate-700">{t('total')}</dt>
      <dd className="text-end font-bold">{plan.money}</dd>
    </dl>
  );
}
