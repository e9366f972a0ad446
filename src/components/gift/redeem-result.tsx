'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { RedeemResult } from '@/client/payments';
import { readJson, session, writeItem } from '@/client/storage';
import { DisplayDate } from '@/components/ui/display-date';
import { ClaimAccountForm } from '../account/claim-account-form';
import { EmailText } from '../account/email-text';
import { SetPasswordForm } from '../account/set-password-form';
import { productLabel } from '../subscription/plan-label';
import { Container } from '../ui/container';
import { LinkButton } from '../ui/link-button';
import { PageHeader } from '../ui/page-header';
import { redeemedKey } from './gift-redeem';

const panel = 'rounded-2xl border border-slate-200 bg-white p-6';

/** A stored answer is only used when it has the shape the redeem API sends. */
function isRedeemResult(value: unknown): value is RedeemResult {
  const v = value as Partial<RedeemResult> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.plan_id === 'string' &&
    typeof v.email === 'string' &&
    (v.premium_until === null || typeof v.premium_until === 'string') &&
    typeof v.set_password === 'boolean'
  );
}

/** The page's headings: the success one only for a stored result, a neutral one without. */
export interface RedeemHeadings {
  /** "Gift card redeemed", with its lede. */
  done: { title: string; lede: string };
  /** What the page is called when this tab has no redeemed card to show ("Turbo VPN gift cards"). */
  missing: string;
}

/**
 * /redeem-suc: what the redeemed code added (kept by the gift card page in this tab's session
 * storage) and, for an account the code made, the step to choose its password; for an account
 * made earlier that has none, the code step that sets one. The page heading comes from here too,
 * because only the browser knows whether there is a result: a visit without one must not say
 * "Gift card redeemed".
 */
export function RedeemResultView({
  products,
  headings,
}: {
  products: Record<string, string>;
  headings: RedeemHeadings;
}) {
  const result = useStoredResult();
  if (result === undefined) {
    // Not read yet (the server cannot see session storage): the header's space, no heading.
    return (
      <>
        <section className="bg-slate-50 py-12 sm:py-16" aria-busy="true">
          <div className="h-11 sm:h-15" />
        </section>
        <Container className="py-10">
          <div className="min-h-40" />
        </Container>
      </>
    );
  }
  return (
    <>
      {result ? (
        <PageHeader title={headings.done.title} lede={headings.done.lede} />
      ) : (
        <PageHeader title={headings.missing} />
      )}
      <Container className="py-10">
        <div className="max-w-3xl">
          {result ? <RedeemedDetails result={result} products={products} /> : <Missing />}
        </div>
      </Container>
    </>
  );
}

/** The stored redeem answer: undefined until read, null when there is none (or it is malformed). */
function useStoredResult(): RedeemResult | null | undefined {
  const [result, setResult] = useState<RedeemResult | null | undefined>(undefined);
  useEffect(() => {
    const stored = readJson<unknown>(session(), redeemedKey);
    setResult(isRedeemResult(stored) ? stored : null);
  }, []);
  return result;
}

function Missing() {
  const t = useTranslations('GiftCard.success');
  return (
    <section className={panel} data-area="redeem-missing">
      <p>{t('missing')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <LinkButton href="/gift-card">{t('toGiftCard')}</LinkButton>
        <LinkButton href="/myAccount" variant="secondary">
          {t('toAccount')}
        </LinkButton>
      </div>
    </section>
  );
}

function RedeemedDetails({
  result,
  products,
}: {
  result: RedeemResult;
  products: Record<string, string>;
}) {
  const t = useTranslations('GiftCard.success');
  const ts = useTranslations('Subscription');
  const tp = useTranslations('Plans');
  const [passwordSet, setPasswordSet] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (passwordSet) doneRef.current?.focus();
  }, [passwordSet]);

  const productId = products[result.plan_id];
  const plan = productId ? productLabel(tp, productId, ts('premium')) : ts('premium');
  const needsPassword = result.set_password && !passwordSet;

  function onPasswordSet() {
    setPasswordSet(true);
    writeItem(session(), redeemedKey, JSON.stringify({ ...result, set_password: false }));
  }

  return (
    <div className="grid gap-6">
      <section className={panel} aria-labelledby="redeemed-heading" data-area="redeemed">
        <h2 id="redeemed-heading" className="text-xl font-bold">
          {t('intro')}
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
          <dt className="font-medium text-slate-600">{t('plan')}</dt>
          <dd className="mb-2 sm:mb-0">{plan}</dd>
          <dt className="font-medium text-slate-600">{t('account')}</dt>
          <dd className="mb-2 min-w-0 break-words sm:mb-0">
            <EmailText email={result.email} />
          </dd>
          <dt className="font-medium text-slate-600">{t('premiumUntil')}</dt>
          <dd data-premium-until>
            {result.premium_until ? <DisplayDate value={result.premium_until} /> : '—'}
          </dd>
        </dl>
      </section>
      {needsPassword ? (
        <section className={panel} aria-labelledby="redeem-password-heading">
          <h2 id="redeem-password-heading" className="text-xl font-bold">
            {t('setPasswordTitle')}
          </h2>
          <p className="mt-1 text-slate-600">{t('setPasswordIntro')}</p>
          <SetPasswordForm onDone={onPasswordSet} />
        </section>
      ) : null}
      {result.verify_email ? (
        <section className={panel}>
          <ClaimAccountForm email={result.email} next="/myAccount" />
        </section>
      ) : null}
      {passwordSet ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="font-medium text-success-700">
          {t('passwordDone', { email: result.email })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/myAccount">{t('toAccount')}</LinkButton>
        <LinkButton href="/download" variant="secondary">
          {t('download')}
        </LinkButton>
      </div>
    </div>
  );
}
