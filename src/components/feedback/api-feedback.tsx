'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useState } from 'react';
import { type ApiFeedbackMessages, provideApiErrorTexts } from '@/client/api-error-texts';
import { type ApiRequestError, api } from '@/client/http';
import type { Locale } from '@/lib/locales';
import { ToastRegion } from '../ui/toast';

// The dialog, the texts' formatter and the error handling come in their own chunk, fetched when
// the first API error happens: most visits never see one.
const ApiFeedbackUi = dynamic(() => import('./api-feedback-ui').then((m) => m.ApiFeedbackUi), {
  ssr: false,
});

/**
 * The site-wide answer to failed API calls (spec 8), mounted once in the locale layout. It only
 * listens; the first error loads the part that shows toasts, the "Confirm logout" dialog and the
 * way to /login on 401/403. It also hands its texts to the forms that show errors on themselves
 * (src/client/api-error-texts.ts). The toast region itself is always there: screen readers watch a
 * live region only if it exists before its first message, and other components show their
 * success toasts in it.
 */
export function ApiFeedback({
  locale,
  messages,
}: {
  locale: Locale;
  messages: ApiFeedbackMessages;
}) {
  // Errors not yet handled; they wait here while the chunk loads.
  const [pending, setPending] = useState<readonly ApiRequestError[]>([]);
  const [needed, setNeeded] = useState(false);

  // Forms that show their errors on themselves word them with the same texts.
  useEffect(() => provideApiErrorTexts({ locale, messages }), [locale, messages]);

  useEffect(
    () =>
      api.onApiError((error) => {
        setNeeded(true);
        setPending((list) => [...list, error]);
      }),
    [],
  );

  const handled = useCallback((done: readonly ApiRequestError[]) => {
    setPending((list) => list.filter((error) => !done.includes(error)));
  }, []);

  return (
    <>
      <ToastRegion label={messages.Toasts.region} dismissLabel={messages.Toasts.dismiss} />
      {needed ? (
        <ApiFeedbackUi locale={locale} messages={messages} pending={pending} onHandled={handled} />
      ) : null}
    </>
  );
}
