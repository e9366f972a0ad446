'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { paymentApi, type SubscriptionInfo, type SubscriptionMy } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import { formatMoney } from '@/lib/plans/money';
import type { PlanOption } from '@/lib/plans/plan-option';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { productLabel } from './plan-label';

/** What the next renewal charges, in `locale`'s format; '' when nothing renews. */
export function renewalMoney(subscription: SubscriptionInfo, locale: string): string {
  const { renewal_price: amount, renewal_currency: currency } = subscription;
  if (!amount || !currency) return '';
  return formatMoney(amount, currency, locale) ?? `${amount} ${currency}`;
}

/** The names PayPal adds to the address it returns to, and ours. */
const returnParams = ['plan_change', 'plan', 'subscription_id', 'ba_token', 'token'];

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
  const recording = useRef(false);

  // Back from PayPal: drop its marks from the address and, once approved, record the change.
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('plan_change');
    const planId = url.searchParams.get('plan');
    if (!outcome || recording.current) return;
    recording.current = true;
    for (const name of returnParams) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url);
    if (outcome !== 'approved' || !planId) return;
    paymentApi
      .changePlan({ plan_id: planId, approved: true })
      .then((answer) => {
        onChange(answer);
        setDone(true);
      })
      .catch((failure: unknown) => setProblem(errorText(failure)));
  }, [onChange, errorText]);

  const renewsAs = subscription.pending_plan_id ?? subscription.renewal_plan_id;
  const choices = plans.filter((plan) => plan.id !== renewsAs);
  const next = subscription.next_renewal_at;
  if (!next || choices.length === 0) return null;

  const nameOf = (plan: PlanOption) => productLabel(tp, plan.productId, plan.period);
  const date = () => <DisplayDate value={next} className="whitespace-nowrap" />;
  const chosen = choices.find((plan) => plan.id === choice) ?? choices[0];
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
            plan: productLabel(tp, pending, t('premium')),
            price,
            date,
          })}
        </p>
      ) : done ? (
        <p className="mt-2 text-slate-700" role="status">
          {t('planChange.done')}
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
      <Dialog
        open={open}
        title={t('planChange.title')}
        onCancel={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
              {tc('cancel')}
            </Button>
            <Button busy={busy} onClick={() => void submit()}>
              {t('autoRenew.turnOnConfirm')}
            </Button>
          </>
        }
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
        <p role="alert" className={problem ? 'mt-3 font-medium text-error-700' : ''}>
          {problem}
        </p>
      </Dialog>
    </div>
  );
}
