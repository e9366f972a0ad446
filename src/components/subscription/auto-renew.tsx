'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { paymentApi, type SubscriptionInfo, type SubscriptionMy } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import type { PlanOption } from '@/lib/plans/plan-option';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PlanChange, renewalMoney } from './plan-change';
import { useProviderReturn } from './use-provider-return';

/**
 * The plan's auto-renewal on the account page: when it renews and for how much, or that it ends
 * on its date; a failed renewal said plainly; and the turn-off button, one click and one
 * confirmation (no retention offers), after which the answer shows the new state. While it is
 * off and the plan still runs, it can be turned back on: the new subscription starts at the end
 * of the paid time and is approved at PayPal, which sends the subscriber back here
 * (`?auto_renew=approved`), where it is confirmed.
 */
export function AutoRenew({
  subscription,
  plans,
  onChange,
}: {
  subscription: SubscriptionInfo;
  /** The plans it can renew as instead (PlanChange). */
  plans: PlanOption[];
  onChange: (data: SubscriptionMy) => void;
}) {
  const t = useTranslations('Subscription');
  const tc = useTranslations('Dialogs');
  const locale = useLocale();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState(false);
  const [askingOn, setAskingOn] = useState(false);

  const until = <DisplayDate value={subscription.premium_until} className="whitespace-nowrap" />;
  const price = renewalMoney(subscription, locale);

  async function turnOff() {
    setBusy(true);
    setProblem('');
    try {
      onChange(await paymentApi.setAutoRenew(false));
      setAsking(false);
      setDone(true);
    } catch (failure: unknown) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function turnOn() {
    setBusy(true);
    setProblem('');
    try {
      const answer = await paymentApi.setAutoRenew(true, locale);
      if (answer.approve_url) {
        window.location.assign(answer.approve_url);
        return;
      }
      onChange(answer);
      setAskingOn(false);
      setDone(true);
    } catch (failure: unknown) {
      setProblem(errorText(failure));
    }
    setBusy(false);
  }

  // Back from PayPal: once approved, confirm it (once).
  useProviderReturn('auto_renew', [], (outcome) => {
    if (outcome !== 'approved') return;
    paymentApi
      .setAutoRenew(true, locale)
      .then((answer) => {
        if (!answer.approve_url) {
          onChange(answer);
          setDone(true);
        }
      })
      .catch((failure: unknown) => setProblem(errorText(failure)));
  });

  const canTurnOn = !subscription.auto_renew && subscription.status === 'cancelled' && price;

  if (subscription.status === 'expired') return null;
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4" data-auto-renew={subscription.auto_renew}>
      <h3 className="font-semibold">{t('autoRenew.title')}</h3>
      {subscription.status === 'past_due' ? (
        <p className="mt-2 font-medium text-warning-700" role="status">
          {t.rich('autoRenew.pastDue', {
            date: () =>
              subscription.grace_until ? (
                <DisplayDate value={subscription.grace_until} className="whitespace-nowrap" />
              ) : (
                until
              ),
          })}
        </p>
      ) : null}
      {subscription.auto_renew && subscription.next_renewal_at ? (
        <p className="mt-2 text-slate-700">
          {t.rich('autoRenew.on', {
            price,
            date: () => (
              <DisplayDate
                value={subscription.next_renewal_at ?? ''}
                className="whitespace-nowrap"
              />
            ),
          })}
        </p>
      ) : (
        <p className="mt-2 text-slate-700" role={done ? 'status' : undefined}>
          {t.rich('autoRenew.off', { date: () => until })}
        </p>
      )}
      {subscription.auto_renew ? (
        <>
          <PlanChange subscription={subscription} plans={plans} onChange={onChange} />
          <Button variant="secondary" className="mt-3" onClick={() => setAsking(true)}>
            {t('autoRenew.turnOff')}
          </Button>
        </>
      ) : canTurnOn ? (
        <Button variant="secondary" className="mt-3" onClick={() => setAskingOn(true)}>
          {t('autoRenew.turnOn')}
        </Button>
      ) : null}
      {!asking && !askingOn && problem ? (
        <p role="alert" className="mt-3 font-medium text-error-700">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={askingOn}
        title={t('autoRenew.turnOnTitle')}
        keep={tc('cancel')}
        confirm={t('autoRenew.turnOnConfirm')}
        busy={busy}
        problem={problem}
        onCancel={() => setAskingOn(false)}
        onConfirm={() => void turnOn()}
      >
        <p>{t.rich('autoRenew.turnOnText', { price, date: () => until })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking}
        title={t('autoRenew.confirmTitle')}
        keep={t('autoRenew.keep')}
        confirm={t('autoRenew.confirm')}
        busy={busy}
        problem={problem}
        onCancel={() => setAsking(false)}
        onConfirm={() => void turnOff()}
      >
        <p>{t.rich('autoRenew.confirmText', { date: () => until })}</p>
      </ConfirmDialog>
    </div>
  );
}
