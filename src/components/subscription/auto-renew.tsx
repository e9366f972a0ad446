'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { paymentApi, type SubscriptionInfo, type SubscriptionMy } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import type { PlanOption } from '@/lib/plans/plan-option';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { PlanChange, renewalMoney } from './plan-change';

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
  const confirming = useRef(false);

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

  // Back from PayPal: drop its marks from the address and, once approved, confirm it (once).
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('auto_renew');
    if (!outcome || confirming.current) return;
    confirming.current = true;
    // PayPal adds its own references to the address it returns to.
    for (const name of ['auto_renew', 'subscription_id', 'ba_token', 'token']) {
      url.searchParams.delete(name);
    }
    window.history.replaceState(window.history.state, '', url);
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
  }, [locale, onChange, errorText]);

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
      <Dialog
        open={askingOn}
        title={t('autoRenew.turnOnTitle')}
        onCancel={() => setAskingOn(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAskingOn(false)} autoFocus>
              {tc('cancel')}
            </Button>
            <Button busy={busy} onClick={() => void turnOn()}>
              {t('autoRenew.turnOnConfirm')}
            </Button>
          </>
        }
      >
        <p>{t.rich('autoRenew.turnOnText', { price, date: () => until })}</p>
        <p role="alert" className={problem ? 'mt-3 font-medium text-error-700' : ''}>
          {problem}
        </p>
      </Dialog>
      <Dialog
        open={asking}
        title={t('autoRenew.confirmTitle')}
        onCancel={() => setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} autoFocus>
              {t('autoRenew.keep')}
            </Button>
            <Button busy={busy} onClick={() => void turnOff()}>
              {t('autoRenew.confirm')}
            </Button>
          </>
        }
      >
        <p>{t.rich('autoRenew.confirmText', { date: () => until })}</p>
        <p role="alert" className={problem ? 'mt-3 font-medium text-error-700' : ''}>
          {problem}
        </p>
      </Dialog>
    </div>
  );
}
