'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useCheckout } from '@/client/use-checkout';
import { checkEmail } from '@/lib/password-rules';
import type { Plan } from '@/lib/plans/types';
import { useIslandPlans } from '../pricing/island-plans';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { errorCode, useErrorText } from './api-error';
import { CopyCode } from './copy-code';
import { focusField } from './focus-field';
import { GiftPlanChoice } from './gift-plan-choice';
import { LoginHint } from './login-hint';

/** The plan chosen until the visitor picks one: the recommended one, else the first. */
const defaultPlanId = (plans: Plan[]) => (plans.find((p) => p.is_recommend) ?? plans[0])?.id ?? '';
const samePlans = (plans: Plan[]) => plans;

/** The order this tab is paying for, so a reload or a return from PayPal picks it up again. */
const pendingKey = 'turbovpn.gift.pending';
/** How often the page asks whether the payment was completed (possibly in another tab). */
export const giftPollMs = 3000;

const panel = 'rounded-2xl border border-slate-200 bg-white p-6';

/**
 * Buying a gift card: a plan, the buyer's email (without a session), then PayPal in a new
 * window. The page waits with Completed / Cancel and also polls the order, so it notices a
 * payment completed by the return page in the other tab; then it shows the code. The plans
 * are the server's (this page's catalogue, chosen without X-From); a list needed again in the
 * browser (none from the server, a plan the API no longer knows) comes through the browser's
 * plans cache (pricing/island-plans.ts).
 */
export function GiftPurchase({
  plans: serverPlans,
  email,
}: {
  plans: Plan[];
  email: string | null;
}) {
  const t = useTranslations('GiftCard');
  const tv = useTranslations('Validation');
  const errorText = useErrorText();
  const locale = useLocale();
  const [plans, refreshPlans] = useIslandPlans(serverPlans, { plans: serverPlans }, samePlans);
  const [chosenId, setPlanId] = useState(() => defaultPlanId(serverPlans));
  // A list loaded later may lack the chosen plan: then its default is chosen.
  const planId = plans.some((plan) => plan.id === chosenId) ? chosenId : defaultPlanId(plans);
  const [errors, setErrors] = useState<{ email?: string; plan?: string }>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<string | null>(null);
  const checkout = useCheckout({
    open: 'prepared-tab',
    follow: {
      kind: 'poll',
      everyMs: giftPollMs,
      resumeKey: pendingKey,
      processing: t('processing'),
      failed: t('failed'),
    },
    separateProblems: true,
    cancelledText: t('cancelled'),
    // Paid is not enough: the page shows the card's code.
    done: (paid) => Boolean(paid.giftCode),
    // An account with a password must log in first: say so with the way there.
    describe: (error) => ({
      tone: 'error',
      text: errorText(error),
      login: errorCode(error) === 40903,
    }),
  });
  const { step, notice, problem, typedEmail } = checkout.state;
  const stage = step.kind === 'paid' ? 'done' : step.kind === 'waiting' ? 'waiting' : 'choose';
  const busy = step.kind === 'starting' || (step.kind === 'waiting' && step.busy !== undefined);

  // Focus follows the step (not on the first render), so keyboard and screen reader users land
  // on what changed.
  useEffect(() => {
    if (shownStep.current !== stage && shownStep.current !== null) {
      headingRef.current?.focus();
    }
    shownStep.current = stage;
  });

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('gift-email') ?? '').trim();
    checkout.keepEmail(typed);
    const emailProblem = email ? null : checkEmail(typed);
    const next = {
      email: emailProblem ? tv(emailProblem) : undefined,
      plan: planId ? undefined : t('planRequired'),
    };
    setErrors(next);
    checkout.clearMessages();
    if (next.email || next.plan) {
      // The first field with a problem (by name: its aria-invalid is not rendered yet).
      const first = next.plan ? 'gift-plan' : 'gift-email';
      focusField(event.currentTarget, first);
      return;
    }
    const failure = await checkout.start({
      plan_id: planId,
      kind: 'gift',
      platform: 'web',
      language: locale,
      ...(email ? {} : { email: typed }),
    });
    // The plan is no longer offered: the list is loaded again, without it.
    if (failure !== undefined && errorCode(failure) === 40402) void refreshPlans();
  }

  const messages = (
    <>
      <p role="status" className={notice ? 'mt-4' : ''}>
        {notice?.text}
      </p>
      <p role="alert" className={problem ? 'mt-4 font-medium text-error-700' : ''}>
        {problem?.login ? <LoginHint /> : problem?.text}
      </p>
    </>
  );

  if (step.kind === 'paid') {
    return (
      <section aria-labelledby="gift-buy-heading" className={panel} data-area="gift-buy">
        <h2 id="gift-buy-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
          {t('doneTitle')}
        </h2>
        <CopyCode code={step.paid.giftCode ?? ''} />
        <p className="mt-4 text-slate-700">{t('emailed', { email: step.paid.email })}</p>
        <p className="mt-2 text-slate-700">{t('passOn')}</p>
        <Button variant="secondary" className="mt-6" onClick={checkout.restart}>
          {t('buyAnother')}
        </Button>
      </section>
    );
  }

  if (step.kind === 'waiting') {
    return (
      <section aria-labelledby="gift-buy-heading" className={panel} data-area="gift-buy">
        <h2 id="gift-buy-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
          {t('waitingTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('waitingText')}</p>
        <p className="mt-3">
          <a
            href={step.pending.approveUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-accent-700 underline"
          >
            {t('reopen')}
          </a>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button busy={busy} onClick={checkout.capture}>
            {busy ? t('checking') : t('completed')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={checkout.cancel}>
            {t('cancel')}
          </Button>
        </div>
        {messages}
      </section>
    );
  }

  return (
    <section aria-labelledby="gift-buy-heading" className={panel} data-area="gift-buy">
      <h2 id="gift-buy-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        {t('buyTitle')}
      </h2>
      <p className="mt-1 text-slate-600">{t('buyIntro')}</p>
      {plans.length === 0 ? (
        <p className="mt-4 font-medium">{t('noPlans')}</p>
      ) : (
        <form noValidate onSubmit={start} className="mt-4 flex flex-col gap-5">
          <GiftPlanChoice plans={plans} planId={planId} error={errors.plan} onChoose={setPlanId} />
          {email ? (
            <p className="text-slate-700">{t('sentTo', { email })}</p>
          ) : (
            <TextField
              id="gift-email"
              type="email"
              label={t('emailLabel')}
              hint={t('emailHint')}
              autoComplete="email"
              inputMode="email"
              defaultValue={typedEmail}
              error={errors.email}
            />
          )}
          <div>
            <Button type="submit" busy={busy}>
              {busy ? t('opening') : t('continue')}
            </Button>
          </div>
        </form>
      )}
      {messages}
    </section>
  );
}
