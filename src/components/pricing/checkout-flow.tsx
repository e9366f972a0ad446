'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { analyticsEvents, track } from '@/client/analytics';
import { problemOf } from '@/client/payments';
import { Link } from '@/i18n/navigation';
import { isLocale, type Locale, localizePath } from '@/lib/locales';
import { checkEmail } from '@/lib/password-rules';
import { type PlanOption, toPlanOptions } from '@/lib/plans/plan-option';
import type { ServerPlans } from '@/lib/plans/types';
import { ClaimAccountForm } from '../account/claim-account-form';
import { type Buyer, CheckoutForm } from './checkout-form';
import { CheckoutWaiting } from './checkout-waiting';
import { useIslandPlans } from './island-plans';
import { StatusRegion } from './status-region';
import { usePlanCheckout } from './use-plan-checkout';
import { useWindowsAccount } from './use-windows-account';

/**
 * web: the site's checkout, PayPal in a new tab. windows-popup: the Windows app's /win-pay,
 * the same in a new window. windows-native: /win-pay/native, PayPal in this window (the app's
 * embedded browser cannot open windows).
 */
export type CheckoutMode = 'web' | 'windows-popup' | 'windows-native';

export interface CheckoutFlowProps {
  /** The plans shown first, made on the server from `source`. */
  plans: PlanOption[];
  /**
   * The plans API's list `plans` was made from, and the X-From it was chosen with: seeds the
   * browser's plans cache, whose key the island also loads the list again with.
   */
  source: ServerPlans;
  initialPlanId: string;
  /**
   * The signed-in account on the site (checked on the server); null for a new buyer.
   * `renewsAt`: when its plan renews next, while it renews.
   */
  account: { email: string; renewsAt?: string } | null;
  mode: CheckoutMode;
  /** Shown first, e.g. that the plan in the address is no longer offered. */
  initialNotice?: string;
}

/**
 * The plan choice, the buyer, and the PayPal steps of the spec ("Completed", "Cancel"). The
 * plans are the server's; a list needed again in the browser (none from the server, a plan the
 * API no longer knows) comes through the browser's plans cache (island-plans.ts).
 */
export function CheckoutFlow(props: CheckoutFlowProps) {
  const windows = useWindowsAccount(props.mode !== 'web');
  const t = useTranslations('Checkout');
  const tp = useTranslations('Plans');
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const [plans, refreshPlans] = useIslandPlans(props.plans, props.source, (loaded) =>
    toPlanOptions(loaded, locale, tp),
  );
  if (props.mode === 'web') {
    return <Flow {...props} plans={plans} onPlanMissing={refreshPlans} buyer={props.account} />;
  }
  if (windows.status === 'ready') {
    return (
      <Flow
        {...props}
        plans={plans}
        onPlanMissing={refreshPlans}
        buyer={{ email: windows.email }}
      />
    );
  }
  const text =
    windows.status === 'checking'
      ? t('win.checking')
      : windows.status === 'expired'
        ? t('win.expired')
        : t('win.needToken');
  return (
    <StatusRegion focusKey={0} tone={windows.status === 'checking' ? 'info' : 'error'}>
      <p>{text}</p>
    </StatusRegion>
  );
}

function Flow({
  plans,
  initialPlanId,
  mode,
  initialNotice,
  buyer,
  onPlanMissing,
}: CheckoutFlowProps & {
  buyer: Buyer | null;
  /** Loads the plan list again: a start was answered that its plan does not exist. */
  onPlanMissing: () => Promise<void>;
}) {
  const t = useTranslations('Checkout');
  const tv = useTranslations('Validation');
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const [planId, setPlanId] = useState(initialPlanId);
  const [emailError, setEmailError] = useState<string>();
  const plan = plans.find((option) => option.id === planId) ?? plans[0];
  const checkoutPath = localizePath(locale, `/pricing/checkout/${plan?.id ?? ''}`);

  const checkout = usePlanCheckout({ mode, locale, planId, initialNotice });
  const { step, notice, focusKey, typedEmail } = checkout.state;

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plan) return;
    const form = event.currentTarget;
    const focusEmail = () => form.querySelector<HTMLInputElement>('#checkout-email')?.focus();
    const email = String(new FormData(form).get('checkout-email') ?? '').trim();
    checkout.keepEmail(email);
    if (!buyer) {
      const problem = checkEmail(email);
      setEmailError(problem ? tv(problem) : undefined);
      if (problem) {
        focusEmail();
        return;
      }
    }
    track(analyticsEvents.checkoutStarted, { plan_id: plan.id });
    const failure = await checkout.start({
      plan_id: plan.id,
      kind: 'plan',
      email: buyer ? undefined : email,
      platform: mode === 'web' ? 'web' : 'windows',
      language: locale,
    });
    const problem = failure === undefined ? null : problemOf(failure);
    if (problem === 'emailRequired' || problem === 'emailInvalid') {
      setEmailError(tv(problem));
      focusEmail();
    } else if (problem === 'planNotFound') void onPlanMissing();
  }

  if (!plan) {
    return (
      <StatusRegion focusKey={0} tone="error">
        <p>{t('noPlans')}</p>
      </StatusRegion>
    );
  }

  const loginHref = { pathname: '/login', query: { redirect: checkoutPath } };
  const message: ReactNode = notice ? (
    <p>
      {notice.text}
      {notice.login ? (
        <>
          {' '}
          <Link href={loginHref} className="font-semibold text-accent-700 underline">
            {t('logInToBuy')}
          </Link>
        </>
      ) : null}
    </p>
  ) : null;

  if (step.kind === 'paid' && step.paid.claimEmail) {
    return (
      <div className="flex flex-col gap-5">
        <StatusRegion focusKey={focusKey} tone="success">
          {message}
        </StatusRegion>
        <ClaimAccountForm
          email={step.paid.claimEmail}
          next={`${localizePath(locale, '/paySuc')}?order=${encodeURIComponent(step.paid.orderId)}`}
        />
      </div>
    );
  }

  if (step.kind === 'waiting' || step.kind === 'confirming' || step.kind === 'paid') {
    return (
      <CheckoutWaiting
        step={step}
        notice={notice}
        message={message}
        focusKey={focusKey}
        plan={plan}
        onCapture={checkout.capture}
        onCancel={checkout.cancel}
        onReopen={checkout.reopen}
      />
    );
  }

  return (
    <CheckoutForm
      plans={plans}
      plan={plan}
      busy={step.kind === 'starting'}
      buyer={buyer}
      mode={mode}
      typedEmail={typedEmail}
      emailError={emailError}
      notice={notice}
      message={message}
      focusKey={focusKey}
      loginHref={loginHref}
      onSubmit={start}
      onSelect={(option) => {
        setPlanId(option.id);
        track(analyticsEvents.planSelected, { plan_id: option.id });
        if (mode === 'web') {
          const path = localizePath(locale, `/pricing/checkout/${option.id}`);
          window.history.replaceState(window.history.state, '', path);
        }
      }}
    />
  );
}
