'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode, RefObject } from 'react';
import type { FormErrorKey } from '@/lib/form-rules';
import type { FormAlert } from './use-form-submit';

/** The translated text of a field's error key, or undefined. */
export function useErrorText() {
  const t = useTranslations('Forms');
  return (key: FormErrorKey | undefined) => (key ? t(`errors.${key}`) : undefined);
}

/** The problem summary above a form's fields, announced when it appears. */
export function FormAlertText({ alert }: { alert: FormAlert | null }) {
  const t = useTranslations('Forms');
  if (!alert) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-error-700 bg-white px-4 py-3 font-medium text-error-700"
    >
      {alert.key === 'tooMany' ? t('tooMany', { minutes: alert.minutes ?? 60 }) : t(alert.key)}
    </p>
  );
}

/** Replaces a sent form: 'Submit success' as its heading, focused so it is read out. */
export function FormSuccess({
  successRef,
  children,
}: {
  successRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
  const t = useTranslations('Forms');
  return (
    <div
      ref={successRef}
      tabIndex={-1}
      role="status"
      className="rounded-(--radius-card) border border-success-700 bg-white p-5 sm:p-6"
    >
      <p className="flex items-center gap-2 text-xl font-bold text-success-700">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('submitSuccess')}
      </p>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}
