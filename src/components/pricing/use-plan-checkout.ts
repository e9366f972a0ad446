import { useTranslations } from 'next-intl';
import { analyticsEvents, track } from '@/client/analytics';
import { problemOf } from '@/client/payments';
import { type Checkout, useCheckout } from '@/client/use-checkout';
import { type Locale, localizePath } from '@/lib/locales';
import type { CheckoutMode } from './checkout-flow';
import { setPaymentSuccess, setSetPassword } from './payment-store';
import { useProblemText } from './problem-text';

/**
 * The purchase of a plan (the site's checkout and the Windows app's pay pages): PayPal in a new
 * tab (in this window for the app's native page), followed through the return page in the other
 * tab, and the Checkout messages for every step.
 */
export function usePlanCheckout({
  mode,
  locale,
  planId,
  initialNotice,
}: {
  mode: CheckoutMode;
  locale: Locale;
  /** The plan chosen, tracked with the purchase. */
  planId: string;
  initialNotice?: string;
}): Checkout {
  const t = useTranslations('Checkout');
  const problemText = useProblemText(mode !== 'web');
  return useCheckout({
    open: mode === 'windows-native' ? 'this-window' : 'new-tab',
    follow: {
      kind: 'tab',
      confirming: t('confirming'),
      timedOut: t('confirmTimeout'),
      failed: t('errors.paymentFailed'),
    },
    cancelledText: t('cancelled'),
    initialNotice: initialNotice ? { tone: 'info', text: initialNotice } : null,
    describe(error, during) {
      const problem = problemOf(error);
      if (during === 'capture') {
        return { tone: problem === 'notApproved' ? 'info' : 'error', text: problemText(error) };
      }
      // The email the API refused is marked on its field instead.
      if (problem === 'emailRequired' || problem === 'emailInvalid') return null;
      return { tone: 'error', text: problemText(error), login: problem === 'hasAccount' };
    },
    paidNotice: (paid) => ({ tone: 'success', text: paid.claimEmail ? t('paidHere') : t('paid') }),
    // Paid: on to the order page, or, when the account has no password and this browser cannot
    // sign in to it, the code step right here.
    onPaid(paid) {
      setPaymentSuccess(paid.orderId);
      setSetPassword(paid.orderId, paid.setPassword);
      track(analyticsEvents.checkoutFinished, { plan_id: planId, order_id: paid.orderId });
      if (paid.claimEmail) return;
      const next = mode === 'web' ? '/paySuc' : '/win-pay-result';
      const order = encodeURIComponent(paid.orderId);
      window.location.assign(`${localizePath(locale, next)}?order=${order}`);
    },
  });
}
