'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { paymentApi, type SubscriptionInfo, type SubscriptionMy } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import { formatMoney } from '@/lib/plans/money';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/**
 * The plan's auto-renewal on the account page: when it renews and for how much, or that it ends
 * on its date; a failed renewal said plainly; and the turn-off button, one click and one
 * confirmation (no retention offers), after which the answer shows the new state.
 */
export function AutoRenew({
  subscription,
  onChange,
}: {
  subscription: SubscriptionInfo;
  onChange: (data: SubscriptionMy) => void;
}) {
  const t = useTranslations('Subscription');
  const locale = useLocale();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState(false);

  const until = <DisplayDate value={subscription.premium_until} className="whitespace-nowrap" />;
  const price =
    subscription.renewal_price && subscription.renewal_currency
      ? (formatMoney(subscription.renewal_price, subscription.renewal_currency, locale) ??
        `${subscription.renewal_price} ${subscription.renewal_currency}`)
      : '';

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
        <Button variant="secondary" className="mt-3" onClick={() => setAsking(true)}>
          {t('autoRenew.turnOff')}
        </Button>
      ) : null}
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
