'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { FormEvent, ReactNode } from 'react';
import type { Notice } from '@/client/checkout-state';
import { Link } from '@/i18n/navigation';
import type { PlanOption } from '@/lib/plans/plan-option';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import type { CheckoutMode } from './checkout-flow';
import { PlanRadio } from './checkout-plans';
import { StatusRegion } from './status-region';

/** When a plan bought now first renews: after its first term, counted in calendar months. */
function firstRenewal(term: PlanOption['firstTerm'], from = new Date()): Date {
  const date = new Date(from);
  date.setMonth(date.getMonth() + term.months);
  date.setDate(date.getDate() + term.days);
  return date;
}

/** A date as the buyer's language writes it in full ("26 November 2028"). */
function longDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/** Who buys: the signed-in account (its email, and when its plan renews next, if it does). */
export interface Buyer {
  email?: string;
  renewsAt?: string;
}

/** The checkout's form: the plan, the buyer (signed in, or an email), the total and Continue. */
export function CheckoutForm({
  plans,
  plan,
  busy,
  buyer,
  mode,
  typedEmail,
  emailError,
  notice,
  message,
  focusKey,
  loginHref,
  onSubmit,
  onSelect,
}: {
  plans: PlanOption[];
  /** The plan chosen. */
  plan: PlanOption;
  /** The order is being made. */
  busy: boolean;
  buyer: Buyer | null;
  mode: CheckoutMode;
  /** The email typed before (back after a cancel or a failure). */
  typedEmail: string;
  emailError: string | undefined;
  notice: Notice | null;
  /** The notice as shown. */
  message: ReactNode;
  focusKey: number;
  loginHref: { pathname: string; query: { redirect: string } };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onSelect: (option: PlanOption) => void;
}) {
  const t = useTranslations('Checkout');
  const locale = useLocale();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
      aria-busy={busy || undefined}
    >
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
              onSelect={() => onSelect(option)}
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
      ) : null}
      {buyer?.renewsAt && mode === 'web' ? (
        <p
          className="rounded-xl bg-accent-50 px-4 py-3 text-slate-800"
          data-renewing-note
          suppressHydrationWarning
        >
          {t.rich('renewingNote', {
            date: longDate(new Date(buyer.renewsAt), locale),
            link: (chunks) => (
              <Link href="/myAccount" className="font-semibold text-accent-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {buyer ? null : (
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
        <p className="text-sm text-slate-700" data-renewal-terms suppressHydrationWarning>
          {t('autoRenew', {
            money: plan.money,
            date: longDate(firstRenewal(plan.firstTerm), locale),
            period: plan.renewalPeriod,
            renewalMoney: plan.renewalMoney,
          })}
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
