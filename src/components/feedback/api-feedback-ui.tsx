'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { createTranslator } from 'use-intl/core';
import type { ApiFeedbackMessages } from '@/client/api-error-texts';
import { feedbackFor, formatApiErrorText, signInTarget } from '@/client/api-feedback';
import type { ApiRequestError } from '@/client/http';
import { logout } from '@/client/session';
import { type Locale, localizePath } from '@/lib/locales';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { showToast } from '../ui/toast';

/**
 * Handles the failed calls ApiFeedback collected (spec 8): an error toast in the visitor's
 * language, the "Confirm logout" dialog for ended sessions, or sign-out and /login on 401/403.
 * Loaded on the first error only (see api-feedback.tsx).
 */
export function ApiFeedbackUi({
  locale,
  messages,
  pending,
  onHandled,
}: {
  locale: Locale;
  messages: ApiFeedbackMessages;
  pending: readonly ApiRequestError[];
  onHandled: (done: readonly ApiRequestError[]) => void;
}) {
  const t = useMemo(() => createTranslator({ locale, messages }), [locale, messages]);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (pending.length === 0) return;
    for (const error of pending) {
      const feedback = feedbackFor(error);
      if (feedback.kind === 'confirm-logout') setConfirmOpen(true);
      else if (feedback.kind === 'toast') showToast('error', formatApiErrorText(t, feedback.text));
      else {
        const target = signInTarget(window.location, localizePath(locale, '/login'));
        void logout().finally(() => {
          if (target) window.location.assign(target);
        });
      }
    }
    onHandled(pending);
  }, [pending, onHandled, t, locale]);

  const cancel = useCallback(() => setConfirmOpen(false), []);
  const relogin = () => {
    // Re-Login clears the token and reloads (spec 8); a protected page then leads to /login.
    void logout().finally(() => window.location.reload());
  };

  return (
    <Dialog
      open={confirmOpen}
      title={t('Dialogs.confirmLogoutTitle')}
      onCancel={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t('Dialogs.cancel')}
          </Button>
          <Button autoFocus onClick={relogin}>
            {t('Dialogs.relogin')}
          </Button>
        </>
      }
    >
      <p>{t('Dialogs.confirmLogoutText')}</p>
    </Dialog>
  );
}
