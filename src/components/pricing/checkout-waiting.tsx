'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { CheckoutStep, Notice } from '@/client/checkout-state';
import type { PlanOption } from '@/lib/plans/plan-option';
import { Button } from '../ui/button';
import { PlanSummary } from './checkout-plans';
import { StatusRegion } from './status-region';

/**
 * The checkout while PayPal is open (Completed, Cancel, open PayPal again), while a payment is
 * being confirmed, and once it is paid (until the next page loads).
 */
export function CheckoutWaiting({
  step,
  notice,
  message,
  focusKey,
  plan,
  onCapture,
  onCancel,
  onReopen,
}: {
  step: Extract<CheckoutStep, { kind: 'waiting' | 'confirming' | 'paid' }>;
  notice: Notice | null;
  /** The notice as shown. */
  message: ReactNode;
  focusKey: number;
  plan: PlanOption;
  onCapture: () => void;
  onCancel: () => void;
  onReopen: () => void;
}) {
  const t = useTranslations('Checkout');
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
          <Button busy={step.busy === 'capture'} disabled={Boolean(step.busy)} onClick={onCapture}>
            {t('completed')}
          </Button>
          <Button
            variant="secondary"
            busy={step.busy === 'cancel'}
            disabled={Boolean(step.busy)}
            onClick={onCancel}
          >
            {t('cancel')}
          </Button>
          <Button variant="ghost" disabled={Boolean(step.busy)} onClick={onReopen}>
            {t('reopen')}
          </Button>
        </div>
      ) : null}
      <PlanSummary plan={plan} />
    </div>
  );
}
