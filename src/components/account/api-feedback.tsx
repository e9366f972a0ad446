'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { feedbackFor, signInTarget } from '@/client/api-feedback';
import { api } from '@/client/http';
import { logout } from '@/client/session';
import { localizePath } from '@/lib/locales';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { showToast, ToastRegion } from '../ui/toast';

/**
 * The site-wide answer to failed API calls (spec 8), mounted once in the locale layout: error
 * toasts, the "Confirm logout" dialog for ended sessions, and the way to /login on 401/403.
 */
export function ApiFeedback() {
  const t = useTranslations('Dialogs');
  const tToast = useTranslations('Toasts');
  const locale = useLocale();
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(
    () =>
      api.onApiError((error) => {
        const feedback = feedbackFor(error);
        if (feedback.kind === 'confirm-logout') setConfirmOpen(true);
        else if (feedback.kind === 'toast') showToast('error', feedback.message);
        else {
          const target = signInTarget(window.location, localizePath(locale, '/login'));
          void logout().finally(() => {
            if (target) window.location.assign(target);
          });
        }
      }),
    [locale],
  );

  const cancel = useCallback(() => setConfirmOpen(false), []);
  const relogin = () => {
    // Re-Login clears the token and reloads (spec 8); a protected page then leads to /login.
    void logout().finally(() => window.location.reload());
  };

  return (
    <>
      <ToastRegion label={tToast('region')} dismissLabel={tToast('dismiss')} />
      <Dialog
        open={confirmOpen}
        title={t('confirmLogoutTitle')}
        onCancel={cancel}
        actions={
          <>
            <Button variant="secondary" onClick={cancel}>
              {t('cancel')}
            </Button>
            <Button autoFocus onClick={relogin}>
              {t('relogin')}
            </Button>
          </>
        }
      >
        <p>{t('confirmLogoutText')}</p>
      </Dialog>
    </>
  );
}
