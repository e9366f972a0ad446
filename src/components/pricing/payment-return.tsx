'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { analyticsEvents, track } from '@/client/analytics';
import { announce, type CheckoutChannel, openCheckoutChannel } from '@/client/checkout-channel';
import { paymentApi, problemOf } from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import { isLocale, type Locale, localizePath } from '@/lib/locales';
import { ClaimAccountForm } from '../account/claim-account-form';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { setPaymentSuccess, setSetPassword } from './payment-store';
import { useProblemText } from './problem-text';
import { StatusRegion, type StatusTone } from './status-region';
import { restoreWindowsToken } from './win-token';

/** site: /paystatus and /paystatus/{platform}; windows: /win-pay-result of the Windows app. */
export type ReturnVariant = 'site' | 'windows';

type View =
  | { kind: 'checking' }
  | { kind: 'noOrder' }
  | { kind: 'cancelled' }
  | { kind: 'confirming' }
  | { kind: 'timeout' }
  | { kind: 'redirecting' }
  | { kind: 'handedOver' }
  | { kind: 'paid'; order: string; premiumUntil: string | null; elsewhere: boolean }
  | { kind: 'claim'; order: string; email: string }
  | { kind: 'failed'; text: string; retry: boolean };

const orderShape = /^[0-9a-f-]{36}$/i;

/**
 * The provider's return page: completes (or cancels) the order named by `?order=`, tells the
 * checkout tab that is waiting for it, and says what happened. A paid order of the site goes on
 * to /paySuc unless the checkout tab took it over; the Windows app's result page ends here.
 */
export function PaymentReturn({ variant }: { variant: ReturnVariant }) {
  const t = useTranslations('PayStatus');
  const tc = useTranslations('Checkout');
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [focusKey, setFocusKey] = useState(0);
  const [order, setOrder] = useState<string | null>(null);
  const run = useRef<(retry: boolean) => Promise<void>>(async () => {});

  function show(next: View) {
    setView(next);
    setFocusKey((key) => key + 1);
  }

  const problemText = useProblemText();

  // Runs once per page: the order comes from the address, which this page does not change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, see above.
  useEffect(() => {
    const channel: CheckoutChannel = openCheckoutChannel();
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;

    /** claimEmail: paid for an account without a password this browser cannot sign in to. */
    async function paid(
      id: string,
      setPassword: boolean,
      premiumUntil: string | null,
      claimEmail = '',
    ) {
      setPaymentSuccess(id);
      const elsewhere = await announce(channel, {
        type: 'paid',
        order: id,
        setPassword,
        claimEmail,
      });
      if (!live()) return;
      // The checkout tab that took over records the purchase itself.
      if (!elsewhere) track(analyticsEvents.checkoutFinished, { order_id: id });
      if (variant === 'site' && !elsewhere && claimEmail) {
        show({ kind: 'claim', order: id, email: claimEmail });
        return;
      }
      if (variant === 'site' && !elsewhere) {
        setSetPassword(id, setPassword);
        show({ kind: 'redirecting' });
        window.location.assign(
          `${localizePath(locale, '/paySuc')}?order=${encodeURIComponent(id)}`,
        );
        return;
      }
      show({ kind: 'paid', order: id, premiumUntil, elsewhere });
    }

    async function settle(id: string) {
      try {
        const result = await paymentApi.capture(id);
        if (!live()) return;
        if (result.state === 'paid') {
          await paid(
            id,
            result.set_password,
            result.premium_until,
            result.verify_email ? result.email : '',
          );
          return;
        }
        if (result.state === 'cancelled') {
          show({ kind: 'cancelled' });
          return;
        }
        show({ kind: 'confirming' });
        const outcome = await paymentApi.pollOrder(id, { signal: controller.signal });
        if (outcome === 'aborted') return;
        if (outcome === 'paid') {
          // Captured again now that it went through: the answer also signs a new buyer in.
          const again = await paymentApi.capture(id).catch(() => null);
          await paid(
            id,
            again?.set_password ?? false,
            again?.premium_until ?? null,
            again?.verify_email ? again.email : '',
          );
        } else if (outcome === 'failed') {
          show({ kind: 'failed', text: tc('errors.paymentFailed'), retry: false });
        } else {
          show({ kind: 'timeout' });
        }
      } catch (error: unknown) {
        if (!live()) return;
        const problem = problemOf(error);
        // This tab cannot see the order (no session or app token here); the tab that started
        // the checkout can, so it completes the payment if it is still open.
        if (problem === 'orderNotFound' || problem === 'signInExpired') {
          if (await announce(channel, { type: 'returned', order: id })) {
            if (live()) show({ kind: 'handedOver' });
            return;
          }
        }
        if (live()) {
          show({ kind: 'failed', text: problemText(error), retry: problem === 'networkError' });
        }
      }
    }

    run.current = async (retry: boolean) => {
      const params = new URLSearchParams(window.location.search);
      // The Windows app's session, kept by its pay page in this tab (never from the address).
      if (variant === 'windows') restoreWindowsToken();
      const id = params.get('order');
      if (!id || !orderShape.test(id)) {
        show({ kind: 'noOrder' });
        return;
      }
      setOrder(id);
      if (retry) show({ kind: 'checking' });
      if (params.get('cancel') === '1') {
        try {
          await paymentApi.cancel(id);
        } catch {
          // Nothing was charged either way; the order simply stays unpaid.
        }
        await announce(channel, { type: 'cancelled', order: id }, 1000);
        if (live()) show({ kind: 'cancelled' });
        return;
      }
      await settle(id);
    };
    void run.current(false);
    return () => {
      controller.abort();
      channel.close();
    };
  }, []);

  const site = variant === 'site';
  const plansHref = site ? '/pricing' : '/win-pay';
  const checkoutHref = site ? '/pricing/checkout' : '/win-pay';
  let tone: StatusTone = 'info';
  let body: ReactNode;
  let actions: ReactNode = null;

  switch (view.kind) {
    case 'checking':
      body = <p>{t('checking')}</p>;
      break;
    case 'noOrder':
      tone = 'error';
      body = <p>{t('noOrder')}</p>;
      actions = <LinkButton href={plansHref}>{t('backToPlans')}</LinkButton>;
      break;
    case 'cancelled':
      body = (
        <>
          <h2 className="text-lg font-bold">{t('cancelledTitle')}</h2>
          <p className="mt-1">{site ? t('cancelled') : `${t('cancelled')} ${t('returnToApp')}`}</p>
        </>
      );
      actions = <LinkButton href={plansHref}>{t('backToPlans')}</LinkButton>;
      break;
    case 'confirming':
      body = <p>{t('confirming')}</p>;
      break;
    case 'timeout':
      body = <p>{t('timeout')}</p>;
      actions = site ? <LinkButton href="/myAccount">{t('myAccount')}</LinkButton> : null;
      break;
    case 'redirecting':
      tone = 'success';
      body = <p>{t('redirecting')}</p>;
      break;
    case 'handedOver':
      body = <p>{t('handedOver')}</p>;
      break;
    case 'paid':
      tone = 'success';
      body = (
        <>
          <h2 className="text-lg font-bold">{t('paidTitle')}</h2>
          {view.premiumUntil && !view.elsewhere ? (
            <p className="mt-1">
              {t('premiumUntil')}{' '}
              <DisplayDate value={view.premiumUntil} className="font-semibold" />
            </p>
          ) : null}
          <p className="mt-1">{view.elsewhere ? t('closeTab') : t('returnToApp')}</p>
        </>
      );
      actions =
        site && view.elsewhere ? (
          <LinkButton href={{ pathname: '/paySuc', query: { order: view.order } }}>
            {t('continue')}
          </LinkButton>
        ) : null;
      break;
    case 'claim':
      tone = 'success';
      body = <h2 className="text-lg font-bold">{t('paidTitle')}</h2>;
      actions = (
        <ClaimAccountForm
          email={view.email}
          next={`${localizePath(locale, '/paySuc')}?order=${encodeURIComponent(view.order)}`}
        />
      );
      break;
    case 'failed':
      tone = 'error';
      body = (
        <>
          <h2 className="text-lg font-bold">{t('failedTitle')}</h2>
          <p className="mt-1">{view.text}</p>
        </>
      );
      actions = (
        <>
          {view.retry ? (
            <Button onClick={() => void run.current(true)}>{t('tryAgain')}</Button>
          ) : null}
          <LinkButton href={checkoutHref} variant={view.retry ? 'secondary' : 'primary'}>
            {t('backToCheckout')}
          </LinkButton>
        </>
      );
      break;
  }

  return (
    <div className="flex flex-col gap-5" data-order={order ?? undefined}>
      <StatusRegion focusKey={focusKey} tone={tone}>
        {body}
      </StatusRegion>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
