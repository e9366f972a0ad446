'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { logout } from '@/client/session';
import { localizePath } from '@/lib/locales';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Log out through a confirm / cancel dialog (spec 4); the session ends on the server. */
export function LogoutButton() {
  const t = useTranslations('Account');
  const td = useTranslations('Dialogs');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await logout();
    } finally {
      window.location.assign(localizePath(locale, '/'));
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('logout')}
      </Button>
      <Dialog
        open={open}
        title={t('logoutTitle')}
        onCancel={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" autoFocus onClick={() => setOpen(false)}>
              {td('cancel')}
            </Button>
            <Button busy={busy} onClick={() => void confirm()}>
              {td('confirm')}
            </Button>
          </>
        }
      >
        <p>{t('logoutText')}</p>
      </Dialog>
    </>
  );
}
