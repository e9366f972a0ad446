'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { paymentApi, type RefundState } from '@/client/payments';
import { claims } from '@/lib/site';
import { useErrorText } from '../gift/api-error';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextAreaField } from '../ui/form-field';

/** The shortest reason the refund API accepts (after trimming). */
export const minReasonLength = 5;

/**
 * The money-back request for one purchase: a required reason, then POST web/refund. `onDone`
 * gets the new state; a refusal is shown in the dialog.
 */
export function RefundDialog({
  orderId,
  receipt,
  onCancel,
  onDone,
}: {
  /** The purchase asked about; null keeps the dialog closed. */
  orderId: string | null;
  receipt: string;
  onCancel: () => void;
  onDone: (orderId: string, state: RefundState) => void;
}) {
  const t = useTranslations('Refund');
  const td = useTranslations('Dialogs');
  const errorText = useErrorText();
  const formId = useId();
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setError(undefined);
    setProblem('');
    onCancel();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!orderId) return;
    const formElement = event.currentTarget;
    const reason = String(new FormData(formElement).get('refund-reason') ?? '').trim();
    if (reason.length < minReasonLength) {
      setError(t('reasonRequired'));
      formElement.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    setError(undefined);
    setProblem('');
    setBusy(true);
    try {
      const answer = await paymentApi.refund({ order_id: orderId, reason });
      formElement.reset();
      onDone(orderId, answer.status);
    } catch (failure: unknown) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={orderId !== null}
      title={t('dialogTitle')}
      onCancel={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {td('cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {busy ? t('sending') : t('send')}
          </Button>
        </>
      }
    >
      <p>{t('dialogIntro', { days: claims.moneyBackDays })}</p>
      <p className="mt-2 text-sm text-slate-600" dir="auto">
        {receipt}
      </p>
      <form id={formId} noValidate onSubmit={submit} className="mt-4">
        <TextAreaField
          id="refund-reason"
          label={t('reasonLabel')}
          hint={t('reasonHint')}
          rows={4}
          maxLength={2000}
          required
          autoFocus
          error={error}
        />
      </form>
      <p role="alert" className={problem ? 'mt-3 font-medium text-error-700' : ''}>
        {problem}
      </p>
    </Dialog>
  );
}
