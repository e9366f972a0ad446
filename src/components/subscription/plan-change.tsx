'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { paymentApi, type SubscriptionInfo, type SubscriptionMy } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import { formatMoney } from '@/lib/plans/money';
import type { PlanOption } from '@/lib/plans/plan-option';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { productLabel } from './plan-label';
import { useProviderReturn } from './use-provider-return';

/** What the next renewal charges, in `locale`'s format; '' when nothing renews. */
export function renewalMoney(subscription: SubscriptionInfo, locale: string): string {
  const { renewal_price: amount, renewal_currency: currency } = subscription;
  if (!amount || !currency) return '';
  return formatMoney(amount, currency, locale) ?? `${amount} ${currency}`;
}

/**
 * The plans a renewing plan can change to, as renewals: per renewal period the cheapest plan
 * (another plan that renews for as long at a higher price is never worth choosing, so it is not
 * offered), without the one it renews as now.
 */
export function renewalChoices(plans: PlanOption[], subscription: SubscriptionInfo): PlanOption[] {
  const renewsAs = subscription.pending_plan_id ?? subscription.renewal_plan_id;
  const cheapest = new Map<string, PlanOption>();
  for (const plan of plans) {
    const known = cheapest.get(plan.renewalPeriod);
    const better =
      !known ||
      plan.renewalAmount < known.renewalAmount ||
      (plan.renewalAmount === known.renewalAmount && plan.id === renewsAs);
    if (better) cheapest.set(plan.renewalPeriod, plan);
  }
  return [...cheapest.values()].filter((plan) => plan.id !== renewsAs);
}

/**
 * A renewing plan's change to another one from the next renewal: the change already approved,
 * if any, and the Change plan button, whose dialog lists the plans with their renewal prices and
 * states the terms before the subscriber leaves to approve it at PayPal (nothing is charged
 * before the renewal). PayPal sends them back here (`?plan_change=approved&plan=…`), where the
 * change is recorded and shown. Choosing the current plan while a change is pending undoes it.
 */
export function PlanChange({
  subscription,
  plans,
  onChange,
}: {
  subscription: SubscriptionInfo;
  plans: PlanOption[];
  onChange: (data: SubscriptionMy) => void;
}) {
  const t = useTranslations('Subscription');
  const tp = useTranslations('Plans');
  const tc = useTranslations('Dialogs');
  const locale = useLocale();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState(false);

  // Back from PayPal: once approved, record the change.
  useProviderReturn('plan_change', ['plan'], (outcome, query) => {
    const planId = query.get('plan');
    if (outcome !== 'approved' || !planId) return;
    paymentApi
      .changePlan({ plan_id: planId, approved: true })
      .then((answer) => {
        onChange(answer);
        setDone(true);
      })
      .catch((failure: unknown) => setProblem(errorText(failure)));
  });

  const choices = renewalChoices(plans, subscription);
  const next = subscription.next_renewal_at;
  if (!next || choices.length === 0) return null;

  // A plan as it renews ('12 months'): a first term's bonus does not come with a renewal.
  const nameOf = (plan: PlanOption) => plan.renewalPeriod;
  const date = () => <DisplayDate value={next} className="whitespace-nowrap" />;
  const chosen = choices.find((plan) => plan.id === choice) ?? choices[0];
  const pendingPlan = plans.find((plan) => plan.id === subscription.pending_plan_id);
  const pending = subscription.pending_product_id;
  // Once a change is approved, the next renewal's price is the new plan's.
  const price = renewalMoney(subscription, locale);

  async function submit() {
    if (!chosen) return;
    setBusy(true);
    setProblem('');
    try {
      const answer = await paymentApi.changePlan({ plan_id: chosen.id, language: locale });
      if (answer.approve_url) {
        window.location.assign(answer.approve_url);
        return;
      }
      onChange(answer);
      setOpen(false);
    } catch (failure: unknown) {
      setProblem(errorText(failure));
    }
    setBusy(false);
  }

  return (
    <div data-plan-change>
      {pending ? (
        <p className="mt-2 text-slate-700" role={done ? 'status' : undefined}>
          {t.rich('autoRenew.pendingChange', {
            plan: pendingPlan ? nameOf(pendingPlan) : productLabel(tp, pending, t('premium')),
            price,
            date,
          })}
        </p>
      ) : done ? (
        // Back from undoing a change: the plan renews as it did.
        <p className="mt-2 text-slate-700" role="status">
          {t('planChange.kept')}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => {
          setChoice(choices[0]?.id ?? null);
          setProblem('');
          setOpen(true);
        }}
      >
        {t('change')}
      </Button>
      {!open && problem ? (
        <p role="alert" className="mt-3 font-medium text-error-700">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        title={t('planChange.title')}
        keep={tc('cancel')}
        confirm={t('autoRenew.turnOnConfirm')}
        busy={busy}
        problem={problem}
        onCancel={() => setOpen(false)}
        onConfirm={() => void submit()}
      >
        <p>{t.rich('planChange.intro', { date })}</p>
        <fieldset className="mt-4">
          <legend className="font-semibold">{t('planChange.legend')}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {choices.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 bg-white px-4 py-3 has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-700"
              >
                <input
                  type="radio"
                  name="renewal-plan"
                  value={plan.id}
                  checked={plan.id === chosen?.id}
                  onChange={() => setChoice(plan.id)}
                  className="size-5 shrink-0 accent-accent-700"
                />
                <span>
                  {t('planChange.option', { plan: nameOf(plan), price: plan.renewalMoney })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {chosen ? (
          <p className="mt-4" data-plan-change-terms>
            {chosen.id === subscription.renewal_plan_id
              ? t('planChange.keepText', { plan: nameOf(chosen), price: chosen.renewalMoney })
              : t.rich('planChange.text', {
                  plan: nameOf(chosen),
                  price: chosen.renewalMoney,
                  date,
                })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
