'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { analyticsEvents, track } from '@/client/analytics';
import { ApiRequestError } from '@/client/http';
import { Link } from '@/i18n/navigation';
import { isLocale, type Locale, localizePath } from '@/lib/locales';
import { checkEmail } from '@/lib/password-rules';
import { ClaimAccountForm } from '../account/claim-account-form';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { type CheckoutChannel, openCheckoutChannel } from './checkout-channel';
import { type ServerPlans, useIslandPlans } from './island-plans';
import {
  cancelOrder,
  captureOrder,
  type PaymentProblem,
  pollOrder,
  problemOf,
  startOrder,
} from './payment-client';
import { setPaymentSuccess, setSetPassword } from './payment-store';
import { type PlanOption, toPlanOptions } from './plan-option';
import { StatusRegion, type StatusTone } from './status-region';
import { useWindowsAccount } from './use-windows-account';

/**
 * web: the site's checkout, PayPal in a new tab. windows-popup: the Windows app's /win-pay,
 * the same in a new window. windows-native: /win-pay/native, PayPal in this window (the app's
 * embedded browser cannot open windows).
 */
export type CheckoutMode = 'web' | 'windows-popup' | 'windows-native';

interface Notice {
  tone: StatusTone;
  text: string;
  /** Adds the log-in link (an email that already has an account). */
  login?: boolean;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'starting' }
  | { kind: 'waiting'; order: string; approveUrl: string; busy?: 'capture' | 'cancel' }
  | { kind: 'confirming'; order: string }
  | { kind: 'done'; order: string }
  | { kind: 'claim'; order: string; email: string };

export interface CheckoutFlowProps {
  /** The plans shown first, made on the server from `source`. */
  plans: PlanOption[];
  /**
   * The plans API's list `plans` was made from, and the X-From it was chosen with: seeds the
   * browser's plans cache, whose key the island also loads the list again with.
   */
  source: ServerPlans;
  initialPlanId: string;
  /** The signed-in account on the site (checked on the server); null for a new buyer. */
  account: { email: string } | null;
  mode: CheckoutMode;
  /** Shown first, e.g. that the plan in the address is no longer offered. */
  initialNotice?: string;
}

const autoCaptureGapMs = 4000;

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
  buyer: { email?: string } | null;
  /** Loads the plan list again: a start was answered that its plan does not exist. */
  onPlanMissing: () => Promise<void>;
}) {
  const t = useTranslations('Checkout');
  const tv = useTranslations('Validation');
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const [planId, setPlanId] = useState(initialPlanId);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [notice, setNotice] = useState<Notice | null>(
    initialNotice ? { tone: 'info', text: initialNotice } : null,
  );
  const [emailError, setEmailError] = useState<string>();
  // The form is not shown while PayPal is open: the email typed comes back with it (a cancel,
  // a failed payment), so buying again does not mean typing it again.
  const [typedEmail, setTypedEmail] = useState('');
  const [focusKey, setFocusKey] = useState(0);
  const channel = useRef<CheckoutChannel | null>(null);
  const popup = useRef<Window | null>(null);
  const capturing = useRef(false);
  const lastAutoCapture = useRef(0);
  const polling = useRef<AbortController | null>(null);
  const stepNow = useRef(step);
  stepNow.current = step;

  const plan = plans.find((option) => option.id === planId) ?? plans[0];
  const checkoutPath = localizePath(locale, `/pricing/checkout/${plan?.id ?? ''}`);

  /** Moves to a step with its message, and the focus to the message. */
  function show(next: Step, message: Notice | null) {
    setStep(next);
    setNotice(message);
    setFocusKey((key) => key + 1);
  }

  function problemText(problem: PaymentProblem, error: unknown): string {
    if (problem === 'signInExpired' && mode !== 'web') return t('win.expired');
    if (problem !== 'generic') return t(`errors.${problem}`);
    return error instanceof ApiRequestError && error.body.message && error.body.message !== 'Error'
      ? error.body.message
      : t('errors.generic');
  }

  /**
   * Paid: on to the order page, or, when the account has no password and this browser cannot
   * sign in to it (`claimEmail`), the code step right here.
   */
  function finish(order: string, setPassword: boolean, claimEmail = '') {
    if (stepNow.current.kind === 'done' || stepNow.current.kind === 'claim') return;
    polling.current?.abort();
    setPaymentSuccess(order);
    setSetPassword(order, setPassword);
    track(analyticsEvents.checkoutFinished, { plan_id: planId, order_id: order });
    if (claimEmail) {
      show({ kind: 'claim', order, email: claimEmail }, { tone: 'success', text: t('paidHere') });
      return;
    }
    show({ kind: 'done', order }, { tone: 'success', text: t('paid') });
    const next = mode === 'web' ? '/paySuc' : '/win-pay-result';
    window.location.assign(`${localizePath(locale, next)}?order=${encodeURIComponent(order)}`);
  }

  async function confirmPending(order: string, approveUrl: string) {
    show({ kind: 'confirming', order }, { tone: 'info', text: t('confirming') });
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    const outcome = await pollOrder(order, { signal: controller.signal });
    if (outcome === 'aborted') return;
    if (outcome === 'paid') {
      // Capturing the paid order again is answered at once and signs a new buyer in.
      const again = await captureOrder(order).catch(() => null);
      finish(order, again?.set_password ?? false, again?.verify_email ? again.email : '');
    } else if (outcome === 'failed') {
      show({ kind: 'choose' }, { tone: 'error', text: t('errors.paymentFailed') });
    } else {
      show({ kind: 'waiting', order, approveUrl }, { tone: 'info', text: t('confirmTimeout') });
    }
  }

  /** Completed (or the return page, the tab's focus): asks the provider to take the payment. */
  async function capture(order: string, approveUrl: string, auto: boolean) {
    if (capturing.current) return;
    capturing.current = true;
    if (!auto) setStep({ kind: 'waiting', order, approveUrl, busy: 'capture' });
    try {
      const result = await captureOrder(order);
      if (result.state === 'paid') {
        finish(order, result.set_password, result.verify_email ? result.email : '');
      } else if (result.state === 'cancelled') {
        popup.current = null;
        show({ kind: 'choose' }, { tone: 'info', text: t('cancelled') });
      } else await confirmPending(order, approveUrl);
    } catch (error: unknown) {
      const problem = problemOf(error);
      // A look on the buyer's return to this tab: not paid yet is no news.
      if (auto && problem === 'notApproved') return;
      if (problem === 'paymentFailed') {
        show({ kind: 'choose' }, { tone: 'error', text: problemText(problem, error) });
      } else {
        const tone = problem === 'notApproved' ? 'info' : 'error';
        show({ kind: 'waiting', order, approveUrl }, { tone, text: problemText(problem, error) });
      }
    } finally {
      capturing.current = false;
    }
  }

  async function cancel(order: string, approveUrl: string) {
    setStep({ kind: 'waiting', order, approveUrl, busy: 'cancel' });
    try {
      await cancelOrder(order);
    } catch {
      // Nothing was charged either way; the order simply stays unpaid.
    }
    popup.current?.close();
    popup.current = null;
    show({ kind: 'choose' }, { tone: 'info', text: t('cancelled') });
  }

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plan) return;
    const form = event.currentTarget;
    const email = String(new FormData(form).get('checkout-email') ?? '').trim();
    setTypedEmail(email);
    if (!buyer) {
      const problem = checkEmail(email);
      setEmailError(problem ? tv(problem) : undefined);
      if (problem) {
        form.querySelector<HTMLInputElement>('#checkout-email')?.focus();
        return;
      }
    }
    setNotice(null);
    setStep({ kind: 'starting' });
    track(analyticsEvents.checkoutStarted, { plan_id: plan.id });
    try {
      const started = await startOrder({
        plan_id: plan.id,
        email: buyer ? undefined : email,
        platform: mode === 'web' ? 'web' : 'windows',
        language: locale,
      });
      if (mode === 'windows-native') {
        window.location.assign(started.approve_url);
        return;
      }
      const opened = window.open(started.approve_url, '_blank');
      // A blocked new window: PayPal opens here instead and returns to this site's result page.
      if (!opened) {
        window.location.assign(started.approve_url);
        return;
      }
      popup.current = opened;
      show({ kind: 'waiting', order: started.order_id, approveUrl: started.approve_url }, null);
    } catch (error: unknown) {
      const problem = problemOf(error);
      if (problem === 'emailRequired' || problem === 'emailInvalid') {
        setStep({ kind: 'choose' });
        setEmailError(tv(problem));
        form.querySelector<HTMLInputElement>('#checkout-email')?.focus();
        return;
      }
      if (problem === 'planNotFound') void onPlanMissing();
      show(
        { kind: 'choose' },
        { tone: 'error', text: problemText(problem, error), login: problem === 'hasAccount' },
      );
    }
  }

  // The return page in the other tab reports here; the order it names must be the one waited for.
  const onMessage = useRef<
    (message: Parameters<Parameters<CheckoutChannel['subscribe']>[0]>[0]) => void
  >(() => {});
  onMessage.current = (message) => {
    const current = stepNow.current;
    if (message.type === 'ack') return;
    if (current.kind !== 'waiting' && current.kind !== 'confirming') return;
    if (current.order !== message.order) return;
    channel.current?.post({ type: 'ack', order: message.order });
    if (message.type === 'paid') finish(message.order, message.setPassword, message.claimEmail);
    else if (message.type === 'cancelled') {
      popup.current = null;
      show({ kind: 'choose' }, { tone: 'info', text: t('cancelled') });
    } else if (current.kind === 'waiting') void capture(current.order, current.approveUrl, false);
  };

  useEffect(() => {
    const opened = openCheckoutChannel();
    channel.current = opened;
    const stop = opened.subscribe((message) => onMessage.current(message));
    return () => {
      stop();
      opened.close();
      polling.current?.abort();
    };
  }, []);

  // Back in this tab (PayPal's tab closed, or the buyer switched back): look once whether the
  // payment went through, so the page moves on by itself.
  const onReturn = useRef(() => {});
  onReturn.current = () => {
    const current = stepNow.current;
    if (current.kind !== 'waiting' || current.busy || document.visibilityState !== 'visible')
      return;
    if (Date.now() - lastAutoCapture.current < autoCaptureGapMs) return;
    lastAutoCapture.current = Date.now();
    void capture(current.order, current.approveUrl, true);
  };
  const waiting = step.kind === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const look = () => onReturn.current();
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', look);
    const watch = window.setInterval(() => {
      if (popup.current?.closed) {
        popup.current = null;
        look();
      }
    }, 1000);
    return () => {
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', look);
      window.clearInterval(watch);
    };
  }, [waiting]);

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

  if (step.kind === 'claim') {
    return (
      <div className="flex flex-col gap-5">
        <StatusRegion focusKey={focusKey} tone="success">
          {message}
        </StatusRegion>
        <ClaimAccountForm
          email={step.email}
          next={`${localizePath(locale, '/paySuc')}?order=${encodeURIComponent(step.order)}`}
        />
      </div>
    );
  }

  if (step.kind === 'waiting' || step.kind === 'confirming' || step.kind === 'done') {
    return (
      <div className="flex flex-col gap-5">
        <StatusRegion focusKey={focusKey} tone={notice?.tone ?? 'info'}>
          {step.kind === 'waiting' ? (
            <>
              <h2 className="text-lg font-bold">{t('waitingTitle')}</h2>
              <p className="mt-1">{t('waitingText')}</p>
              {notice ? <div className="mt-3 font-medium">{message}</div> : null}
            </>
          ) : (
            message
          )}
        </StatusRegion>
        {step.kind === 'waiting' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              busy={step.busy === 'capture'}
              disabled={Boolean(step.busy)}
              onClick={() => void capture(step.order, step.approveUrl, false)}
            >
              {t('completed')}
            </Button>
            <Button
              variant="secondary"
              busy={step.busy === 'cancel'}
              disabled={Boolean(step.busy)}
              onClick={() => void cancel(step.order, step.approveUrl)}
            >
              {t('cancel')}
            </Button>
            <Button
              variant="ghost"
              disabled={Boolean(step.busy)}
              onClick={() => {
                const again = window.open(step.approveUrl, '_blank');
                if (again) popup.current = again;
                else window.location.assign(step.approveUrl);
              }}
            >
              {t('reopen')}
            </Button>
          </div>
        ) : null}
        <PlanSummary plan={plan} />
      </div>
    );
  }

  const busy = step.kind === 'starting';
  return (
    <form noValidate onSubmit={start} className="flex flex-col gap-6" aria-busy={busy || undefined}>
      <StatusRegion focusKey={focusKey} tone={notice?.tone ?? 'info'}>
        {message}
      </StatusRegion>
      <fieldset>
        <legend className="text-lg font-bold">{t('choosePlan')}</legend>
        <div className="mt-3 flex flex-col gap-3">
          {plans.map((option) => (
            <PlanRadio
              key={option.id}
              option={option}
              checked={option.id === plan.id}
              disabled={busy}
              onSelect={() => {
                setPlanId(option.id);
                track(analyticsEvents.planSelected, { plan_id: option.id });
                if (mode === 'web') {
                  const path = localizePath(locale, `/pricing/checkout/${option.id}`);
                  window.history.replaceState(window.history.state, '', path);
                }
              }}
            />
          ))}
        </div>
      </fieldset>
      {buyer ? (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-slate-700">
          {buyer.email
            ? t.rich('signedInAs', {
                email: buyer.email,
                strong: (chunks) => <strong className="break-all text-navy-900">{chunks}</strong>,
              })
            : t('win.signedIn')}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <TextField
            id="checkout-email"
            type="email"
            label={t('email')}
            hint={t('emailHint')}
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={typedEmail}
            disabled={busy}
            error={emailError}
          />
          {mode === 'web' ? (
            <p className="text-sm text-slate-600">
              {t('haveAccount')}{' '}
              <Link href={loginHref} className="font-semibold text-accent-700 underline">
                {t('logIn')}
              </Link>
            </p>
          ) : null}
        </div>
      )}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5">
        <p className="flex items-baseline justify-between gap-4 text-lg">
          <span className="font-medium">{t('total')}</span>
          <span className="font-bold">{plan.money}</span>
        </p>
        <Button type="submit" busy={busy} className="w-full">
          {busy ? t('opening') : t('continue')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {mode === 'windows-native' ? t('sameWindow') : t('newTab')}
        </p>
      </div>
    </form>
  );
}

function PlanRadio({
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

function PlanSummary({ plan }: { plan: PlanOption }) {
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
