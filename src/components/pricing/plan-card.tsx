import { Check } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import type { PlanOption } from '@/lib/plans/plan-option';
import { Badge } from '../ui/badge';
import { LinkButton } from '../ui/link-button';
import { priceSizeClass } from './price-size';

/**
 * One plan on /pricing: the monthly price in large type, the total, the savings, the bonus and
 * trial periods, and a plain link to its checkout. The preselected plan (`?plan=`, else the
 * recommended one) is highlighted; the recommended one also wears a badge.
 */
export async function PlanCard({
  locale,
  plan,
  selected,
}: {
  locale: Locale;
  plan: PlanOption;
  selected: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'Pricing' });
  const headingId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={headingId}
      data-plan={plan.id}
      data-selected={selected || undefined}
      className={`@container relative flex min-w-0 flex-col rounded-(--radius-card) border-2 bg-white p-5 shadow-(--shadow-card) sm:p-6 ${
        selected ? 'border-accent-700' : 'border-slate-200'
      }`}
    >
      <div className="flex min-h-7 flex-wrap items-center gap-2">
        {plan.recommended ? <Badge tone="accent">{t('recommended')}</Badge> : null}
        {selected && !plan.recommended ? <Badge tone="accent">{t('selected')}</Badge> : null}
        {plan.savingsPercent > 0 ? (
          <Badge tone="success">{t('save', { percent: plan.savingsPercent })}</Badge>
        ) : null}
      </div>
      <h3 id={headingId} className="mt-3 text-xl font-bold">
        {plan.period}
      </h3>
      {/* Sized for the card's width and the price's length; anything still too wide (a large
          text setting) wraps inside the card rather than running out of it. */}
      <p className="mt-3 flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span
          className={`min-w-0 font-bold tracking-tight [overflow-wrap:anywhere] ${priceSizeClass(plan.monthly)}`}
          data-price="monthly"
        >
          {plan.monthly}
        </span>
        <span className="text-slate-600">{t('perMonth')}</span>
      </p>
      <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]" data-price="total">
        {t('total', { money: plan.money, period: plan.period })}
      </p>
      {plan.bonus || plan.trial ? (
        <ul className="mt-4 flex flex-col gap-1.5 text-sm font-medium text-success-700">
          {[plan.bonus, plan.trial].filter(Boolean).map((extra) => (
            <li key={extra} className="flex items-center gap-2">
              <Check size={18} aria-hidden="true" />
              {extra}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-6">
        <LinkButton
          href={`/pricing/checkout/${plan.id}`}
          prefetch={false}
          variant={selected ? 'primary' : 'secondary'}
          className="w-full"
        >
          {t('get', { period: plan.period })}
        </LinkButton>
      </div>
    </li>
  );
}
