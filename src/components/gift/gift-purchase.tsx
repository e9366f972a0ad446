'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/client/http';
import { readJson, removeItem, session, writeItem } from '@/client/storage';
import { checkEmail } from '@/lib/password-rules';
import { planName } from '@/lib/plans/name';
import { derivePlan } from '@/lib/plans/product-id';
import type { Plan } from '@/lib/plans/types';
import { useIslandPlans } from '../pricing/island-plans';
import { paymentApi } from '../subscription/types';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { errorCode, useErrorText } from './api-error';
import { CopyCode } from './copy-code';
import { focusField } from './focus-field';
import { LoginHint } from './login-hint';

/** GET/POST web/checkout… answers, the parts this page reads. */
interface OrderView {
  order_id: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled' | 'refunded';
  email: string;
  gift_code: string | null;
}
interface StartedOrder extends OrderView {
  approve_url: string;
}
interface CaptureAnswer extends OrderView {
  state: 'paid' | 'pending' | 'cancelled';
}

interface Pending {
  orderId: string;
  approveUrl: string;
}

type Stage =
  | { step: 'choose' }
  | { step: 'waiting'; pending: Pending }
  | { step: 'done'; code: string; email: string };

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
  const tp = useTranslations('Plans');
  const errorText = useErrorText();
  const locale = useLocale();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [plans, refreshPlans] = useIslandPlans(serverPlans, { plans: serverPlans }, samePlans);
  const [chosenId, setPlanId] = useState(() => defaultPlanId(serverPlans));
  // A list loaded later may lack the chosen plan: then its default is chosen.
  const planId = plans.some((plan) => plan.id === chosenId) ? chosenId : defaultPlanId(plans);
  const [errors, setErrors] = useState<{ email?: string; plan?: string }>({});
  // The form is not shown while PayPal is open: the email typed comes back with it.
  const [typedEmail, setTypedEmail] = useState('');
  const [problem, setProblem] = useState<ReactNode>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Stage['step'] | null>(null);

  const finish = useCallback((view: OrderView) => {
    removeItem(session(), pendingKey);
    setNotice('');
    setProblem(null);
    setStage({ step: 'done', code: view.gift_code ?? '', email: view.email });
  }, []);

  /** Back to the plan choice, with a notice ('cancelled') or a problem ('Payment Failed.'). */
  const backToChoice = useCallback((message: string, isProblem: boolean) => {
    removeItem(session(), pendingKey);
    setStage({ step: 'choose' });
    setNotice(isProblem ? '' : message);
    setProblem(isProblem ? message : null);
  }, []);

  // A payment begun in this tab before a reload (or a same-tab trip to PayPal) is resumed.
  useEffect(() => {
    const saved = readJson<Pending>(session(), pendingKey);
    if (saved?.orderId && saved.approveUrl) setStage({ step: 'waiting', pending: saved });
  }, []);

  // Focus follows the step (not on the first render), so keyboard and screen reader users land
  // on what changed.
  useEffect(() => {
    if (shownStep.current !== stage.step && shownStep.current !== null) {
      headingRef.current?.focus();
    }
    shownStep.current = stage.step;
  });

  const failedText = t('failed');
  const waitingFor = stage.step === 'waiting' ? stage.pending.orderId : null;
  useEffect(() => {
    if (!waitingFor) return;
    let stopped = false;
    const check = async () => {
      try {
        const view = await api.request<OrderView>(`${paymentApi}/web/checkout/${waitingFor}`, {
          quiet: true,
        });
        if (stopped) return;
        if (view.status === 'paid' && view.gift_code) finish(view);
        else if (view.status === 'cancelled') backToChoice(t('cancelled'), false);
        else if (view.status === 'failed') backToChoice(failedText, true);
      } catch (error: unknown) {
        // An order this browser cannot see any more (other account, expired cookie): start over.
        if (!stopped && errorCode(error) === 40403) backToChoice('', false);
      }
    };
    void check();
    const timer = setInterval(() => void check(), giftPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingFor, finish, backToChoice, t, failedText]);

  // An account with a password must log in first: say so with the way there.
  const explain = (error: unknown): ReactNode =>
    errorCode(error) === 40903 ? <LoginHint /> : errorText(error);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('gift-email') ?? '').trim();
    setTypedEmail(typed);
    const emailProblem = email ? null : checkEmail(typed);
    const next = {
      email: emailProblem ? tv(emailProblem) : undefined,
      plan: planId ? undefined : t('planRequired'),
    };
    setErrors(next);
    setProblem(null);
    setNotice('');
    if (next.email || next.plan) {
      // The first field with a problem (by name: its aria-invalid is not rendered yet).
      const first = next.plan ? 'gift-plan' : 'gift-email';
      focusField(event.currentTarget, first);
      return;
    }
    // Opened now, while the click still counts as the user's, so popup blockers let it through.
    const popup = window.open('', '_blank');
    setBusy(true);
    try {
      const order = await api.request<StartedOrder>(`${paymentApi}/web/checkout`, {
        method: 'POST',
        quiet: true,
        body: {
          plan_id: planId,
          kind: 'gift',
          platform: 'web',
          language: locale,
          ...(email ? {} : { email: typed }),
        },
      });
      const pending = { orderId: order.order_id, approveUrl: order.approve_url };
      writeItem(session(), pendingKey, JSON.stringify(pending));
      if (popup && !popup.closed) {
        popup.opener = null;
        popup.location.href = order.approve_url;
        setStage({ step: 'waiting', pending });
      } else {
        // No new window (blocked): pay in this tab; this page resumes when the buyer returns.
        window.location.assign(order.approve_url);
      }
    } catch (error: unknown) {
      popup?.close();
      setProblem(explain(error));
      // The plan is no longer offered: the list is loaded again, without it.
      if (errorCode(error) === 40402) void refreshPlans();
    } finally {
      setBusy(false);
    }
  }

  async function completed(pending: Pending) {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.request<CaptureAnswer>(
        `${paymentApi}/web/checkout/${pending.orderId}/capture`,
        { method: 'POST', quiet: true },
      );
      if (answer.state === 'paid' && answer.gift_code) finish(answer);
      else if (answer.state === 'cancelled') backToChoice(t('cancelled'), false);
      else setNotice(t('processing'));
    } catch (error: unknown) {
      if (errorCode(error) === 40201) backToChoice(errorText(error), true);
      else setProblem(explain(error));
    } finally {
      setBusy(false);
    }
  }

  async function cancel(pending: Pending) {
    setBusy(true);
    try {
      await api.request(`${paymentApi}/web/checkout/${pending.orderId}/cancel`, {
        method: 'POST',
        quiet: true,
      });
    } catch {
      // Already paid or gone: the poll or the next step tells.
    } finally {
      setBusy(false);
    }
    backToChoice(t('cancelled'), false);
  }

  const messages = (
    <>
      <p role="status" className={notice ? 'mt-4' : ''}>
        {notice}
      </p>
      <p role="alert" className={problem ? 'mt-4 font-medium text-error-700' : ''}>
        {problem}
      </p>
    </>
  );

  if (stage.step === 'done') {
    return (
      <section aria-labelledby="gift-buy-heading" className={panel} data-area="gift-buy">
        <h2 id="gift-buy-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
          {t('doneTitle')}
        </h2>
        <CopyCode code={stage.code} />
        <p className="mt-4 text-slate-700">{t('emailed', { email: stage.email })}</p>
        <p className="mt-2 text-slate-700">{t('passOn')}</p>
        <Button variant="secondary" className="mt-6" onClick={() => setStage({ step: 'choose' })}>
          {t('buyAnother')}
        </Button>
      </section>
    );
  }

  if (stage.step === 'waiting') {
    const { pending } = stage;
    return (
      <section aria-labelledby="gift-buy-heading" className={panel} data-area="gift-buy">
        <h2 id="gift-buy-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
          {t('waitingTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('waitingText')}</p>
        <p className="mt-3">
          <a
            href={pending.approveUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-accent-700 underline"
          >
            {t('reopen')}
          </a>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button busy={busy} onClick={() => void completed(pending)}>
            {busy ? t('checking') : t('completed')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void cancel(pending)}>
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
          <fieldset aria-describedby={errors.plan ? 'gift-plan-error' : undefined}>
            <legend className="font-medium">{t('planLegend')}</legend>
            <div className="mt-2 grid gap-2">
              {plans.map((plan) => {
                const view = derivePlan(plan, locale);
                const name = planName(tp, view);
                return (
                  <label
                    key={plan.id}
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-accent-700 has-checked:bg-accent-50"
                  >
                    <input
                      type="radio"
                      name="gift-plan"
                      value={plan.id}
                      checked={planId === plan.id}
                      onChange={() => setPlanId(plan.id)}
                      className="mt-1 size-5 shrink-0 accent-accent-700"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="font-semibold">{name.period}</span>
                        {name.bonus ? <span className="text-sm">{name.bonus}</span> : null}
                        {view.savingsPercent > 0 ? (
                          <Badge tone="success">
                            {t('save', { percent: view.savingsPercent })}
                          </Badge>
                        ) : null}
                      </span>
                      <span className="mt-1 block text-sm text-slate-600">
                        {view.money}
                        {view.monthly && !(view.originUnit === 'MONTH' && view.originCount === 1)
                          ? ` · ${t('perMonth', { price: view.monthly })}`
                          : null}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
            {errors.plan ? (
              <p
                id="gift-plan-error"
                role="alert"
                className="mt-1 text-sm font-medium text-error-700"
              >
                {errors.plan}
              </p>
            ) : null}
          </fieldset>
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
