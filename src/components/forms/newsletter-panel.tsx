'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, api } from '@/client/http';
import { Button } from '@/components/ui/button';
import { NewsletterForm } from './newsletter-form';

type Mode =
  | { kind: 'subscribe'; notice?: 'confirmed' | 'confirmFailed' }
  | { kind: 'unsubscribe'; token: string; state: 'ask' | 'sending' | 'done' | 'failed' };

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

// The page is prerendered, so the links' query (?confirmed=, ?unsubscribe=) is read here.
function modeFrom(search: string): Mode {
  const query = new URLSearchParams(search);
  const unsubscribe = query.get('unsubscribe');
  if (unsubscribe !== null) {
    return {
      kind: 'unsubscribe',
      token: unsubscribe,
      state: tokenShape.test(unsubscribe) ? 'ask' : 'failed',
    };
  }
  const confirmed = query.get('confirmed');
  if (confirmed === '1') return { kind: 'subscribe', notice: 'confirmed' };
  if (confirmed === '0') return { kind: 'subscribe', notice: 'confirmFailed' };
  return { kind: 'subscribe' };
}

/** /edmsub: subscribe, the result of a confirmation link, or the unsubscribe button. */
export function NewsletterPanel() {
  const t = useTranslations('Newsletter');
  const [mode, setMode] = useState<Mode>({ kind: 'subscribe' });
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    setMode(modeFrom(window.location.search));
  }, []);

  const unsubscribeState = mode.kind === 'unsubscribe' ? mode.state : null;
  useEffect(() => {
    if (unsubscribeState === 'done' || unsubscribeState === 'failed') resultRef.current?.focus();
  }, [unsubscribeState]);

  if (mode.kind === 'unsubscribe') {
    const { token } = mode;
    const unsubscribe = async () => {
      setMode({ kind: 'unsubscribe', token, state: 'sending' });
      try {
        await api.request('/api/mms/newsletter/v1/unsubscribe', {
          method: 'POST',
          query: { token },
          quiet: true,
        });
        setMode({ kind: 'unsubscribe', token, state: 'done' });
      } catch (error: unknown) {
        const known = error instanceof ApiRequestError && error.status === 404;
        setMode({ kind: 'unsubscribe', token, state: known ? 'failed' : 'ask' });
      }
    };
    if (mode.state === 'done' || mode.state === 'failed') {
      const done = mode.state === 'done';
      return (
        <p
          ref={resultRef}
          tabIndex={-1}
          role={done ? 'status' : 'alert'}
          className={`rounded-lg border bg-white px-4 py-3 font-medium ${done ? 'border-success-700 text-success-700' : 'border-error-700 text-error-700'}`}
        >
          {done ? t('unsubscribed') : t('unsubscribeFailed')}
        </p>
      );
    }
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-bold">{t('unsubscribeTitle')}</h2>
        <p>{t('unsubscribeText')}</p>
        <Button type="button" busy={mode.state === 'sending'} onClick={unsubscribe}>
          {t('unsubscribe')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {mode.notice === 'confirmed' ? (
        <p
          role="status"
          className="rounded-lg border border-success-700 bg-white px-4 py-3 font-medium text-success-700"
        >
          {t('confirmed')}
        </p>
      ) : null}
      {mode.notice === 'confirmFailed' ? (
        <p
          role="alert"
          className="rounded-lg border border-error-700 bg-white px-4 py-3 font-medium text-error-700"
        >
          {t('confirmFailed')}
        </p>
      ) : null}
      {mode.notice === 'confirmed' ? null : (
        <>
          <h2 className="text-xl font-bold">{t('formTitle')}</h2>
          <NewsletterForm />
        </>
      )}
    </div>
  );
}
